import { describe, expect, it, vi } from 'vitest';
import { formatCalendarDate, formatTime, getCondoTimeZone, setCondoTimeZone, formatCurrency, formatDate, formatRelativeTime, parseCurrencyToCents, relativeTimeWords, todayInTimeZone } from './format.ts';

describe('formatCurrency', () => {
  it('formats cents as pt-BR reais with two decimals', () => {
    expect(formatCurrency(123456)).toBe('R$ 1.234,56');
    expect(formatCurrency(500)).toBe('R$ 5,00');
    expect(formatCurrency(0)).toBe('R$ 0,00');
  });

  it('writes whole cents as Intl does, and leaves the rest to Intl', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const expected = (cents: number) => intl.format(cents / 100).replace(/\u00a0/g, ' ');
    const values = [0, -0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 1_000_000, 99_999_999, 100_000_000, 9_999_999_999_999, 10 ** 13, -(10 ** 13), 10 ** 13 + 1, 2 ** 53 - 1, 2 ** 53, 12.5, 0.5, -12.5];
    // A fixed sequence of amounts of every length (no Math.random: the same cases every run).
    for (let value = 7, i = 0; i < 2000; i++, value = (value * 48_271) % 2_147_483_647) values.push(value % 10 ** (1 + (i % 13)), -(value % 10 ** (1 + (i % 9))));
    for (const cents of values) expect(formatCurrency(cents), String(cents)).toBe(expected(cents));
  });
});

describe('parseCurrencyToCents', () => {
  it('reads comma and dot decimals', () => {
    expect(parseCurrencyToCents('12,50')).toBe(1250);
    expect(parseCurrencyToCents('12.5')).toBe(1250);
    expect(parseCurrencyToCents('R$ 1.234,56')).toBe(123456);
  });
  it('refuses what is not an amount', () => {
    expect(parseCurrencyToCents('')).toBeNull();
    expect(parseCurrencyToCents('abc')).toBeNull();
    expect(parseCurrencyToCents('1,234')).toBeNull();
  });
});

describe('dates', () => {
  it('formats in the condominium time zone, not the server one', () => {
    const lateNightUtc = new Date('2026-11-23T01:30:00Z');
    expect(formatDate(lateNightUtc, 'America/Sao_Paulo')).toBe('22/11/2026');
    expect(todayInTimeZone('America/Sao_Paulo', lateNightUtc)).toBe('2026-11-22');
    expect(todayInTimeZone('UTC', lateNightUtc)).toBe('2026-11-23');
  });
  it("keeps today's date within a second only: the day turns at midnight to the millisecond, zone by zone", () => {
    // Midnight in São Paulo (UTC-3) is 03:00 UTC; the same instants asked in turn for two zones.
    const lastMillisecond = new Date('2026-11-23T02:59:59.999Z');
    const midnight = new Date('2026-11-23T03:00:00.000Z');
    expect(todayInTimeZone('America/Sao_Paulo', lastMillisecond)).toBe('2026-11-22');
    expect(todayInTimeZone('America/Sao_Paulo', new Date('2026-11-23T02:59:59.000Z'))).toBe('2026-11-22');
    expect(todayInTimeZone('UTC', lastMillisecond)).toBe('2026-11-23');
    expect(todayInTimeZone('America/Sao_Paulo', lastMillisecond)).toBe('2026-11-22');
    expect(todayInTimeZone('America/Sao_Paulo', midnight)).toBe('2026-11-23');
    expect(todayInTimeZone('Asia/Tokyo', midnight)).toBe('2026-11-23');
    expect(todayInTimeZone('Pacific/Honolulu', midnight)).toBe('2026-11-22');
    // A clock set back (a test's, an NTP step) is worked out again, not answered from the later second.
    expect(todayInTimeZone('America/Sao_Paulo', lastMillisecond)).toBe('2026-11-22');
  });
  it('formats calendar dates without shifting them', () => {
    expect(formatCalendarDate('2026-01-05')).toBe('05/01/2026');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('speaks Portuguese', () => {
    expect(formatRelativeTime(new Date('2026-11-22T11:59:40Z'), now)).toBe('agora');
    expect(formatRelativeTime(new Date('2026-11-22T11:55:00Z'), now)).toBe('há 5 minutos');
    expect(formatRelativeTime(new Date('2026-11-22T09:00:00Z'), now)).toBe('há 3 horas');
    expect(formatRelativeTime(new Date('2026-11-21T12:00:00Z'), now)).toBe('ontem');
  });
});

describe('relative time words', () => {
  it("say exactly what the browser's Intl.RelativeTimeFormat says in pt-BR, without building one", () => {
    const intl = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });
    for (const unit of ['year', 'month', 'week', 'day', 'hour', 'minute'] as const) {
      for (let value = -1_200; value <= 1_200; value += 1) expect(relativeTimeWords(value, unit), `${value} ${unit}`).toBe(intl.format(value, unit));
      for (const value of [-123_456, 99_999, 1_000_000]) expect(relativeTimeWords(value, unit)).toBe(intl.format(value, unit));
    }
  });

  it('formatRelativeTime builds no Intl formatter', async () => {
    const built = vi.spyOn(Intl, 'RelativeTimeFormat');
    try {
      // A fresh copy of the module: no formatter kept from the tests above.
      vi.resetModules();
      const fresh = await import('./format.ts');
      expect(fresh.formatRelativeTime(new Date('2026-11-20T12:00:00Z'), new Date('2026-11-22T12:00:00Z'))).toBe('anteontem');
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});

describe('condominium time zone', () => {
  it('is the default of the date functions and refuses unknown zones', () => {
    const instant = new Date('2026-11-23T01:30:00Z');
    setCondoTimeZone('Asia/Tokyo');
    expect(todayInTimeZone(undefined, instant)).toBe('2026-11-23');
    expect(formatTime(instant)).toBe('10:30');
    setCondoTimeZone('Marte/Base');
    expect(getCondoTimeZone()).toBe('America/Sao_Paulo');
    expect(formatTime(instant)).toBe('22:30');
  });

  it('is checked on first use, not when set: a page without dates builds no Intl.DateTimeFormat', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      setCondoTimeZone('Asia/Tokyo');
      expect(built).not.toHaveBeenCalled();
      expect(getCondoTimeZone()).toBe('Asia/Tokyo');
      expect(built).toHaveBeenCalledTimes(1);
      setCondoTimeZone('America/Sao_Paulo');
    } finally {
      built.mockRestore();
    }
  });
});
