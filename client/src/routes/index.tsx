import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  loader: ({ context }) =>
    Promise.all([
      context.queryUtils.notifications.unreadCount.prefetch(),
      context.queryUtils.activity.recent.prefetch(),
      context.queryUtils.listings.countsByType.prefetch(),
    ]),
  component: lazyScreen(() => import('../features/home/components/home-screen.tsx'), 'HomeScreen'),
});
