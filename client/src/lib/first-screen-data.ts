import superjson from 'superjson';
import { queryUtils } from './trpc.ts';

type Seed = (input: unknown, data: unknown) => void;

/**
 * Where each answer the server may send with the page goes: the same cache entries the route
 * loaders and screens read (server/src/http/first-screen-data.ts writes them). Anything else is ignored.
 */
const SEEDS: Record<string, Seed> = {
  'auth.me': (_input, data) => queryUtils.auth.me.setData(undefined, data as never),
  'notifications.unreadCount': (_input, data) => queryUtils.notifications.unreadCount.setData(undefined, data as never),
  'activity.recent': (_input, data) => queryUtils.activity.recent.setData(undefined, data as never),
  'listings.countsByType': (_input, data) => queryUtils.listings.countsByType.setData(undefined, data as never),
  // The route loader's prefetchInfinite starts at a null cursor.
  'listings.list': (input, data) => queryUtils.listings.list.setInfiniteData(input as never, { pages: [data], pageParams: [null] } as never),
  'listings.byId': (input, data) => queryUtils.listings.byId.setData(input as never, data as never),
  'reviews.forUser': (input, data) => queryUtils.reviews.forUser.setData(input as never, data as never),
};

/**
 * The first screen's answers the server put in the page (issue 12; docs/decisions/013-first-screen.md),
 * into the query cache before the first render: the guard and the loader find them fresh, so the screen
 * renders without waiting for the session and its data. Read once; the element is removed.
 */
export function seedFirstScreen(): void {
  const element = document.getElementById('vz-first-screen');
  if (!element) return;
  element.remove();
  try {
    const { queries } = superjson.parse<{ queries: { path: string; input?: unknown; data: unknown }[] }>(element.textContent ?? '');
    for (const query of queries) if (Object.hasOwn(SEEDS, query.path)) SEEDS[query.path]!(query.input, query.data);
  } catch {
    // Unreadable: the screens ask the server as they would without it.
  }
}
