import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import { clearPersistedQueryCache, setLastSaved, STORAGE_KEY } from './query-persistence.ts';

/**
 * Offline reading: the last successful answers of the query cache are kept in
 * localStorage (superjson, so dates stay dates) and put back when the app opens,
 * so an installed app without network still shows the last-loaded screens.
 * Queries still refetch when the network is there; signing out forgets it all.
 * Online, main.tsx loads this module after the first paint (nothing on screen needs it).
 */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 1000;
/** Answers that must never be kept on the device (a data export, an invite preview for someone else). */
const NEVER_KEPT = new Set(['privacy', 'invites.preview']);

interface Saved {
  savedAt: number;
  state: DehydratedState;
}

function pathOfKey(queryKey: readonly unknown[]): string {
  const first = queryKey[0];
  return Array.isArray(first) ? first.join('.') : String(first);
}

function pathOf(query: Query): string {
  return pathOfKey(query.queryKey);
}

function isSessionKey(queryKey: readonly unknown[]): boolean {
  return pathOfKey(queryKey) === 'auth.me';
}

function keep(query: Query): boolean {
  const path = pathOf(query);
  if (NEVER_KEPT.has(path) || NEVER_KEPT.has(path.split('.')[0] ?? '')) return false;
  return query.state.status === 'success';
}

export function restoreQueryCache(client: QueryClient): void {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return;
    const saved = superjson.parse<Saved>(raw);
    if (!saved || Date.now() - saved.savedAt > MAX_AGE_MS) {
      localStorage.removeItem(STORAGE_KEY);
      return;
    }
    setLastSaved(saved.savedAt);
    // Online, every screen loads fresh from the server as always (a session may have ended
    // elsewhere, a listing may be gone); only an app opened without network starts from
    // what was saved, marked stale so it is refetched as soon as the network returns.
    if (navigator.onLine) return;
    hydrate(client, saved.state);
    void client.invalidateQueries({ refetchType: 'none' });
  } catch {
    localStorage.removeItem(STORAGE_KEY);
  }
}

/**
 * The memory cache holds only what this page load has seen (and forgets what no screen used
 * for a few minutes), so a save alone would drop the details, orders or lists opened earlier.
 * The earlier saved answers that the cache no longer holds are kept, up to the maximum age.
 */
function withEarlierScreens(state: DehydratedState, now: number): DehydratedState {
  let earlier: DehydratedState | undefined;
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    earlier = raw ? superjson.parse<Saved>(raw)?.state : undefined;
  } catch {
    return state;
  }
  if (!earlier) return state;
  const current = new Set(state.queries.map((query) => query.queryHash));
  const kept = earlier.queries.filter(
    (query) => !current.has(query.queryHash) && !isSessionKey(query.queryKey) && now - query.state.dataUpdatedAt <= MAX_AGE_MS,
  );
  return { ...state, queries: [...state.queries, ...kept] };
}

/** Saves the cache a moment after it changes, only while online (offline there is nothing new to keep). */
export function persistQueryCache(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    if (!navigator.onLine) return;
    const session = client.getQueryCache().getAll().find((query) => isSessionKey(query.queryKey));
    // Signed out or the session ended elsewhere: keep nothing of anyone.
    if (session?.state.status === 'success' && session.state.data === null) {
      clearPersistedQueryCache();
      return;
    }
    try {
      const savedAt = Date.now();
      const state = withEarlierScreens(dehydrate(client, { shouldDehydrateQuery: keep }), savedAt);
      localStorage.setItem(STORAGE_KEY, superjson.stringify({ savedAt, state } satisfies Saved));
      setLastSaved(savedAt);
    } catch {
      // Storage full or unavailable (private mode): offline reading is a bonus, never an error.
    }
  };
  // Loaded after the first paint: the answers that screen already received are saved too.
  if (client.getQueryCache().getAll().some((query) => query.state.status === 'success')) timer = setTimeout(save, SAVE_DELAY_MS);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!timer) timer = setTimeout(save, SAVE_DELAY_MS);
  });
  // Leaving or closing the app within the delay: save now, or the last screen opened is lost.
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    save();
  };
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    if (timer) clearTimeout(timer);
  };
}
