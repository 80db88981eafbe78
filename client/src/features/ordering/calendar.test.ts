import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import {
  addMonths,
  compareMonths,
  dayLabel,
  EMPTY_SELECTION,
  inRange,
  isPast,
  isSelectable,
  monthOf,
  monthTitle,
  monthWeeks,
  moveDay,
  periodError,
  shortDate,
  tapDay,
} from './calendar.ts';

// Fixed dates only: 'today' is always passed in, never read from the machine.

describe('months', () => {
  it('reads the month of a calendar date', () => {
    expect(monthOf('2026-12-31')).toEqual({ year: 2026, month: 12 });
    expect(monthOf('2027-01-01')).toEqual({ year: 2027, month: 1 });
  });

  it('pages across the turn of the year both ways', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2026, month: 11 }, 12)).toEqual({ year: 2027, month: 11 });
    expect(addMonths({ year: 2026, month: 11 }, -23)).toEqual({ year: 2024, month: 12 });
  });

  it('orders months by year first', () => {
    expect(compareMonths({ year: 2026, month: 12 }, { year: 2027, month: 1 })).toBeLessThan(0);
    expect(compareMonths({ year: 2027, month: 1 }, { year: 2026, month: 12 })).toBeGreaterThan(0);
    expect(compareMonths({ year: 2026, month: 11 }, { year: 2026, month: 11 })).toBe(0);
  });

  it('titles the month in Portuguese, capitalised', () => {
    expect(monthTitle({ year: 2026, month: 11 })).toBe('Novembro de 2026');
    expect(monthTitle({ year: 2027, month: 3 })).toBe('Março de 2027');
  });
});

describe('day texts', () => {
  it('names each day button without padding the day', () => {
    expect(dayLabel('2026-11-05')).toBe('5 de novembro de 2026');
    expect(dayLabel('2026-12-31')).toBe('31 de dezembro de 2026');
    expect(dayLabel('2028-02-29')).toBe('29 de fevereiro de 2028');
  });

  it('shortens a date to day/month', () => {
    expect(shortDate('2026-12-01')).toBe('01/12');
    expect(shortDate('2027-02-28')).toBe('28/02');
  });
});

describe('monthWeeks', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('fills a 28-day February that starts on Sunday in exactly four full weeks', () => {
    const weeks = monthWeeks({ year: 2026, month: 2 });
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2026-02-01');
    expect(weeks[3]![6]).toBe('2026-02-28');
    expect(weeks.flat()).not.toContain(null);
  });

  it('includes 29 February in a leap year and pads both ends', () => {
    const weeks = monthWeeks({ year: 2028, month: 2 });
    // 1 February 2028 is a Tuesday.
    expect(weeks[0]).toEqual([null, null, '2028-02-01', '2028-02-02', '2028-02-03', '2028-02-04', '2028-02-05']);
    expect(weeks.at(-1)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(29);
  });

  it('ends December on the 31st, a Thursday in 2026', () => {
    const weeks = monthWeeks({ year: 2026, month: 12 });
    expect(weeks[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(weeks.at(-1)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
  });

  it('lays out the same grid whatever the phone’s time zone is', () => {
    process.env.TZ = 'UTC';
    const utc = monthWeeks({ year: 2026, month: 11 });
    process.env.TZ = 'America/Sao_Paulo';
    expect(monthWeeks({ year: 2026, month: 11 })).toEqual(utc);
    process.env.TZ = 'Pacific/Kiritimati';
    expect(monthWeeks({ year: 2026, month: 11 })).toEqual(utc);
    expect(utc[0]![0]).toBe('2026-11-01');
  });
});

describe('selectable days', () => {
  const today = '2026-11-30';
  const occupied = [{ start: '2026-12-03', end: '2026-12-05' }];

  it('treats only days before today as past, across the month boundary', () => {
    expect(isPast('2026-11-29', today)).toBe(true);
    expect(isPast('2026-11-30', today)).toBe(false);
    expect(isPast('2026-12-01', today)).toBe(false);
    expect(isPast('2026-12-31', '2027-01-01')).toBe(true);
  });

  it('refuses past days and every day another order holds, both ends included', () => {
    expect(isSelectable('2026-11-29', today, occupied)).toBe(false);
    expect(isSelectable('2026-11-30', today, occupied)).toBe(true);
    expect(isSelectable('2026-12-02', today, occupied)).toBe(true);
    expect(isSelectable('2026-12-03', today, occupied)).toBe(false);
    expect(isSelectable('2026-12-05', today, occupied)).toBe(false);
    expect(isSelectable('2026-12-06', today, occupied)).toBe(true);
  });

  it('checks a range with both ends included', () => {
    expect(inRange('2026-12-31', '2026-12-30', '2027-01-02')).toBe(true);
    expect(inRange('2026-12-30', '2026-12-30', '2027-01-02')).toBe(true);
    expect(inRange('2027-01-02', '2026-12-30', '2027-01-02')).toBe(true);
    expect(inRange('2027-01-03', '2026-12-30', '2027-01-02')).toBe(false);
  });
});

describe('periodError', () => {
  const today = '2026-11-23';

  it('asks for a period until both days are chosen', () => {
    expect(periodError(null, null, today, [])).toBe(ORDER_MESSAGES.periodRequired);
    expect(periodError('2026-11-25', null, today, [])).toBe(ORDER_MESSAGES.periodRequired);
  });

  it('accepts one day and exactly 30 days, refuses 31', () => {
    expect(periodError('2026-11-23', '2026-11-23', today, [])).toBeNull();
    expect(periodError('2026-11-23', '2026-12-22', today, [])).toBeNull();
    expect(periodError('2026-11-23', '2026-12-23', today, [])).toBe(ORDER_MESSAGES.invalidPeriod);
  });

  it('counts the 30 days through February, 28 days in 2027 and 29 in 2028', () => {
    expect(periodError('2027-02-01', '2027-03-02', '2027-01-15', [])).toBeNull();
    expect(periodError('2027-02-01', '2027-03-03', '2027-01-15', [])).toBe(ORDER_MESSAGES.invalidPeriod);
    expect(periodError('2028-02-01', '2028-03-01', '2028-01-15', [])).toBeNull();
    expect(periodError('2028-02-01', '2028-03-02', '2028-01-15', [])).toBe(ORDER_MESSAGES.invalidPeriod);
  });

  it('accepts a period over 31 December into January', () => {
    expect(periodError('2026-12-31', '2027-01-29', '2026-12-31', [])).toBeNull();
    expect(periodError('2026-12-31', '2027-01-30', '2026-12-31', [])).toBe(ORDER_MESSAGES.invalidPeriod);
  });

  it('refuses a start before today and an end before the start', () => {
    expect(periodError('2026-11-22', '2026-11-24', today, [])).toBe(ORDER_MESSAGES.invalidPeriod);
    expect(periodError('2026-11-25', '2026-11-24', today, [])).toBe(ORDER_MESSAGES.invalidPeriod);
  });

  it('refuses a period that crosses or touches a held one', () => {
    const occupied = [{ start: '2026-11-28', end: '2026-11-30' }];
    expect(periodError('2026-11-25', '2026-12-02', today, occupied)).toBe(ORDER_MESSAGES.invalidPeriod);
    expect(periodError('2026-11-25', '2026-11-28', today, occupied)).toBe(ORDER_MESSAGES.invalidPeriod);
    expect(periodError('2026-11-30', '2026-12-01', today, occupied)).toBe(ORDER_MESSAGES.invalidPeriod);
    expect(periodError('2026-11-25', '2026-11-27', today, occupied)).toBeNull();
    expect(periodError('2026-12-01', '2026-12-03', today, occupied)).toBeNull();
  });
});

describe('tapDay', () => {
  const today = '2026-11-28';

  it('takes the pickup day first, then the return day across the month end', () => {
    const first = tapDay(EMPTY_SELECTION, '2026-11-29', today, []);
    expect(first).toEqual({ start: '2026-11-29', end: null, error: null });
    expect(tapDay(first, '2026-12-01', today, [])).toEqual({ start: '2026-11-29', end: '2026-12-01', error: null });
  });

  it('makes a one-day rental when the same day is tapped twice', () => {
    const first = tapDay(EMPTY_SELECTION, '2026-12-31', today, []);
    expect(tapDay(first, '2026-12-31', today, [])).toEqual({ start: '2026-12-31', end: '2026-12-31', error: null });
  });

  it('starts over from an earlier day', () => {
    const first = tapDay(EMPTY_SELECTION, '2026-12-02', today, []);
    expect(tapDay(first, '2026-11-30', today, [])).toEqual({ start: '2026-11-30', end: null, error: null });
  });

  it('refuses a period over 30 days with the spec message and restarts from the tapped day', () => {
    const first = tapDay(EMPTY_SELECTION, '2026-11-28', today, []);
    expect(tapDay(first, '2026-12-28', today, [])).toEqual({ start: '2026-12-28', end: null, error: ORDER_MESSAGES.invalidPeriod });
    expect(tapDay(first, '2026-12-27', today, [])).toEqual({ start: '2026-11-28', end: '2026-12-27', error: null });
  });

  it('refuses a period that crosses a held day', () => {
    const occupied = [{ start: '2026-12-01', end: '2026-12-02' }];
    const first = tapDay(EMPTY_SELECTION, '2026-11-29', today, occupied);
    expect(tapDay(first, '2026-12-04', today, occupied)).toEqual({ start: '2026-12-04', end: null, error: ORDER_MESSAGES.invalidPeriod });
  });

  it('starts a new period after a full one and clears the last refusal', () => {
    const full = { start: '2026-11-29', end: '2026-11-30', error: null };
    expect(tapDay(full, '2026-12-10', today, [])).toEqual({ start: '2026-12-10', end: null, error: null });
    const refused = { start: '2026-12-28', end: null, error: ORDER_MESSAGES.invalidPeriod };
    expect(tapDay(refused, '2026-12-29', today, [])).toEqual({ start: '2026-12-28', end: '2026-12-29', error: null });
  });
});

describe('moveDay', () => {
  it('moves a day across the year and a leap day', () => {
    expect(moveDay('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(moveDay('2027-01-01', 'ArrowLeft')).toBe('2026-12-31');
    expect(moveDay('2028-03-01', 'ArrowLeft')).toBe('2028-02-29');
    expect(moveDay('2027-03-01', 'ArrowLeft')).toBe('2027-02-28');
  });

  it('moves a week across the month end', () => {
    expect(moveDay('2026-11-28', 'ArrowDown')).toBe('2026-12-05');
    expect(moveDay('2026-12-03', 'ArrowUp')).toBe('2026-11-26');
  });

  it('keeps the day of the month when paging, clamped to the shorter month', () => {
    expect(moveDay('2026-12-15', 'PageDown')).toBe('2027-01-15');
    expect(moveDay('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(moveDay('2028-01-31', 'PageDown')).toBe('2028-02-29');
    expect(moveDay('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(moveDay('2026-12-31', 'PageDown')).toBe('2027-01-31');
    expect(moveDay('2026-10-31', 'PageDown')).toBe('2026-11-30');
  });

  it('ignores other keys', () => {
    expect(moveDay('2026-11-23', 'Enter')).toBeNull();
  });
});
