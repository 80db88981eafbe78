import { createRoute } from '@tanstack/react-router';
import { NotificationsScreen } from '../features/notifications/components/notifications-screen.tsx';
import { notificationListInput } from '../features/notifications/hooks/use-notifications.ts';
import { appLayoutRoute } from './app-layout.tsx';

export const notificationsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/notificacoes',
  loader: ({ context }) =>
    Promise.all([
      context.queryUtils.notifications.list.prefetchInfinite(notificationListInput('all')),
      context.queryUtils.notifications.unreadCount.prefetch(),
      context.queryUtils.notifications.preferences.prefetch(),
    ]),
  component: NotificationsScreen,
});
