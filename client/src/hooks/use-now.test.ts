import { describe, expect, it } from 'vitest';
import { browserNow, startClockAt } from './use-now.ts';

describe('the shared clock on a page the server drew', () => {
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
