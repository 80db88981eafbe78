import { keepPreviousData } from '@tanstack/react-query';
import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';
import { trpc } from '../../../lib/trpc.ts';
import type { BrowseSearch } from '../browse-search.ts';

export const FEED_PAGE_SIZE = 20;

/** One input for the route loader and the screen, so both read the same cache entry. */
export function listingFeedInput(type: ListingType | null, search: BrowseSearch) {
  return { type, search: search.busca, filter: search.filtro ?? 'all', sort: search.ordem ?? 'newest', limit: FEED_PAGE_SIZE } as const;
}

/**
 * The public feed, page by page (keyset cursor). While a new search loads, the
 * previous cards stay on screen instead of flashing a spinner at each keystroke.
 */
export function useListingFeed(type: ListingType | null, search: BrowseSearch) {
  const query = trpc.listings.list.useInfiniteQuery(listingFeedInput(type, search), {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items };
}
