import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../../../../../server/src/router.ts';
import { dismissToast, getToasts } from '../../../components/ui/toast-store.ts';
import { pendingTabLoading } from '../../orders/hooks/pending-tab-loading.test-support.ts';
import { HandledEvents, handleRealtimeEvent, newMessageToast } from './use-realtime-events.ts';

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

/**
 * An order's conversation open in a tab over tRPC's real utils and a QueryClient: its thread read
 * (the first answer) before the live channel listened, then another message sent meanwhile.
 */
async function threadReadBeforeTheChannel() {
  const queryClient = new QueryClient();
  let messages = ['Oi'];
  const asked: string[] = [];
  const server: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      asked.push(op.path);
      const read = { path: op.path, messages: [...messages] };
      setTimeout(() => {
        observer.next({ result: { type: 'data', data: read } });
        observer.complete();
      }, 0);
      return () => undefined;
    });
  const utils = createTRPCQueryUtils<AppRouter>({ client: createTRPCClient<AppRouter>({ links: [server] }), queryClient });
  const observer = new QueryObserver(queryClient, utils.messages.thread.queryOptions({ orderId: ORDER_ID }));
  const unsubscribe = observer.subscribe(() => undefined);
  const session = new QueryObserver(queryClient, utils.auth.me.queryOptions());
  const unsubscribeSession = session.subscribe(() => undefined);
  await eventually(() => observer.getCurrentResult().data !== undefined && session.getCurrentResult().data !== undefined);
  messages = ['Oi', 'Chegou agora'];
  return {
    utils: utils as unknown as Parameters<typeof handleRealtimeEvent>[0],
    /** The procedures the tab asked the server for, in order. */
    asked,
    /** The thread on screen once the fetches settled; the client is closed. */
    async shownAndClose() {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await eventually(() => observer.getCurrentResult().fetchStatus === 'idle');
      const shown = (observer.getCurrentResult().data as unknown as { messages: string[] }).messages;
      unsubscribe();
      unsubscribeSession();
      queryClient.clear();
      return shown;
    },
  };
}

async function eventually(condition: () => boolean) {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 100) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const ORDER_ID = '00000000-0000-4000-8000-000000000001';

describe('live events in a tab', () => {
  it("a fresh subscription's 'ready' reads what is on screen again: a message sent before the channel listened appears", async () => {
    const tab = await threadReadBeforeTheChannel();
    handleRealtimeEvent(tab.utils, { kind: 'ready', payload: {} });
    expect(await tab.shownAndClose()).toEqual(['Oi', 'Chegou agora']);
  });

  it("'ready' reads everything on screen again, the session included: an approval made before the channel listened is seen", async () => {
    const tab = await threadReadBeforeTheChannel();
    handleRealtimeEvent(tab.utils, { kind: 'ready', payload: {} });
    await tab.shownAndClose();
    expect(tab.asked.filter((path) => path === 'auth.me')).toEqual(['auth.me', 'auth.me']);
    expect(tab.asked.filter((path) => path === 'messages.thread')).toEqual(['messages.thread', 'messages.thread']);
  });

  it('an event replayed after a reconnect (the same event id, a newer cursor) is handled once', () => {
    const handled = new HandledEvents();
    expect(handled.firstTime('41@100:104:101')).toBe(true);
    expect(handled.firstTime('42@100:104:101')).toBe(true);
    expect(handled.firstTime('41@104:104:')).toBe(false);
    expect(handled.firstTime('43@104:104:')).toBe(true);
  });

  it('a changed conversation makes only that thread, the inbox and the unread messages stale', () => {
    const { utils, stale } = recordingUtils();
    handleRealtimeEvent(utils, { kind: 'messages.changed', payload: { orderId: '00000000-0000-4000-8000-000000000001' } });
    expect(stale.sort()).toEqual(['messages.inbox', 'messages.thread', 'messages.unread']);
  });

  it("a new announcement toasts 'Comunicado: {título}' and makes the centre, home's activity and pinned banner and /comunicados stale; an edit only the last two", () => {
    const { utils, stale } = recordingUtils();
    // The toast's own timer (it closes itself) is the browser's: not this test's business.
    vi.stubGlobal('window', { setTimeout: () => 0 });
    handleRealtimeEvent(utils, { kind: 'announcement.published', payload: { id: '00000000-0000-4000-8000-000000000003', title: 'Comunicado: Falta de água', message: 'Na terça, das 9h às 12h.' } });
    expect(stale.sort()).toEqual(['activity.recent', 'announcements.list', 'announcements.pinned', 'notifications.list', 'notifications.unreadCount']);
    const shown = getToasts().find((item) => item.title === 'Comunicado: Falta de água');
    expect(shown).toMatchObject({ variant: 'info', message: 'Na terça, das 9h às 12h.' });
    dismissToast(shown!.id);
    vi.unstubAllGlobals();
    stale.length = 0;
    handleRealtimeEvent(utils, { kind: 'announcements.changed', payload: {} });
    expect(stale.sort()).toEqual(['announcements.list', 'announcements.pinned']);
  });

  it("toasts 'Nova mensagem de {nome}' for a new message unless its thread is open, and never for a read or the sender's own", () => {
    const orderId = '00000000-0000-4000-8000-000000000001';
    const fromBruno = { orderId, newMessageFrom: 'Bruno Costa Lima' };
    expect(newMessageToast(fromBruno, '/')).toBe('Nova mensagem de Bruno');
    expect(newMessageToast(fromBruno, '/mensagens')).toBe('Nova mensagem de Bruno');
    expect(newMessageToast(fromBruno, '/pedido/00000000-0000-4000-8000-000000000002/conversa')).toBe('Nova mensagem de Bruno');
    expect(newMessageToast(fromBruno, `/pedido/${orderId}/conversa`)).toBeNull();
    expect(newMessageToast({ orderId }, '/')).toBeNull();
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
