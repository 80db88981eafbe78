/** pt-BR formatting used by every screen. Money is integer cents (docs/product.md). */

// Formatters are built on first use, not when the module loads: the first Intl object of a page
// loads its locale data, which would lengthen the app's first long task (docs/decisions/013-first-screen.md).
let currencyFormatter: Intl.NumberFormat | undefined;
/** R$ 100 bilhões: far above any price, and below where Intl's division of the cents by 100 loses a cent. */
const HAND_WRITTEN_CENTS_MAX = 10 ** 13;

/**
 * 123456 -> 'R$ 1.234,56' (with a normal space, so texts compare and wrap predictably). Whole cents are
 * written here, as Intl.NumberFormat('pt-BR', BRL) writes them: a price is often a screen's only Intl
 * text, and its formatter was the page's first Intl object, whose locale data took 60-100 ms of a
 * phone's main thread (4x CPU) in the middle of React's adoption of the screen. Intl writes the rest.
 */
export function formatCurrency(cents: number): string {
  if (!Number.isInteger(cents) || Math.abs(cents) > HAND_WRITTEN_CENTS_MAX || Object.is(cents, -0)) return intlCurrency(cents);
  const whole = Math.abs(cents);
  const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const centavos = String(whole % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}R$ ${reais},${centavos}`;
}

function intlCurrency(cents: number): string {
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
 * without dates never needs it (docs/decisions/013-first-screen.md).
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
export function dateFormatter(locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>, timeZone: string): Intl.DateTimeFormat {
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

/**
 * The last date todayInTimeZone worked out, with its zone and second: the server asks it on every feed
 * page of available items, and formatting it costs a few microseconds each time. A date changes only on
 * a whole second (every offset in the time zone database is whole seconds), so within one it holds.
 */
let lastToday: { timeZone: string; second: number; date: string } | undefined;

/** Today's calendar date in the condominium's time zone, as 'YYYY-MM-DD'. */
export function todayInTimeZone(timeZone = getCondoTimeZone(), now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  if (lastToday && lastToday.second === second && lastToday.timeZone === timeZone) return lastToday.date;
  const parts = dateFormatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  lastToday = { timeZone, second, date };
  return date;
}

type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

const RELATIVE_STEPS: { unit: RelativeUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/**
 * pt-BR's words for a relative time, as Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }) says them
 * (format.test.ts compares the two), written out: building that formatter loads the locale's data, ~10 ms
 * of a phone's CPU in the middle of the home's hydration (docs/decisions/013-first-screen.md),
 * and the server's Node and the phone's browser then say exactly the same words.
 */
const RELATIVE_WORDS: Record<RelativeUnit, { one: string; other: string; named: Record<number, string> }> = {
  year: { one: 'ano', other: 'anos', named: { [-1]: 'ano passado', 0: 'este ano', 1: 'próximo ano' } },
  month: { one: 'mês', other: 'meses', named: { [-1]: 'mês passado', 0: 'este mês', 1: 'próximo mês' } },
  week: { one: 'semana', other: 'semanas', named: { [-1]: 'semana passada', 0: 'esta semana', 1: 'próxima semana' } },
  day: { one: 'dia', other: 'dias', named: { [-2]: 'anteontem', [-1]: 'ontem', 0: 'hoje', 1: 'amanhã', 2: 'depois de amanhã' } },
  hour: { one: 'hora', other: 'horas', named: { 0: 'esta hora' } },
  minute: { one: 'minuto', other: 'minutos', named: { 0: 'este minuto' } },
};

/** 'há 3 dias', 'ontem', 'em 2 horas': a whole number of units before (negative) or after now. */
export function relativeTimeWords(value: number, unit: RelativeUnit): string {
  const words = RELATIVE_WORDS[unit];
  const named = words.named[value];
  if (named) return named;
  const count = Math.abs(value);
  const amount = `${String(count).replace(/\B(?=(\d{3})+$)/g, '.')} ${count === 1 ? words.one : words.other}`;
  return value < 0 ? `há ${amount}` : `em ${amount}`;
}

/** 'há 5 minutos', 'ontem', 'agora' ... */
export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const elapsedSeconds = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(elapsedSeconds) < 60) return 'agora';
  for (const step of RELATIVE_STEPS) {
    if (Math.abs(elapsedSeconds) >= step.seconds) return relativeTimeWords(Math.round(elapsedSeconds / step.seconds), step.unit);
  }
  return 'agora';
}

/** 14:05 in the condominium's time zone. */
export function formatTime(date: Date, timeZone = getCondoTimeZone()): string {
  return dateFormatter('pt-BR', { hour: '2-digit', minute: '2-digit' }, timeZone).format(date);
}
