import { afterEach, describe, expect, it } from 'vitest';
import { formatDateAndTime, zonedDateTime, zonedDay } from './schedule.ts';

// The condominium's zone is the default (America/Sao_Paulo, UTC-3, no daylight saving since 2019).

describe('zonedDateTime', () => {
  it('reads the date and time fields as the condominium’s wall clock', () => {
    expect(zonedDateTime('2026-11-27', '14:30')?.toISOString()).toBe('2026-11-27T17:30:00.000Z');
  });

  it('crosses into the next UTC year late on 31 December', () => {
    expect(zonedDateTime('2026-12-31', '23:59')?.toISOString()).toBe('2027-01-01T02:59:00.000Z');
  });

  it('does not depend on the phone’s own time zone', () => {
    const originalTz = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Tokyo';
      expect(zonedDateTime('2026-11-30', '22:00')?.toISOString()).toBe('2026-12-01T01:00:00.000Z');
      process.env.TZ = 'America/Los_Angeles';
      expect(zonedDateTime('2026-11-30', '22:00')?.toISOString()).toBe('2026-12-01T01:00:00.000Z');
    } finally {
      if (originalTz === undefined) delete process.env.TZ;
      else process.env.TZ = originalTz;
    }
  });

  it('follows a daylight-saving change on the day it happens', () => {
    // São Paulo moved from UTC-3 to UTC-2 at midnight on 4 November 2018.
    expect(zonedDateTime('2018-11-03', '12:00', 'America/Sao_Paulo')?.toISOString()).toBe('2018-11-03T15:00:00.000Z');
    expect(zonedDateTime('2018-11-04', '12:00', 'America/Sao_Paulo')?.toISOString()).toBe('2018-11-04T14:00:00.000Z');
    // New York springs forward at 02:00 on 8 March 2026: before it EST (-5), after it EDT (-4).
    expect(zonedDateTime('2026-03-08', '01:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(zonedDateTime('2026-03-08', '12:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T16:00:00.000Z');
  });

  it('finds the right offset for a wall time just after the change, where a first guess lands on the wrong side', () => {
    expect(zonedDateTime('2018-11-04', '01:30', 'America/Sao_Paulo')?.toISOString()).toBe('2018-11-04T03:30:00.000Z');
    expect(zonedDateTime('2026-03-08', '03:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('accepts 29 February only in a leap year', () => {
    expect(zonedDateTime('2028-02-29', '09:00')?.toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(zonedDateTime('2027-02-29', '09:00')).toBeNull();
    expect(zonedDateTime('2027-02-28', '09:00')?.toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });

  it('refuses values that are not a real date or time', () => {
    expect(zonedDateTime('2026-11-31', '10:00')).toBeNull();
    expect(zonedDateTime('2026-13-01', '10:00')).toBeNull();
    expect(zonedDateTime('2026-11-27', '24:00')).toBeNull();
    expect(zonedDateTime('2026-11-27', '23:60')).toBeNull();
    expect(zonedDateTime('', '10:00')).toBeNull();
    expect(zonedDateTime('2026-11-27', '')).toBeNull();
    expect(zonedDateTime('27/11/2026', '10:00')).toBeNull();
  });
});

describe('zonedDay', () => {
  it('gives the condominium’s date of an instant, not the UTC one', () => {
    const newYearUtc = new Date('2027-01-01T02:30:00Z');
    expect(zonedDay(newYearUtc)).toBe('2026-12-31');
    expect(zonedDay(newYearUtc, 'UTC')).toBe('2027-01-01');
    expect(zonedDay(new Date('2027-01-01T03:00:00Z'))).toBe('2027-01-01');
  });

  it('finds 28 and 29 February from an instant just after midnight UTC', () => {
    expect(zonedDay(new Date('2027-03-01T01:00:00Z'))).toBe('2027-02-28');
    expect(zonedDay(new Date('2028-03-01T01:00:00Z'))).toBe('2028-02-29');
  });
});

describe('formatDateAndTime', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('writes date and time in the condominium’s zone', () => {
    expect(formatDateAndTime(new Date('2026-11-27T17:30:00Z'))).toBe('27/11/2026 às 14:30');
  });

  it('puts an instant early on 1 December UTC on 30 November in the condominium', () => {
    process.env.TZ = 'UTC';
    expect(formatDateAndTime(new Date('2026-12-01T02:30:00Z'))).toBe('30/11/2026 às 23:30');
  });
});
