import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/src/router.ts';
import type { LoadRequest } from './load.ts';

// The requests exactly as the browser sends them: made by @trpc/client's
// httpBatchLink with superjson (as client/src/lib/trpc.ts), recorded on the way
// out, then replayed by the load generator.

/** What Chromium sends on every request: the server compresses answers of 1 KB and more for it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

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
