import { createRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../features/profile/components/profile-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const profileRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/perfil',
  loader: ({ context }) =>
    Promise.all([
      context.queryUtils.users.me.ensureData(),
      context.queryUtils.users.stats.prefetch(),
      context.queryUtils.notifications.unreadCount.prefetch(),
    ]),
  component: ProfileScreen,
});
