import { trpc } from '../../../lib/trpc.ts';

/** /anuncios: the counters and every listing of the signed-in user (the route loader fills the cache). */
export function useMyListings() {
  const [data] = trpc.listings.mine.useSuspenseQuery();
  return data;
}

/** /anuncio/{id}: one of the user's listings, in any status (loading and not-found are the screen's). */
export function useOwnerListing(id: string) {
  return trpc.listings.ownerView.useQuery({ id });
}
