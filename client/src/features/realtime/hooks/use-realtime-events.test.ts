import { describe, expect, it } from 'vitest';
import { pendingTabLoading } from '../../orders/hooks/pending-tab-loading.test-support.ts';
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

/**
 * /meus-pedidos with 'Pendentes' just opened, its first answer in flight, when the owner approves
 * the order elsewhere and the notification's live event arrives (twice: a burst).
 */
async function approvedElsewhereWhileTabLoads() {
  let approved = false;
  const tab = await pendingTabLoading(() => ({ approved }));
  approved = true;
  const event = {
    kind: 'notification.created',
    payload: { id: '00000000-0000-4000-8000-000000000009', title: 'Pedido aprovado', message: '', type: 'order_status', relatedId: '00000000-0000-4000-8000-000000000001' },
  } as const;
  for (let i = 0; i < 2; i++) handleRealtimeEvent(tab.utils as unknown as Parameters<typeof handleRealtimeEvent>[0], event);
  for (let round = 0; round < 4; round++) await tab.answerAll();
  const ordersMineCalls = tab.calls.filter((path) => path === 'orders.mine').length;
  return { shown: tab.shownAndClose(), ordersMineCalls };
}

describe('a live event while a list loads', () => {
  it("shows the list read after the change, even when the tab's first answer was in flight (one more fetch for the burst)", async () => {
    // 'Todos', then 'Pendentes' before the event, then one fetch after it.
    expect(await approvedElsewhereWhileTabLoads()).toEqual({ shown: { path: 'orders.mine', approved: true }, ordersMineCalls: 3 });
  });
});
