import { trpc } from '../lib/trpc.ts';

/**
 * Unread messages of the user's order conversations: per order (the order cards)
 * and in total (the 'Mensagens' entry on home and the profile). Live events invalidate it.
 */
export function useUnreadMessages() {
  const data = trpc.messages.unread.useQuery().data;
  const byOrder = new Map((data?.byOrder ?? []).map((row) => [row.orderId, row.count]));
  return { total: data?.total ?? 0, byOrder };
}
