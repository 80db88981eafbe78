import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/src/router.ts';
import type { LoadRequest } from './load.ts';

// The requests exactly as the browser sends them: made by @trpc/client's
// httpBatchLink with superjson (as client/src/lib/trpc.ts), recorded on the way
// out, then replayed by the load generator.

/** What Chromium sends on every request: the server compresses answers of 1 KB and more for it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** `requests` as a client that accepts no compression sends them. */
export function withoutAcceptEncoding(requests: LoadRequest[]): LoadRequest[] {
  return requests.map((request) => ({ ...request, headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'accept-encoding')) }));
}

/** The first page of a feed as use-listing-feed.ts asks for it (listingFeedInput + the infinite query's direction). */
export function feedPageInput(type: 'rental' | 'food' | 'service', options: { search?: string; sort?: 'newest' | 'price_asc' | 'price_desc' | 'rating' } = {}) {
  return { type, search: options.search, filter: 'all', sort: options.sort ?? 'newest', limit: 20, direction: 'forward' } as const;
}

/** The body httpBatchLink posts for one mutation: checked against a recorded one before use. */
export function batchBody(input: unknown): string {
  return JSON.stringify({ 0: superjson.serialize(input) });
}

export function browserClient(base: string, cookie: string, record: (request: LoadRequest) => void) {
  const recordingFetch = async (url: URL | RequestInfo, init?: RequestInit) => {
    const target = new URL(String(url));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    record({ method: (init?.method ?? 'GET') as 'GET' | 'POST', path: `${target.pathname}${target.search}`, headers, body: typeof init?.body === 'string' ? init.body : undefined });
    return fetch(url, init);
  };
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${base}/trpc`,
        transformer: superjson,
        maxItems: 10,
        fetch: recordingFetch,
        // What the browser adds on its own: the session cookie, the encodings it accepts (Chromium's), and its origin on a POST.
        headers: ({ opList }) => (opList.some((op) => op.type === 'mutation') ? { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING, origin: base } : { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
      }),
    ],
  });
}

/** What one feed request asks for (listListingsSchema's fields the screens send). */
export type FeedInput = {
  type: 'rental' | 'food' | 'service';
  filter: 'all' | 'ready' | 'advance' | 'available';
  sort: 'newest' | 'price_asc' | 'price_desc' | 'rating';
  cursor?: string;
};

/** A page of one type's screen, or of every type (type null: /busca without a term). */
export type AnyTypeFeedInput = Omit<FeedInput, 'type'> & { type: FeedInput['type'] | null };

/**
 * The input the feed screen sends for a page: listingFeedInput's fields (no search), then the
 * infinite query's cursor (pages after the first) and direction, in that order.
 */
export function feedScreenInput(input: AnyTypeFeedInput) {
  return { type: input.type, search: undefined, filter: input.filter, sort: input.sort, limit: 20, ...(input.cursor ? { cursor: input.cursor } : {}), direction: 'forward' } as const;
}

/** The path httpBatchLink makes for one `listings.list` query of the feed screen (the test and the bench check it against recorded ones). */
export function feedPath(input: AnyTypeFeedInput): string {
  const sent = feedScreenInput(input);
  return `/trpc/listings.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(sent) }))}`;
}

const FEED_SORTS = ['newest', 'price_asc', 'price_desc', 'rating'] as const;
const FEED_FILTERS: Record<FeedInput['type'], FeedInput['filter'][]> = { rental: ['all', 'available'], food: ['all', 'ready', 'advance'], service: ['all', 'available'] };

/** A small deterministic generator (mulberry32): the same seed rotates the same URLs in every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Positions 0..size-1 in a seeded random order, each once, then again in a new order: draws without
 * replacement, so a cursor comes back only after every other one of its type has been drawn.
 */
function shuffledPositions(size: number, random: () => number): () => number {
  let order: number[] = [];
  return () => {
    if (order.length === 0) {
      order = Array.from({ length: size }, (_, i) => i);
      for (let i = size - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
    }
    return order.pop()!;
  };
}

/**
 * The feed as neighbours browse it: `count` requests rotating types, their chips and the four
 * sorts, each after a cursor drawn from anywhere in that type's listings (`cursors`: ids of
 * public listings by type), so pages come from deep in the list, not the first screen. A type's
 * cursors are drawn without replacement: no URL repeats (which the feed cache would answer)
 * until every listing of its type has been a cursor. `firstPages` of them (spread over the
 * rotation) have no cursor.
 */
export function rotatedFeedInputs(cursors: Record<FeedInput['type'], readonly string[]>, options: { count: number; seed?: number; firstPages?: number }): FeedInput[] {
  const random = seeded(options.seed ?? 1);
  const types = (Object.keys(FEED_FILTERS) as FeedInput['type'][]).filter((type) => cursors[type].length > 0);
  if (types.length === 0) throw new Error('no listing to draw a cursor from');
  const draws = Object.fromEntries(types.map((type) => [type, shuffledPositions(cursors[type].length, random)])) as Record<FeedInput['type'], () => number>;
  const firstEvery = options.firstPages ? Math.max(1, Math.floor(options.count / options.firstPages)) : 0;
  return Array.from({ length: options.count }, (_, i) => {
    const type = types[i % types.length]!;
    const filters = FEED_FILTERS[type];
    const round = Math.floor(i / types.length);
    const input: FeedInput = { type, filter: filters[round % filters.length]!, sort: FEED_SORTS[Math.floor(round / filters.length) % FEED_SORTS.length]! };
    if (firstEvery && i % firstEvery === 0) return input;
    return { ...input, cursor: cursors[type][draws[type]()]! };
  });
}

/**
 * Every feed shape the real path rotates (type, filter, sort; no cursor), each with the share of the
 * rotation it gets as a whole-number weight: the rotation gives each type a third and splits it evenly
 * between that type's filters and sorts, so a pgbench run of one script a shape draws them as the app does.
 */
export function feedShapes(): { input: FeedInput; weight: number }[] {
  const types = Object.keys(FEED_FILTERS) as FeedInput['type'][];
  const perType = (type: FeedInput['type']) => FEED_FILTERS[type].length * FEED_SORTS.length;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const common = types.map(perType).reduce((a, b) => (a * b) / gcd(a, b));
  return types.flatMap((type) =>
    FEED_FILTERS[type].flatMap((filter) => FEED_SORTS.map((sort) => ({ input: { type, filter, sort }, weight: common / perType(type) }))),
  );
}

/** Load requests for `inputs`, with the headers of a recorded feed request (cookie, encodings). */
export function feedRequests(template: LoadRequest, inputs: readonly AnyTypeFeedInput[]): LoadRequest[] {
  return inputs.map((input) => ({ ...template, path: feedPath(input) }));
}
