import { describe, expect, it } from 'vitest';
import { describeLoad, disjointSlices, formatMs, formatRate, percentileOfSorted, ratiosOfPairs, summarize } from './stats.ts';

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

  it('takes the median of pairs\' own ratios, not the ratio of their sums', () => {
    // One slow moment (the second pair) moves both sides; each pair's ratio stays near 1.5.
    const ratio = ratiosOfPairs([
      { of: 90, to: 60 },
      { of: 300, to: 190 },
      { of: 75, to: 52 },
    ]);
    expect(ratio.each.map((each) => Number(each.toFixed(3)))).toEqual([1.5, 1.579, 1.442]);
    expect(ratio.median).toBeCloseTo(1.5);
    expect(ratio.lowest).toBeCloseTo(1.442, 3);
    expect(ratio.highest).toBeCloseTo(1.579, 3);
    expect(() => ratiosOfPairs([])).toThrow('no pairs');
  });

  it('cuts a list into slices that share nothing and keep every item', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const slices = disjointSlices(items, 3);
    expect(slices).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8, 9]]);
    expect(slices.flat()).toEqual(items);
    expect(disjointSlices(items, 1)).toEqual([items]);
    expect(() => disjointSlices(items, 0)).toThrow();
  });
});
