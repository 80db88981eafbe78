import { describe, expect, it } from 'vitest';
import { rssOf } from './harness.ts';
import { measureBareWs } from './realtime-fanout.ts';

// Counts and whose memory, not timings: the baseline's rss is read from its own process, as the app's is.
describe('the realtime baseline', () => {
  it('is a bare ws server in a process of its own: every socket gets each broadcast, and its rss is that process\'s, not this one\'s', async () => {
    const { memory, latency } = await measureBareWs(40, 2);
    expect(latency.missing).toBe(0);
    expect(Number.isFinite(latency.p99)).toBe(true);
    // A bare ws process holds far less than this test process (vitest, its workers, the bench's modules).
    expect(memory.before).toBeGreaterThan(0);
    expect(memory.before).toBeLessThan(rssOf(process.pid));
  }, 60_000);
});
