import { NOTIFICATION_PAGE_SIZE } from '@vizinhanca/shared/notifications/notification.constants';

// The input the /notificacoes route loader prefetches, apart from the hooks: the route
// definitions sit in the entry chunk (docs/decisions/013-first-screen.md).

export type NotificationTab = 'all' | 'unread';

/** One input for the route loader and the screen, so both read the same cache entry. */
export function notificationListInput(tab: NotificationTab) {
  return { unreadOnly: tab === 'unread', limit: NOTIFICATION_PAGE_SIZE } as const;
}
