import superjson from 'superjson';
import { queryUtils, type QueryUtils } from './trpc.ts';

/** One answer the server sent with the page (server/src/http/first-screen-data.ts, FirstScreenQuery). */
export interface FirstScreenAnswer {
  path: string;
  input?: unknown;
  data: unknown;
}

type Seed = (utils: QueryUtils, input: unknown, data: unknown) => void;

/**
 * Where each answer the server may send with the page goes: the same cache entries the route
 * loaders and screens read (server/src/http/first-screen-data.ts writes them). Anything else is ignored.
 */
const SEEDS: Record<string, Seed> = {
  'auth.me': (utils, _input, data) => utils.auth.me.setData(undefined, data as never),
  'notifications.unreadCount': (utils, _input, data) => utils.notifications.unreadCount.setData(undefined, data as never),
  'activity.recent': (utils, _input, data) => utils.activity.recent.setData(undefined, data as never),
  'listings.countsByType': (utils, _input, data) => utils.listings.countsByType.setData(undefined, data as never),
  // The route loader's prefetchInfinite starts at a null cursor.
  'listings.list': (utils, input, data) => utils.listings.list.setInfiniteData(input as never, { pages: [data], pageParams: [null] } as never),
  'listings.byId': (utils, input, data) => utils.listings.byId.setData(input as never, data as never),
  'reviews.forUser': (utils, input, data) => utils.reviews.forUser.setData(input as never, data as never),
};

/** The answers into a query cache: the browser's (below) and, for the same page, the server's own when it renders it (server-render.tsx). */
export function seedAnswers(utils: QueryUtils, answers: readonly FirstScreenAnswer[]): void {
  for (const answer of answers) if (Object.hasOwn(SEEDS, answer.path)) SEEDS[answer.path]!(utils, answer.input, answer.data);
}

/**
 * The first screen's answers the server put in the page (issue 12; docs/decisions/013-first-screen.md),
 * into the query cache before the first render: the guard and the loader find them fresh, so the screen
 * renders without waiting for the session and its data. Read once; the element is removed. Also the
 * instant the page was made (the server's clock), which a hydration renders "now" as (hooks/use-now.ts).
 */
export function seedFirstScreen(): { pageNow: Date | null } {
  const element = document.getElementById('vz-first-screen');
  if (!element) return { pageNow: null };
  element.remove();
  try {
    const { queries, now } = superjson.parse<{ queries: FirstScreenAnswer[]; now?: Date }>(element.textContent ?? '');
    seedAnswers(queryUtils, queries);
    return { pageNow: now instanceof Date ? now : null };
  } catch {
    // Unreadable: the screens ask the server as they would without it.
    return { pageNow: null };
  }
}
