import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const announcementsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/comunicados',
  loader: ({ context }) => context.queryUtils.announcements.list.ensureData(),
  component: lazyScreen(() => import('../features/announcements/components/announcements-screen.tsx'), 'AnnouncementsScreen'),
});
