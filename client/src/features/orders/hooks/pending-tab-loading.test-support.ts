import { keepPreviousData, QueryClient, QueryObserver } from '@tanstack/react-query';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { expect } from 'vitest';
import type { AppRouter } from '../../../../../server/src/router.ts';
import { myOrdersInput } from '../order-tabs.ts';

/**
 * For tests: /meus-pedidos as its hook draws it (orders.mine with keepPreviousData) over tRPC's
 * real utils and a QueryClient, with 'Todos' answered and 'Pendentes' just opened: its first
 * answer in flight, 'Todos' shown meanwhile. The server is a link that answers each call with
 * `{ path, ...state() }` as it was when the call started, when the test lets it (`answerAll`).
 */
export async function pendingTabLoading<State extends object>(state: () => State) {
  const queryClient = new QueryClient();
  const answers: (() => void)[] = [];
  const calls: string[] = [];
  const server: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      calls.push(op.path);
      const read = { path: op.path, ...state() };
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
  return {
    utils,
    answerAll,
    /** The procedures called so far, in order. */
    calls,
    /** What the list shows now; the client is closed. */
    shownAndClose(): State & { path: string } {
      const shown = observer.getCurrentResult().data as unknown as State & { path: string };
      unsubscribe();
      queryClient.clear();
      return shown;
    },
  };
}
