import { lazyScreen } from '../lib/lazy-screen.ts';
import { appScreenRoute } from './app-screen-route.ts';

export const profileRoute = appScreenRoute('/perfil', lazyScreen(() => import('../features/profile/components/profile-screen.tsx'), 'ProfileScreen'), (utils) => [
  utils.users.me.ensureData(),
  utils.users.stats.prefetch(),
  utils.notifications.unreadCount.prefetch(),
]);
