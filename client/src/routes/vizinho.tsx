import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const NeighbourScreen = lazyScreen(() => import('../features/listings/components/neighbour-screen.tsx'), 'NeighbourScreen');

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
  component: withScreens(function NeighbourRoute() {
    const { id } = neighbourRoute.useParams();
    return <NeighbourScreen id={id} />;
  }, NeighbourScreen),
});
