import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const profileRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/perfil',
  loader: ({ context }) =>
    Promise.all([
      context.queryUtils.users.me.ensureData(),
      context.queryUtils.users.stats.prefetch(),
      context.queryUtils.notifications.unreadCount.prefetch(),
    ]),
  component: lazyScreen(() => import('../features/profile/components/profile-screen.tsx'), 'ProfileScreen'),
});
