import { keepPreviousData, QueryClient, QueryObserver } from '@tanstack/react-query';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../../../../server/src/router.ts';
import { myOrdersInput } from '../../orders/order-tabs.ts';
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
 * /meus-pedidos (orders.mine with keepPreviousData) over tRPC's real utils: 'Pendentes' just
 * opened, its first answer in flight, when the owner approves the order elsewhere and the
 * notification's live event arrives (twice: a burst). The server is a link that answers each
 * call with what was true when the call started, when the test lets it.
 */
async function approvedElsewhereWhileTabLoads() {
  const queryClient = new QueryClient();
  let approved = false;
  let calls = 0;
  const answers: (() => void)[] = [];
  const server: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      if (op.path === 'orders.mine') calls += 1;
      const read = { path: op.path, approved };
      answers.push(() => {
        observer.next({ result: { type: 'data', data: read } });
        observer.complete();
      });
      return () => undefined;
    });
  const utils = createTRPCQueryUtils<AppRouter>({ client: createTRPCClient<AppRouter>({ links: [server] }), queryClient });
  const answerAll = async () => {
    for (const answer of answers.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const observer = new QueryObserver(queryClient, { ...utils.orders.mine.queryOptions(myOrdersInput('all')), placeholderData: keepPreviousData });
  const unsubscribe = observer.subscribe(() => undefined);
  await answerAll();
  observer.setOptions({ ...utils.orders.mine.queryOptions(myOrdersInput('pending')), placeholderData: keepPreviousData });
  await Promise.resolve();
  expect(observer.getCurrentResult().isPlaceholderData).toBe(true);

  approved = true;
  const event = {
    kind: 'notification.created',
    payload: { id: '00000000-0000-4000-8000-000000000009', title: 'Pedido aprovado', message: '', type: 'order_status', relatedId: '00000000-0000-4000-8000-000000000001' },
  } as const;
  for (let i = 0; i < 2; i++) handleRealtimeEvent(utils as unknown as Parameters<typeof handleRealtimeEvent>[0], event);
  for (let round = 0; round < 4; round++) await answerAll();
  const shown = observer.getCurrentResult().data as unknown as { approved: boolean };
  unsubscribe();
  queryClient.clear();
  return { shown, ordersMineCalls: calls };
}

describe('a live event while a list loads', () => {
  it("shows the list read after the change, even when the tab's first answer was in flight (one more fetch for the burst)", async () => {
    // 'Todos', then 'Pendentes' before the event, then one fetch after it.
    expect(await approvedElsewhereWhileTabLoads()).toEqual({ shown: { path: 'orders.mine', approved: true }, ordersMineCalls: 3 });
  });
});
