import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const myListingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/anuncios',
  // Fetched again when stale: the owner's actions invalidate it before coming back here.
  loader: ({ context }) => context.queryUtils.listings.mine.prefetch(),
  component: lazyScreen(() => import('../features/my-listings/components/my-listings-screen.tsx'), 'MyListingsScreen'),
});
