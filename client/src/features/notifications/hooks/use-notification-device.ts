import { useEffect } from 'react';
import { queryUtils, trpc, trpcClient } from '../../../lib/trpc.ts';
import { useAppBadge } from './use-app-badge.ts';

/**
 * What the app does for notifications on every screen: the icon badge follows the unread count; push stays
 * subscribed. The renewal and what it needs (the preferences, the push code, which /configuracoes' chunk
 * carries with its stylesheets) load only on a device that already allowed notifications: on the others
 * their result could not change anything (docs/decisions/013-first-screen.md).
 */
export function useNotificationDevice(approved: boolean) {
  const unread = trpc.notifications.unreadCount.useQuery(undefined, { enabled: approved });
  useAppBadge(approved ? (unread.data ?? 0) : 0);
  useEffect(() => {
    if (!approved || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    // Once per start (and again if the account is approved while the app is open).
    import('../push-renewal.ts').then(({ renewPushSubscription }) => renewPushSubscription(queryUtils, trpcClient)).catch(() => undefined);
  }, [approved]);
}
