import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const savedRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/salvos',
  loader: ({ context }) => context.queryUtils.listings.saved.prefetch(),
  component: lazyScreen(() => import('../features/listings/components/saved-screen.tsx'), 'SavedScreen'),
});
