import { describe, expect, it } from 'vitest';
import { handleRealtimeEvent } from './use-realtime-events.ts';

/** A stand-in for tRPC's utils that records which queries were made stale. */
function recordingUtils() {
  const stale: string[] = [];
  const utils = new Proxy(
    {},
    {
      get: (_, router: string) =>
        new Proxy(
          {},
          {
            get: (__, procedure: string) => ({
              invalidate: () => {
                stale.push(`${router}.${procedure}`);
                return Promise.resolve();
              },
            }),
          },
        ),
    },
  );
  return { utils: utils as Parameters<typeof handleRealtimeEvent>[0], stale };
}

describe('live events in a tab', () => {
  it('a fresh subscription reads the unread counts again (a change committed just before it started is not missed)', () => {
    const { utils, stale } = recordingUtils();
    handleRealtimeEvent(utils, { kind: 'ready', payload: {} });
    expect(stale.sort()).toEqual(['messages.unread', 'notifications.unreadCount']);
  });

  it('a changed conversation makes only that thread and the unread messages stale', () => {
    const { utils, stale } = recordingUtils();
    handleRealtimeEvent(utils, { kind: 'messages.changed', payload: { orderId: '00000000-0000-4000-8000-000000000001' } });
    expect(stale.sort()).toEqual(['messages.thread', 'messages.unread']);
  });
});
