import { superjsonText } from '../../server/src/http/superjson-text.ts';

/**
 * The bare endpoint's answer to the browser's batched GET of listings.list: the page of the rows it
 * read (`limit` of them; one more says there is a next page) in tRPC's batch envelope, its superjson
 * text written by the app's own writer (superjsonText). With superjson's serialize there the bare
 * endpoint spent about 0.4 ms per page more than the app on the same text, which the app's CPU ratio
 * against it counted in the app's favour.
 */
export function bareFeedAnswer(rows: readonly { id: string }[], limit: number): string {
  const items = rows.slice(0, limit);
  const page = { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
  return `[{"result":{"data":${superjsonText(page)}}}]`;
}
