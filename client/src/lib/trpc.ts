import { QueryClient, MutationCache } from '@tanstack/react-query';
import { httpBatchLink, httpLink, splitLink, TRPCClientError, type OperationLink, type TRPCLink } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/src/router.ts';
import { NEVER_BATCHED_PROCEDURES } from '@vizinhanca/shared/auth/session-texts';
import type { RealtimeSocket } from './realtime-socket.ts';
import { showErrorToast } from './show-error-toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Prefix for the error toast, e.g. 'Erro ao aprovar usuário: '. */
      errorPrefix?: string;
      /** The screen shows the error itself (no toast). */
      silentError?: boolean;
    };
  }
}

export const trpc = createTRPCReact<AppRouter>();

export const queryClient = new QueryClient({
  // Every failed mutation becomes one pt-BR toast, through one helper.
  mutationCache: new MutationCache({
    onError: (error, _variables, _onMutateResult, mutation) => {
      if (mutation.meta?.silentError) return;
      showErrorToast(error, mutation.meta?.errorPrefix);
    },
  }),
  defaultOptions: {
    // Offline, a mutation fails at once with the offline message instead of waiting silently.
    mutations: { networkMode: 'always' },
    queries: {
      staleTime: 30_000,
      // Offline, a query tries once and fails at once instead of pausing: the route loaders
      // (which wait for their prefetch) never hang, a screen keeps the data saved on the device
      // (docs: offline reading) and one never opened says it could not load. Back online,
      // refetchOnReconnect catches up.
      networkMode: 'offlineFirst',
      retry: (failureCount, error) => {
        if (!navigator.onLine) return false;
        const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
        if (status && status >= 400 && status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});

let realtimeSocket: Promise<RealtimeSocket> | null = null;

function loadRealtimeSocket(): Promise<RealtimeSocket> {
  realtimeSocket ??= import('./realtime-socket.ts').then(({ createRealtimeSocket }) =>
    createRealtimeSocket(() => void queryUtils.auth.me.invalidate()),
  );
  return realtimeSocket;
}

/** Signed out: stops the socket's reconnect loop (the server refuses sockets without a session). Nothing to do if it never opened. */
export function closeRealtimeSocket(): void {
  void realtimeSocket?.then(({ client }) => client.close());
}

/**
 * Subscriptions go through the stock wsLink, created on the first subscription: the
 * websocket client is not part of the first screen's JS (docs/decisions/013-first-screen.md).
 */
const lazyWsLink: TRPCLink<AppRouter> = (runtime) => {
  let operationLink: Promise<OperationLink<AppRouter>> | null = null;
  return ({ op, next }) =>
    observable((observer) => {
      let subscription: Unsubscribable | null = null;
      let stopped = false;
      operationLink ??= loadRealtimeSocket().then(({ link }) => link(runtime));
      operationLink.then(
        (link) => {
          if (!stopped) subscription = link({ op, next }).subscribe(observer);
        },
        (cause: unknown) => {
          // The chunk could not load (offline, a new version deployed): the subscription fails like a closed socket.
          realtimeSocket = null;
          operationLink = null;
          if (!stopped) observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause))));
        },
      );
      return () => {
        stopped = true;
        subscription?.unsubscribe();
      };
    });
};

const NEVER_BATCHED = new Set<string>(NEVER_BATCHED_PROCEDURES);
/** The server's TRPC_MAX_BATCH_SIZE. */
const MAX_BATCH_SIZE = 10;

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (operation) => operation.type === 'subscription',
      true: lazyWsLink,
      false: splitLink({
        condition: (operation) => NEVER_BATCHED.has(operation.path),
        true: httpLink({ url: '/trpc', transformer: superjson }),
        false: httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: MAX_BATCH_SIZE }),
      }),
    }),
  ],
});

/** Query options, fetch/ensure and invalidation outside React (router guards and loaders). */
export const queryUtils = createTRPCQueryUtils<AppRouter>({ client: trpcClient, queryClient });
export type QueryUtils = typeof queryUtils;
export type TrpcClient = typeof trpcClient;
