import { createRoute } from '@tanstack/react-router';
import { HomeScreen } from '../features/home/components/home-screen.tsx';
import { RECENT_ACTIVITY_INPUT } from '../features/home/hooks/use-recent-activity.ts';
import { appLayoutRoute } from './app-layout.tsx';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  loader: ({ context }) =>
    Promise.all([
      context.queryUtils.notifications.unreadCount.prefetch(),
      context.queryUtils.notifications.list.prefetch(RECENT_ACTIVITY_INPUT),
      context.queryUtils.listings.countsByType.prefetch(),
    ]),
  component: HomeScreen,
});
