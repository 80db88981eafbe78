import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const neighbourRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/vizinho/$id',
  // prefetch, not ensureData: someone not found is a screen of its own.
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryUtils.users.neighbour.prefetch({ id: params.id }),
      context.queryUtils.listings.list.prefetch({ ownerId: params.id, limit: 50 }),
      context.queryUtils.reviews.forUser.prefetch({ userId: params.id }),
    ]);
  },
  // The page and its screen in one chunk (routes/pages).
  component: lazyScreen(() => import('./pages/vizinho.tsx'), 'NeighbourPage'),
});
