import { createRoute } from '@tanstack/react-router';
import { ListingDetailScreen } from '../features/listings/components/listing-detail-screen.tsx';
import { OrderDialog } from '../features/ordering/components/order-dialog.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const serviceDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/service/$id',
  // prefetch, not ensureData: a missing listing is a screen of its own ('Serviço não encontrado').
  loader: ({ context, params }) => context.queryUtils.listings.byId.prefetch({ id: params.id }),
  component: function ServiceDetailRoute() {
    const { id } = serviceDetailRoute.useParams();
    return <ListingDetailScreen type="service" id={id} renderOrderDialog={(props) => <OrderDialog {...props} />} />;
  },
});
