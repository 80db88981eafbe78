import { createRoute } from '@tanstack/react-router';
import { ListingDetailScreen } from '../features/listings/components/listing-detail-screen.tsx';
import { OrderDialog } from '../features/ordering/components/order-dialog.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const foodDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/food/$id',
  // prefetch, not ensureData: a missing listing is a screen of its own ('Prato não encontrado').
  loader: ({ context, params }) => context.queryUtils.listings.byId.prefetch({ id: params.id }),
  component: function FoodDetailRoute() {
    const { id } = foodDetailRoute.useParams();
    return <ListingDetailScreen type="food" id={id} renderOrderDialog={(props) => <OrderDialog {...props} />} />;
  },
});
