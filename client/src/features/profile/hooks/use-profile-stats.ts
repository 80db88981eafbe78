import { trpc } from '../../../lib/trpc.ts';

/** Listings, orders made and the real rating received (docs/product.md §10.9); the route loader prefetches it. */
export function useProfileStats() {
  return trpc.users.stats.useQuery();
}
