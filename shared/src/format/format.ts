/** pt-BR formatting used by every screen. Money is integer cents (docs/product.md). */

// Formatters are built on first use, not when the module loads: the first Intl object of a page
// loads its locale data, which would lengthen the app's first long task (docs/decisions/013-first-screen.md).
let currencyFormatter: Intl.NumberFormat | undefined;

/** 123456 -> 'R$ 1.234,56' (with a normal space, so texts compare and wrap predictably). */
export function formatCurrency(cents: number): string {
  currencyFormatter ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
  return currencyFormatter.format(cents / 100).replace(/\u00a0/g, ' ');
}

/** 'R$ 12,50' / '12,50' / '12.5' -> 1250 cents; null when it is not a positive amount. */
export function parseCurrencyToCents(input: string): number | null {
  const cleaned = input.replace(/[R$\s]/g, '');
  if (!cleaned) return null;
  const normalized = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

let condoTimeZone = DEFAULT_TIME_ZONE;
/** A zone set but not yet checked against this runtime's Intl (getCondoTimeZone checks it on first use). */
let uncheckedTimeZone: string | null = null;

/**
 * The condominium's time zone (CONDO_TIMEZONE), the default of every date
 * function here. The server sets it at start; the client from the page it was served.
 * Checked on first use, not here: the check builds the page's first Intl.DateTimeFormat, which
 * loads the time zone data (~12 ms of a phone's CPU in the app's first task), and a screen
 * without dates never needs it (docs/decisions/013-first-screen.md, eleventh pass).
 */
export function setCondoTimeZone(timeZone: string): void {
  uncheckedTimeZone = timeZone;
}

/** The zone set, or the default when this runtime does not know it. */
export function getCondoTimeZone(): string {
  if (uncheckedTimeZone !== null) {
    const timeZone = uncheckedTimeZone;
    uncheckedTimeZone = null;
    try {
      new Intl.DateTimeFormat('pt-BR', { timeZone });
      condoTimeZone = timeZone;
    } catch {
      condoTimeZone = DEFAULT_TIME_ZONE;
    }
  }
  return condoTimeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Building an Intl.DateTimeFormat costs far more than using one (it showed in the
 * feed's CPU profile): one per locale, options and zone, made once and kept.
 */
function dateFormatter(locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 22/11/2026 in the given time zone. */
export function formatDate(date: Date, timeZone = getCondoTimeZone()): string {
  return dateFormatter('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }, timeZone).format(date);
}

/** '22 de nov., 14:05' for notification lists. */
export function formatDateTime(date: Date, timeZone = getCondoTimeZone()): string {
  return dateFormatter('pt-BR', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' }, timeZone).format(date);
}

/** A calendar date 'YYYY-MM-DD' (no time, no zone) shown as 22/11/2026. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** Today's calendar date in the condominium's time zone, as 'YYYY-MM-DD'. */
export function todayInTimeZone(timeZone = getCondoTimeZone(), now: Date = new Date()): string {
  const parts = dateFormatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

let relativeFormatter: Intl.RelativeTimeFormat | undefined;

const RELATIVE_STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/** 'há 5 minutos', 'ontem', 'agora' ... */
export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const elapsedSeconds = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(elapsedSeconds) < 60) return 'agora';
  for (const step of RELATIVE_STEPS) {
    if (Math.abs(elapsedSeconds) >= step.seconds) {
      relativeFormatter ??= new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });
      return relativeFormatter.format(Math.round(elapsedSeconds / step.seconds), step.unit);
    }
  }
  return 'agora';
}

/** 14:05 in the condominium's time zone. */
export function formatTime(date: Date, timeZone = getCondoTimeZone()): string {
  return dateFormatter('pt-BR', { hour: '2-digit', minute: '2-digit' }, timeZone).format(date);
}
