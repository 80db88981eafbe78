import { dateFormatter } from '@vizinhanca/shared/format/format';

/**
 * The five-field cron expressions of scheduled jobs (minute, hour, day of month, month, day of week),
 * read once and matched against a minute of the condominium's clock. Each field is `*`, a number, a
 * range `a-b`, any of those with a step (`*\/5`, `10-40/10`, `5/15`: from 5 to the field's end), or a
 * comma-separated list of them; day of week 0 or 7 is Sunday. No names, no seconds, no `?`, `L` or `#`.
 *
 * The job queue's own cron reader (pg-boss's, through cron-parser) stepped back second by second in the
 * time zone to find each schedule's previous run: for the app's 14 schedules, 60-250 ms of one
 * synchronous task every 30 s, during which no request or live event was answered.
 */

export interface CronSchedule {
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly days: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  readonly weekdays: ReadonlySet<number>;
  /** Whether the day-of-month and day-of-week fields are both restricted: a day then matches either (cron's own rule). */
  readonly eitherDay: boolean;
}

/** A minute as a wall clock in some time zone reads it; weekday 0 is Sunday. */
export interface LocalMinute {
  minute: number;
  hour: number;
  day: number;
  month: number;
  weekday: number;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

const ITEM = /^(\*|\d{1,2}(?:-\d{1,2})?)(?:\/(\d{1,2}))?$/;

/** The schedule `expression` describes; throws an Error naming the field for anything else. */
export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== FIELDS.length) throw new Error(`cron '${expression}': ${parts.length} fields, not ${FIELDS.length}`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) => parseField(part, FIELDS[index]!, expression));
  // Day of week 7 is Sunday too.
  if (weekdays!.has(7)) weekdays!.add(0);
  return {
    minutes: minutes!,
    hours: hours!,
    days: days!,
    months: months!,
    weekdays: weekdays!,
    eitherDay: !parts[2]!.startsWith('*') && !parts[4]!.startsWith('*'),
  };
}

function parseField(part: string, field: (typeof FIELDS)[number], expression: string): Set<number> {
  const values = new Set<number>();
  const refuse = (): never => {
    throw new Error(`cron '${expression}': invalid ${field.name} ('${part}')`);
  };
  for (const item of part.split(',')) {
    const match = ITEM.exec(item);
    if (!match) refuse();
    const [, range, stepText] = match!;
    const step = stepText === undefined ? 1 : Number(stepText);
    let from: number = field.min;
    let to: number = field.max;
    if (range !== '*') {
      const [first, last] = range!.split('-').map(Number);
      from = first!;
      // 'n/step' runs from n to the field's end; a bare 'n' is n alone.
      to = last ?? (stepText === undefined ? first! : field.max);
    }
    if (step < 1 || from < field.min || to > field.max || from > to) refuse();
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Whether a job on `schedule` is due in the minute `at`. */
export function isDue(schedule: CronSchedule, at: LocalMinute): boolean {
  if (!schedule.minutes.has(at.minute) || !schedule.hours.has(at.hour) || !schedule.months.has(at.month)) return false;
  const day = schedule.days.has(at.day);
  const weekday = schedule.weekdays.has(at.weekday);
  return schedule.eitherDay ? day || weekday : day && weekday;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The minute `date` falls in, as a wall clock in `timeZone` (an IANA name) reads it. */
export function localMinuteOf(date: Date, timeZone: string): LocalMinute {
  const format = dateFormatter('en-US', { hourCycle: 'h23', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' }, timeZone);
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return { minute: Number(parts.minute), hour: Number(parts.hour), day: Number(parts.day), month: Number(parts.month), weekday: WEEKDAYS[parts.weekday!]! };
}

/** Milliseconds from `nowMs` to the next check of the schedules: at 15 s and 45 s past each minute, so every minute has two, far from its edges. */
export function msUntilNextCheck(nowMs: number): number {
  const intoMinute = ((nowMs % 60_000) + 60_000) % 60_000;
  if (intoMinute < 15_000) return 15_000 - intoMinute;
  if (intoMinute < 45_000) return 45_000 - intoMinute;
  return 75_000 - intoMinute;
}
