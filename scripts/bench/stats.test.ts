import { describe, expect, it } from 'vitest';
import { describeLoad, formatMs, formatRate, percentileOfSorted, summarize } from './stats.ts';

describe('bench stats', () => {
  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentileOfSorted(samples, 50)).toBe(50);
    expect(percentileOfSorted(samples, 95)).toBe(95);
    expect(percentileOfSorted(samples, 99)).toBe(99);
    expect(percentileOfSorted(samples, 100)).toBe(100);
    expect(percentileOfSorted([7], 99)).toBe(7);
    expect(percentileOfSorted([], 50)).toBeNaN();
  });

  it('summarizes unsorted samples: rate of successes, errors counted apart', () => {
    const summary = summarize([30, 10, 20, 40], 1, 2000);
    expect(summary).toMatchObject({ requests: 5, errors: 1, rps: 2, p50: 20, p95: 40, p99: 40 });
  });

  it('formats figures for the report', () => {
    expect(formatRate(3261.4)).toBe('3,261 req/s');
    expect(formatMs(3.14)).toBe('3.1 ms');
    expect(formatMs(629.4)).toBe('629 ms');
    expect(describeLoad(summarize([1, 2, 3], 0, 1000))).toBe('3 req/s, p50 2.0 ms, p95 3.0 ms, p99 3.0 ms, 0 errors');
  });
});
