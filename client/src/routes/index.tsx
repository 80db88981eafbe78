import { createRoute } from '@tanstack/react-router';
import { HomeScreen } from '../features/home/components/home-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  loader: ({ context }) =>
    Promise.all([
      context.queryUtils.notifications.unreadCount.prefetch(),
      context.queryUtils.activity.recent.prefetch(),
      context.queryUtils.listings.countsByType.prefetch(),
    ]),
  component: HomeScreen,
});
