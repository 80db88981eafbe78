import { describe, expect, it } from 'vitest';
import { type CronSchedule, isDue, type LocalMinute, localMinuteOf, msUntilNextCheck, parseCron } from './cron.ts';
import { scheduledJobs } from './scheduled-jobs.ts';

/** A Monday, 30 November 2026, at `hour`:`minute`. */
const monday = (hour: number, minute: number): LocalMinute => ({ minute, hour, day: 30, month: 11, weekday: 1 });
const sorted = (values: ReadonlySet<number>) => [...values].sort((a, b) => a - b);
const dueMinutes = (schedule: CronSchedule, hour = 0) => Array.from({ length: 60 }, (_, minute) => minute).filter((minute) => isDue(schedule, monday(hour, minute)));

describe('parseCron', () => {
  it('reads every schedule the app runs', () => {
    for (const job of scheduledJobs) expect(() => parseCron(job.cron), job.name).not.toThrow();
  });

  it('reads stars, numbers, ranges, steps and lists', () => {
    expect(dueMinutes(parseCron('* * * * *'))).toHaveLength(60);
    expect(dueMinutes(parseCron('*/15 * * * *'))).toEqual([0, 15, 30, 45]);
    expect(dueMinutes(parseCron('17 * * * *'))).toEqual([17]);
    expect(dueMinutes(parseCron('5/20 * * * *'))).toEqual([5, 25, 45]);
    const schedule = parseCron('0-10/5,30 8-17 1,15 */3 1-5');
    expect(sorted(schedule.minutes)).toEqual([0, 5, 10, 30]);
    expect(sorted(schedule.hours)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(sorted(schedule.days)).toEqual([1, 15]);
    expect(sorted(schedule.months)).toEqual([1, 4, 7, 10]);
    expect(sorted(schedule.weekdays)).toEqual([1, 2, 3, 4, 5]);
  });

  it('takes day of week 7 for Sunday, as 0', () => {
    expect(sorted(parseCron('0 0 * * 7').weekdays)).toEqual([0, 7]);
  });

  it.each([
    ['* * * *', '4 fields, not 5'],
    ['* * * * * *', '6 fields, not 5'],
    ['60 * * * *', 'invalid minute'],
    ['* 24 * * *', 'invalid hour'],
    ['* * 0 * *', 'invalid day of month'],
    ['* * * 13 *', 'invalid month'],
    ['* * * * 8', 'invalid day of week'],
    ['*/0 * * * *', 'invalid minute'],
    ['5-1 * * * *', 'invalid minute'],
    ['a * * * *', 'invalid minute'],
    ['1,,2 * * * *', 'invalid minute'],
    ['* * L * *', 'invalid day of month'],
    ['* * * * MON', 'invalid day of week'],
    ['* * ? * *', 'invalid day of month'],
  ])('refuses %s', (expression, message) => {
    expect(() => parseCron(expression)).toThrow(message);
  });
});

describe('isDue', () => {
  it('is due at the schedule’s hour and minute only', () => {
    const schedule = parseCron('40 3 * * *');
    expect(isDue(schedule, monday(3, 40))).toBe(true);
    expect(isDue(schedule, monday(3, 41))).toBe(false);
    expect(isDue(schedule, monday(15, 40))).toBe(false);
  });

  it('with both day fields restricted, is due on either; with one, on that one', () => {
    const friday13 = { minute: 0, hour: 0, day: 13, month: 11, weekday: 5 };
    const friday6 = { ...friday13, day: 6 };
    const monday13 = { ...friday13, weekday: 1 };
    const monday16 = { ...friday13, day: 16, weekday: 1 };
    const either = parseCron('0 0 13 * 5');
    expect([friday13, friday6, monday13, monday16].map((at) => isDue(either, at))).toEqual([true, true, true, false]);
    const onlyDay = parseCron('0 0 13 * *');
    expect([friday13, friday6, monday13, monday16].map((at) => isDue(onlyDay, at))).toEqual([true, false, true, false]);
    const onlyWeekday = parseCron('0 0 * * 5');
    expect([friday13, friday6, monday13, monday16].map((at) => isDue(onlyWeekday, at))).toEqual([true, true, false, false]);
  });
});

describe('localMinuteOf', () => {
  it('reads the minute on the condominium’s clock', () => {
    expect(localMinuteOf(new Date('2026-11-30T06:40:30Z'), 'America/Sao_Paulo')).toEqual({ minute: 40, hour: 3, day: 30, month: 11, weekday: 1 });
    // Past midnight in UTC, still the evening before in São Paulo; and its midnight hour is 0, not 24.
    expect(localMinuteOf(new Date('2026-12-01T02:59:00Z'), 'America/Sao_Paulo')).toEqual({ minute: 59, hour: 23, day: 30, month: 11, weekday: 1 });
    expect(localMinuteOf(new Date('2026-12-01T03:05:00Z'), 'America/Sao_Paulo')).toEqual({ minute: 5, hour: 0, day: 1, month: 12, weekday: 2 });
  });

  it('follows daylight saving time where the zone has it', () => {
    // New York: 02:00 EST became 03:00 EDT on 8 March 2026, and 02:00 EDT went back to 01:00 EST on 1 November.
    expect(localMinuteOf(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toMatchObject({ hour: 1, minute: 59 });
    expect(localMinuteOf(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toMatchObject({ hour: 3, minute: 0 });
    expect(localMinuteOf(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toMatchObject({ hour: 1, minute: 30 });
    expect(localMinuteOf(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toMatchObject({ hour: 1, minute: 30 });
  });
});

describe('msUntilNextCheck', () => {
  const at = (seconds: number) => Date.UTC(2026, 10, 30, 12, 0) + seconds * 1000;
  it('waits for 15 s or 45 s past a minute, whichever comes first', () => {
    expect(msUntilNextCheck(at(0))).toBe(15_000);
    expect(msUntilNextCheck(at(14.999))).toBe(1);
    expect(msUntilNextCheck(at(15))).toBe(30_000);
    expect(msUntilNextCheck(at(44))).toBe(1_000);
    expect(msUntilNextCheck(at(45))).toBe(30_000);
    expect(msUntilNextCheck(at(59))).toBe(16_000);
  });
});
