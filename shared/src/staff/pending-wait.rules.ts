// How long an item has waited for the administration (a sign-up, a listing, a report), and
// when it is late: '24 horas úteis' count Monday to Friday on the condominium's wall clock
// (decisions.md "Talking to everyone"). Zod-free: the client's /admin cards use it too.

const HOUR_MS = 3_600_000;

/** An item waiting longer than this many business hours reads 'Atrasado'. */
export const OVERDUE_BUSINESS_HOURS = 24;
const OVERDUE_MS = OVERDUE_BUSINESS_HOURS * HOUR_MS;

export const OVERDUE_LABEL = 'Atrasado';

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it. */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClocks.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, formatter);
  }
  return formatter;
}

function wallTime(at: Date, timeZone: string): { weekday: string; msIntoDay: number } {
  const parts = wallClock(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  const msIntoDay = ((Number(part('hour')) * 60 + Number(part('minute'))) * 60 + Number(part('second'))) * 1000 + at.getUTCMilliseconds();
  return { weekday: part('weekday'), msIntoDay };
}

/** The instant the condominium's day holding `at` began (its local midnight). */
function startOfLocalDay(at: Date, timeZone: string): Date {
  const guess = new Date(at.getTime() - wallTime(at, timeZone).msIntoDay);
  // A daylight-saving change between midnight and `at` leaves the guess an hour off: one correction lands on midnight.
  const drift = wallTime(guess, timeZone).msIntoDay;
  if (drift === 0) return guess;
  return new Date(guess.getTime() - (drift > 12 * HOUR_MS ? drift - 24 * HOUR_MS : drift));
}

function isBusinessDay(at: Date, timeZone: string): boolean {
  const { weekday } = wallTime(at, timeZone);
  return weekday !== 'Sat' && weekday !== 'Sun';
}

/** Milliseconds between the two instants that fall on Monday to Friday in the zone (0 when `to` is not after `from`). */
export function businessMillisecondsBetween(from: Date, to: Date, timeZone: string): number {
  let total = 0;
  let cursor = from.getTime();
  while (cursor < to.getTime()) {
    const dayStart = startOfLocalDay(new Date(cursor), timeZone);
    // 36 hours past midnight is always inside the next local day, whatever its length.
    const nextDay = startOfLocalDay(new Date(dayStart.getTime() + 36 * HOUR_MS), timeZone).getTime();
    // Always forward, even in a zone whose clocks skip midnight.
    const segmentEnd = Math.min(Math.max(nextDay, cursor + HOUR_MS), to.getTime());
    if (isBusinessDay(dayStart, timeZone)) total += segmentEnd - cursor;
    cursor = segmentEnd;
  }
  return total;
}

/** Whether an item waiting since `since` is past its 24 business hours at `now`. */
export function isOverdue(since: Date, now: Date, timeZone: string): boolean {
  return businessMillisecondsBetween(since, now, timeZone) > OVERDUE_MS;
}

/**
 * The instant 24 business hours before `now`: an item waiting since before it is late.
 * Lets a query sort late items first without computing hours row by row.
 */
export function overdueCutoff(now: Date, timeZone: string): Date {
  let remaining = OVERDUE_MS;
  let cursor = now.getTime();
  for (;;) {
    const dayStart = Math.min(startOfLocalDay(new Date(cursor - 1), timeZone).getTime(), cursor - 1);
    if (isBusinessDay(new Date(dayStart), timeZone)) {
      if (cursor - dayStart >= remaining) return new Date(cursor - remaining);
      remaining -= cursor - dayStart;
    }
    cursor = dayStart;
  }
}

/** Late items first (the longest waiting first), then the others in the order given. */
export function overdueFirst<T>(items: readonly T[], since: (item: T) => Date, now: Date, timeZone: string): T[] {
  const late = items.filter((item) => isOverdue(since(item), now, timeZone)).sort((a, b) => since(a).getTime() - since(b).getTime());
  return [...late, ...items.filter((item) => !late.includes(item))];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'Aguardando há 3 horas': real time, not business hours (the badge says whether it is late). */
export function waitingText(since: Date, now: Date): string {
  const minutes = Math.floor(Math.max(0, now.getTime() - since.getTime()) / 60_000);
  if (minutes < 1) return 'Aguardando há menos de 1 minuto';
  if (minutes < 60) return `Aguardando há ${plural(minutes, 'minuto', 'minutos')}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Aguardando há ${plural(hours, 'hora', 'horas')}`;
  return `Aguardando há ${plural(Math.floor(hours / 24), 'dia', 'dias')}`;
}

export interface PendingCounts {
  signUps: number;
  listings: number;
  reports: number;
  /** Open problems on orders ('Problemas'). */
  problems: number;
}

/** '3 cadastros, 2 anúncios e 1 denúncia aguardando': the digest's subject; parts at zero are left out, '' when nothing waits. */
export function pendingSummary(counts: PendingCounts): string {
  const parts = [
    counts.signUps ? plural(counts.signUps, 'cadastro', 'cadastros') : null,
    counts.listings ? plural(counts.listings, 'anúncio', 'anúncios') : null,
    counts.reports ? plural(counts.reports, 'denúncia', 'denúncias') : null,
    counts.problems ? plural(counts.problems, 'problema', 'problemas') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return '';
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]!}`;
  return `${list} aguardando`;
}
