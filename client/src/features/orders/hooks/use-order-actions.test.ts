import { keepPreviousData, QueryClient, QueryObserver } from '@tanstack/react-query';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../../../../server/src/router.ts';
import { myOrdersInput } from '../order-tabs.ts';
import { refreshAfterStatusChange } from './use-order-actions.ts';

/**
 * /meus-pedidos as the hook draws it (orders.mine with keepPreviousData) over tRPC's real utils and a
 * QueryClient; the server is a link that answers each call with what was true when the call started,
 * when the test lets it.
 */
async function cancelWhileTabLoads() {
  const queryClient = new QueryClient();
  let cancelled = false;
  const answers: (() => void)[] = [];
  const server: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      const read = { path: op.path, cancelled };
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

  // 'Todos' answered, then 'Pendentes' opened: its first fetch in flight, 'Todos' shown meanwhile.
  const observer = new QueryObserver(queryClient, { ...utils.orders.mine.queryOptions(myOrdersInput('all')), placeholderData: keepPreviousData });
  const unsubscribe = observer.subscribe(() => undefined);
  await answerAll();
  observer.setOptions({ ...utils.orders.mine.queryOptions(myOrdersInput('pending')), placeholderData: keepPreviousData });
  await Promise.resolve();
  expect(observer.getCurrentResult().isPlaceholderData).toBe(true);

  // 'Cancelar' on a card still on screen: the server cancels the order, the screen refreshes.
  cancelled = true;
  const refreshed = refreshAfterStatusChange(utils, { id: 'o1', listing: { id: 'l1' } }, { side: 'mine', freesDays: true, availability: true });
  await answerAll();
  await answerAll();
  await refreshed;
  const shown = observer.getCurrentResult().data as unknown as { cancelled: boolean };
  unsubscribe();
  queryClient.clear();
  return shown;
}

describe("an order's status change, on the list of the side that acted", () => {
  it("shows the list read after the change, even when the tab's first answer was in flight", async () => {
    expect(await cancelWhileTabLoads()).toEqual({ path: 'orders.mine', cancelled: true });
  });
});
