import { keepPreviousData } from '@tanstack/react-query';
import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';
import { trpc } from '../../../lib/trpc.ts';
import { listingFeedInput, type BrowseSearch } from '../browse-search.ts';


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
