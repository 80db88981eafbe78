import superjson from 'superjson';
import { queryUtils, type QueryUtils } from './trpc.ts';

/** One answer the server sent with the page (server/src/http/first-screen-data.ts, FirstScreenQuery). */
export interface FirstScreenAnswer {
  path: string;
  input?: unknown;
  data: unknown;
}

/** A procedure's place in the query cache (its answers without input have one entry, the others one per input). */
type Cached = { setData(input: never, data: never): void };

/**
 * Where each answer the server may send with the page goes: the same cache entries the route
 * loaders and screens read (server/src/http/first-screen-data.ts writes them). Anything else is ignored.
 * One accessor per procedure (the answer's input, if any, picks the entry): the list is in every page's entry.
 */
const CACHED: Record<string, (utils: QueryUtils) => Cached> = {
  'auth.me': (utils) => utils.auth.me,
  'notifications.unreadCount': (utils) => utils.notifications.unreadCount,
  'messages.unread': (utils) => utils.messages.unread,
  'activity.recent': (utils) => utils.activity.recent,
  'listings.countsByType': (utils) => utils.listings.countsByType,
  'listings.byId': (utils) => utils.listings.byId,
  'reviews.forUser': (utils) => utils.reviews.forUser,
  'help.contacts': (utils) => utils.help.contacts,
  'users.me': (utils) => utils.users.me,
  'notifications.preferences': (utils) => utils.notifications.preferences,
  // null when no key is saved yet: an answer like any other.
  'pix.myKey': (utils) => utils.pix.myKey,
};

/** The answers into a query cache: the browser's (below) and, for the same page, the server's own when it renders it (server-render.tsx). */
export function seedAnswers(utils: QueryUtils, answers: readonly FirstScreenAnswer[]): void {
  for (const { path, input, data } of answers) {
    // The feed's page: the route loader's prefetchInfinite starts at a null cursor.
    if (path === 'listings.list') utils.listings.list.setInfiniteData(input as never, { pages: [data], pageParams: [null] } as never);
    else if (Object.hasOwn(CACHED, path)) CACHED[path]!(utils).setData(input as never, data as never);
  }
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
