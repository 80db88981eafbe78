import { lazyScreen } from '../lib/lazy-screen.ts';
import { appScreenRoute } from './app-screen-route.ts';

export const homeRoute = appScreenRoute('/', lazyScreen(() => import('../features/home/components/home-screen.tsx'), 'HomeScreen'), (utils) => [
  utils.notifications.unreadCount.prefetch(),
  utils.activity.recent.prefetch(),
  utils.listings.countsByType.prefetch(),
  // The 'Mensagens' link's count: without it the link is drawn again once it answers.
  utils.messages.unread.prefetch(),
  // The pinned announcement on top: drawn with the rest, not pushing the screen down when it answers.
  utils.announcements.pinned.prefetch(),
]);
