import { todayInTimeZone } from '@vizinhanca/shared/format/format';

/**
 * The app's sense of time. Services read "now" and the condominium's "today" from
 * here, never from Date.now(), so tests (and the e2e server, through CLOCK_START)
 * can put the whole app on any date.
 */
export interface Clock {
  now(): Date;
  /** The condominium's calendar day (yyyy-MM-dd) in its time zone. */
  today(): string;
}

/** The real time, or a time that started at `start` and runs at normal speed from then on. */
export function createClock(timeZone: string, start?: Date): Clock {
  const offsetMs = start ? start.getTime() - Date.now() : 0;
  const now = () => new Date(Date.now() + offsetMs);
  return { now, today: () => todayInTimeZone(timeZone, now()) };
}

/** A clock that stands still until moved: for tests of deadlines and reminders. */
export function createFixedClock(timeZone: string, at: Date): Clock & { set(at: Date): void; advance(ms: number): void } {
  let current = at.getTime();
  return {
    now: () => new Date(current),
    today: () => todayInTimeZone(timeZone, new Date(current)),
    set: (next) => {
      current = next.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** The hour (0-23) on the condominium's wall clock at this instant. */
export function localHour(timeZone: string, at: Date): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number(hour);
}
