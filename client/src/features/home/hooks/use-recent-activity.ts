import { trpc } from '../../../lib/trpc.ts';

/**
 * Home 'Atividade recente' (docs/product.md §10.5): the server merges the user's newest orders and
 * notifications, newest first, and sends the four shown.
 */
export function useRecentActivity() {
  return trpc.activity.recent.useQuery();
}
