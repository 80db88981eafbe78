import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ListingDetailScreen = lazyScreen(() => import('../features/listings/components/listing-detail-screen.tsx'), 'ListingDetailScreen');
const OrderDialog = lazyScreen(() => import('../features/ordering/components/order-dialog.tsx'), 'OrderDialog');

export const rentalDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/item/$id',
  // prefetch, not ensureData: a missing listing is a screen of its own ('Item não encontrado').
  loader: async ({ context, params }) => {
    await context.queryUtils.listings.byId.prefetch({ id: params.id });
    // The lister's reviews load alongside the screen, not after it.
    const listing = context.queryUtils.listings.byId.getData({ id: params.id });
    if (listing?.type === 'rental') void context.queryUtils.reviews.forUser.prefetch({ userId: listing.owner.id });
  },
  component: withScreens(function RentalDetailRoute() {
    const { id } = rentalDetailRoute.useParams();
    return <ListingDetailScreen type="rental" id={id} renderOrderDialog={(props) => <OrderDialog {...props} />} />;
  }, ListingDetailScreen, OrderDialog),
});
