import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';
import { allListingsInput, pendingListingsInput, type AllListingsFilters } from '../admin-inputs.ts';


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
