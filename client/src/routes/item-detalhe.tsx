import { createRoute } from '@tanstack/react-router';
import { ListingDetailScreen } from '../features/listings/components/listing-detail-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const rentalDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/item/$id',
  // prefetch, not ensureData: a missing listing is a screen of its own ('Item não encontrado').
  loader: ({ context, params }) => context.queryUtils.listings.byId.prefetch({ id: params.id }),
  component: function RentalDetailRoute() {
    const { id } = rentalDetailRoute.useParams();
    return <ListingDetailScreen type="rental" id={id} />;
  },
});
