import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ListingDetailScreen = lazyScreen(() => import('../features/listings/components/listing-detail-screen.tsx'), 'ListingDetailScreen');
const OrderDialog = lazyScreen(() => import('../features/ordering/components/order-dialog.tsx'), 'OrderDialog');

export const serviceDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/service/$id',
  // prefetch, not ensureData: a missing listing is a screen of its own ('Serviço não encontrado').
  loader: ({ context, params }) => context.queryUtils.listings.byId.prefetch({ id: params.id }),
  component: withScreens(function ServiceDetailRoute() {
    const { id } = serviceDetailRoute.useParams();
    return <ListingDetailScreen type="service" id={id} renderOrderDialog={(props) => <OrderDialog {...props} />} />;
  }, ListingDetailScreen, OrderDialog),
});
