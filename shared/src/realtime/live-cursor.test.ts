import { describe, expect, it } from 'vitest';
import { cursorOf, eventIdOf, isLastEventId, trackedEventId } from './live-cursor.ts';

describe('live cursor', () => {
  it('carries the event id and the snapshot, and reads both back', () => {
    const tracked = trackedEventId('42', '100:105:101,103');
    expect(tracked).toBe('42@100:105:101,103');
    expect(eventIdOf(tracked)).toBe('42');
    expect(cursorOf(tracked)).toBe('100:105:101,103');
    expect(cursorOf('0@7:7:')).toBe('7:7:');
  });

  it('takes only a snapshot Postgres would read: 0 < xmin <= xmax, running transactions ascending from xmin to below xmax', () => {
    for (const bad of ['42@0:5:', '42@6:5:', '42@5:9:4', '42@5:9:9', '42@5:9:7,6', '42@5:9:6,6', '42@5:9', '42@a:9:', '42@5:9:,', `42@5:${'9'.repeat(21)}:`, '@5:9:', 'abc']) {
      expect(cursorOf(bad), bad).toBeNull();
    }
    const running = (count: number) => Array.from({ length: count }, (_, i) => String(i + 2)).join(',');
    expect(cursorOf(`42@1:100000:${running(10)}`)).not.toBeNull();
    expect(cursorOf(`42@1:100000:${running(1500)}`)).toBeNull(); // past MAX_TRACKED_ID_LENGTH
  });

  it("accepts an older tab's bare event id as lastEventId (it starts afresh) and refuses anything else", () => {
    expect(isLastEventId('42')).toBe(true);
    expect(cursorOf('42')).toBeNull();
    expect(isLastEventId('42@5:9:6,8')).toBe(true);
    expect(isLastEventId('42@5:9:10')).toBe(false);
    expect(isLastEventId('')).toBe(false);
    expect(eventIdOf('42')).toBe('42');
  });
});
