import { keepPreviousData } from '@tanstack/react-query';
import type { ListingStatus, ListingType } from '@vizinhanca/shared/listings/listing.schema';
import { trpc } from '../../../lib/trpc.ts';

export const MODERATION_PAGE_SIZE = 20;

/** Inputs shared by the route loader and the screen (one cache entry each). */
export function pendingListingsInput(search: string) {
  return { search: search || undefined, limit: MODERATION_PAGE_SIZE };
}

export interface AllListingsFilters {
  search: string;
  type: ListingType | null;
  status: ListingStatus | null;
}

export const NO_LISTING_FILTERS: AllListingsFilters = { search: '', type: null, status: null };

export function allListingsInput({ search, type, status }: AllListingsFilters) {
  return { search: search || undefined, type, status, limit: MODERATION_PAGE_SIZE };
}

/** Listings awaiting approval, newest first, page by page ('Carregar mais'). */
export function usePendingListings(search: string) {
  const query = trpc.listings.moderation.pending.useInfiniteQuery(pendingListingsInput(search), {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/** 'Todos os Anúncios': every status, with search, type and status filters. */
export function useAllListings(filters: AllListingsFilters) {
  const query = trpc.listings.moderation.list.useInfiniteQuery(allListingsInput(filters), {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/** Listings neighbours see right now (the 'Anúncios' summary card). */
export function usePublicListingCount() {
  const query = trpc.listings.countsByType.useQuery();
  return query.data ? query.data.rental + query.data.food + query.data.service : null;
}
