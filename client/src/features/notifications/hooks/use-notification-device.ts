import { trpc } from '../../../lib/trpc.ts';
import { useAppBadge } from './use-app-badge.ts';
import { useKeepPushSubscription } from './use-push-device.ts';

/** What the app does for notifications on every screen: the icon badge follows the unread count; push stays subscribed. */
export function useNotificationDevice(approved: boolean) {
  const unread = trpc.notifications.unreadCount.useQuery(undefined, { enabled: approved });
  useAppBadge(approved ? (unread.data ?? 0) : 0);
  useKeepPushSubscription(approved);
}
