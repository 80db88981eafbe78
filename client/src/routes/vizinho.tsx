import { createRoute } from '@tanstack/react-router';
import { NeighbourScreen } from '../features/listings/components/neighbour-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

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
  component: function NeighbourRoute() {
    const { id } = neighbourRoute.useParams();
    return <NeighbourScreen id={id} />;
  },
});
