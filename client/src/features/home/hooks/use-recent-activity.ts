import { trpc } from '../../../lib/trpc.ts';

/** Spec 2.5: five fetched, four shown. Orders join this list when they exist. */
export const RECENT_ACTIVITY_INPUT = { unreadOnly: false, limit: 5 } as const;
export const RECENT_ACTIVITY_SHOWN = 4;

export function useRecentActivity() {
  const query = trpc.notifications.list.useQuery(RECENT_ACTIVITY_INPUT);
  const items = (query.data ?? [])
    .map((notification) => ({
      id: notification.id,
      kind: 'notification' as const,
      title: notification.title,
      message: notification.message,
      createdAt: notification.createdAt,
    }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, RECENT_ACTIVITY_SHOWN);
  return { items, isPending: query.isPending };
}
