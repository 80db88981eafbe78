import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNow, startClockAt } from './use-now.ts';

describe('the shared clock on a page the server drew', () => {
  // A fixed machine clock: the readings depend on no real date.
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T12:00:00-03:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the page's own instant first (the object the hydration rendered), so React has nothing to render again", () => {
    const pageNow = new Date(Date.now() - 3_000);
    startClockAt(pageNow);
    expect(browserNow()).toBe(pageNow);
    expect(browserNow()).toBe(pageNow);
  });

  it("takes the browser's time once the page's instant is a minute old", () => {
    const pageNow = new Date(Date.now() - 61_000);
    startClockAt(pageNow);
    const now = browserNow();
    expect(now).not.toBe(pageNow);
    expect(Math.abs(now.getTime() - Date.now())).toBeLessThan(1_000);
    // And keeps that reading for the next reads.
    expect(browserNow()).toBe(now);
  });
});
