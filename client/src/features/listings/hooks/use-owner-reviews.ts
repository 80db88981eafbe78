import { trpc } from '../../../lib/trpc.ts';

/** The lister's rating and the reviews they received, newest first (docs/product.md §10.7). */
export function useOwnerReviews(ownerId: string) {
  return trpc.reviews.forUser.useQuery({ userId: ownerId });
}
