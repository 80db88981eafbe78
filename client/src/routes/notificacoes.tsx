import { createRoute } from '@tanstack/react-router';
import { notificationListInput } from '../features/notifications/notification-inputs.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const notificationsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/notificacoes',
  loader: ({ context }) =>
    Promise.all([
      context.queryUtils.notifications.list.prefetchInfinite(notificationListInput('all')),
      context.queryUtils.notifications.unreadCount.prefetch(),
      context.queryUtils.notifications.preferences.prefetch(),
    ]),
  component: lazyScreen(() => import('../features/notifications/components/notifications-screen.tsx'), 'NotificationsScreen'),
});
