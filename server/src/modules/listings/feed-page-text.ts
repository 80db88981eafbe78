import { superjsonEnvelope, writtenBy } from '../../http/superjson-text.ts';
import type { FeedPage } from './feed-cache.ts';

/**
 * superjson's text for a page of public listings, the same `superjsonText` writes, without its walk over
 * every value: a PublicListing's only Dates are publishedAt and expiresAt, both always set (listings-output
 * tests hold the text equal to superjson's for fully filled listings, so a Date field added to the shape
 * fails there). Null, leaving the page to the walk, when a date is not a valid Date.
 */
export function feedPageText(page: FeedPage): string | null {
  const items: unknown[] = [];
  const dates: string[] = [];
  for (let index = 0; index < page.items.length; index++) {
    const item = page.items[index]!;
    const { publishedAt, expiresAt } = item;
    if (!(publishedAt instanceof Date) || !(expiresAt instanceof Date) || Number.isNaN(publishedAt.getTime()) || Number.isNaN(expiresAt.getTime())) return null;
    // Strings in the copy keep JSON.stringify on its fast path (a Date's toJSON takes it off); superjson
    // notes each Date's path in the item's key order.
    items.push({ ...item, publishedAt: publishedAt.toISOString(), expiresAt: expiresAt.toISOString() });
    dates.push(`"items.${index}.publishedAt":["Date"],"items.${index}.expiresAt":["Date"]`);
  }
  return superjsonEnvelope(JSON.stringify({ items, nextCursor: page.nextCursor }), dates);
}

/** The page, written by `feedPageText` wherever it is answered (tRPC, the feed's fast path, the cache's texts). */
export function feedPage(page: FeedPage): FeedPage {
  return writtenBy(page, feedPageText);
}
