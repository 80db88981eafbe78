import { QueryClient, MutationCache } from '@tanstack/react-query';
import { createWSClient, httpBatchLink, httpLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/src/router.ts';
import { showErrorToast } from './show-error-toast.ts';

/** Close code the server uses when a user's session or rights changed (server/src/realtime/socket-registry.ts). */
const SESSION_CHANGED_CLOSE_CODE = 4001;

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

function websocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/trpc`;
}

let hasConnectedBefore = false;

/**
 * The server refuses websocket upgrades without a session, so the socket opens
 * only while a subscription runs (signed-in users) and closes shortly after it ends.
 * A close (4001 when the session or the user's rights changed) reconnects and
 * resubscribes from the last event id; each reconnect refreshes the session.
 */
export const wsClient = createWSClient({
  url: websocketUrl,
  lazy: { enabled: true, closeMs: 3_000 },
  retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 15_000),
  keepAlive: { enabled: true, intervalMs: 25_000, pongTimeoutMs: 5_000 },
  onOpen: () => {
    if (hasConnectedBefore) void queryUtils.auth.me.invalidate();
    hasConnectedBefore = true;
  },
  onClose: (cause) => {
    if (cause?.code === SESSION_CHANGED_CLOSE_CODE) void queryUtils.auth.me.invalidate();
  },
});

/** The server refuses these inside a batch (each one is a guess or an e-mail, counted alone); see server/src/http/hardening.ts. */
const NEVER_BATCHED = new Set(['auth.login', 'auth.requestPasswordReset', 'auth.resetPassword', 'auth.signUp']);
/** The server's TRPC_MAX_BATCH_SIZE. */
const MAX_BATCH_SIZE = 10;

export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (operation) => operation.type === 'subscription',
      true: wsLink<AppRouter>({ client: wsClient, transformer: superjson }),
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
