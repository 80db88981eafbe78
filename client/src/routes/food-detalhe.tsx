import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ListingDetailScreen = lazyScreen(() => import('../features/listings/components/listing-detail-screen.tsx'), 'ListingDetailScreen');
const OrderDialog = lazyScreen(() => import('../features/ordering/components/order-dialog.tsx'), 'OrderDialog');

export const foodDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/food/$id',
  // prefetch, not ensureData: a missing listing is a screen of its own ('Prato não encontrado').
  loader: ({ context, params }) => context.queryUtils.listings.byId.prefetch({ id: params.id }),
  component: withScreens(function FoodDetailRoute() {
    const { id } = foodDetailRoute.useParams();
    return <ListingDetailScreen type="food" id={id} renderOrderDialog={(props) => <OrderDialog {...props} />} />;
  }, ListingDetailScreen, OrderDialog),
});
