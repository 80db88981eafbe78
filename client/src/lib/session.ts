import { clearPersistedQueryCache } from './query-persistence.ts';
import type { RouterContext } from './router-context.ts';
import { queryClient, queryUtils, type QueryUtils } from './trpc.ts';

/**
 * A screen mounted this soon after the session's last answer does not ask again: every guard revalidates
 * the session (ensureSession) before its screen mounts, so without this the layout and the screen asked a
 * second time whenever that answer came first (most drawn home pages: docs/decisions/013-first-screen.md).
 */
const JUST_ANSWERED_MS = 5_000;

/**
 * The signed-in user (or null) for guards and screens. Never trusted from cache
 * for long: refetched on mount, on focus, on reconnect and on live account events.
 */
export function sessionQueryOptions(utils: QueryUtils = queryUtils) {
  return utils.auth.me.queryOptions(undefined, {
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt >= JUST_ANSWERED_MS,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    // Offline on a cold start: fail fast into the error screen instead of waiting forever for a network.
    networkMode: 'always',
    retry: (failureCount) => navigator.onLine && failureCount < 1,
  });
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof queryUtils.auth.me.fetch>>>;

/**
 * For guards: the cached user at once (revalidated in the background), or a fetch the first time, through
 * the router's own client (on the server, the page's: client/src/server-render.tsx).
 */
export function ensureSession({ queryClient: client, queryUtils: utils }: RouterContext) {
  return client.ensureQueryData({ ...sessionQueryOptions(utils), revalidateIfStale: true });
}

/** After login, sign-up or logout: the server's answer, not the cache. */
export function refreshSession() {
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

const sessionKey = JSON.stringify(sessionQueryOptions().queryKey);

/** Signing out, step 1: the guards and the realtime hook see nobody signed in. */
export function markSignedOut(): void {
  void queryClient.cancelQueries();
  queryClient.setQueryData(sessionQueryOptions().queryKey, null);
}

/** Signing out, step 2 (once the signed-in screens are gone): the user's data leaves the cache. */
export function forgetUserData(): void {
  clearPersistedQueryCache();
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== sessionKey });
}
