import { trpc } from '../lib/trpc.ts';

/** Unread notifications for the bell (home) and the tile (profile); live events invalidate it. */
export function useUnreadCount(): number {
  return trpc.notifications.unreadCount.useQuery().data ?? 0;
}
