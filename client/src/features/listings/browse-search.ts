import {
  FEED_PAGE_SIZE,
  filterFitsType,
  LISTING_FILTERS,
  LISTING_SORTS,
  SEARCH_MAX_LENGTH,
  type ListingFilter,
  type ListingSort,
  type ListingType,
} from '@vizinhanca/shared/listings/listing.constants';

/** The browse screens keep the search and the chip in the URL, so going back restores them. */
export interface BrowseSearch {
  busca?: string;
  filtro?: Exclude<ListingFilter, 'all'>;
  /** The order; newest first when left out. */
  ordem?: Exclude<ListingSort, 'newest'>;
}

export function parseBrowseSearch(type: ListingType | null, search: Record<string, unknown>): BrowseSearch {
  const text = typeof search.busca === 'string' || typeof search.busca === 'number' ? String(search.busca).trim().slice(0, SEARCH_MAX_LENGTH) : '';
  const filter = LISTING_FILTERS.find((value) => value === search.filtro && value !== 'all' && filterFitsType(value, type));
  const sort = LISTING_SORTS.find((value) => value === search.ordem && value !== 'newest');
  return { busca: text || undefined, filtro: filter === 'all' ? undefined : filter, ordem: sort === 'newest' ? undefined : sort };
}

/** One input for the route loader and the screen, so both read the same cache entry. */
export function listingFeedInput(type: ListingType | null, search: BrowseSearch) {
  return { type, search: search.busca, filter: search.filtro ?? 'all', sort: search.ordem ?? 'newest', limit: FEED_PAGE_SIZE } as const;
}
