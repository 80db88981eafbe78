import { createRoute } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import type { ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';
import { appLayoutRoute } from './app-layout.tsx';

const ListingDetailScreen = lazyScreen(() => import('../features/listings/components/listing-detail-screen.tsx'), 'ListingDetailScreen');
/** Mounted only when the person taps to order: loaded after the screen, not with it (it brings the order rules and Zod). */
const OrderDialog = lazyScreen(() => import('../features/ordering/components/order-dialog.tsx'), 'OrderDialog');

type DetailPath = '/item/$id' | '/food/$id' | '/service/$id';

/** A listing's public screen, with the order dialog of its type. */
function detailRoute(path: DetailPath, type: ListingType) {
  const route = createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    // prefetch, not ensureData: a missing listing is a screen of its own ('Item não encontrado').
    loader: async ({ context, params }) => {
      await context.queryUtils.listings.byId.prefetch({ id: params.id });
      // A rental's lister reviews load alongside the screen, not after it.
      const listing = context.queryUtils.listings.byId.getData({ id: params.id });
      if (listing?.type === 'rental') void context.queryUtils.reviews.forUser.prefetch({ userId: listing.owner.id });
    },
    component: withScreens(function DetailRoute() {
      const { id } = route.useParams();
      useEffect(() => void OrderDialog.preload?.(), []);
      return (
        <ListingDetailScreen
          type={type}
          id={id}
          renderOrderDialog={(props) => (
            <Suspense fallback={null}>
              <OrderDialog {...props} />
            </Suspense>
          )}
        />
      );
    }, ListingDetailScreen),
  });
  return route;
}

export const rentalDetailRoute = detailRoute('/item/$id', 'rental');
export const foodDetailRoute = detailRoute('/food/$id', 'food');
export const serviceDetailRoute = detailRoute('/service/$id', 'service');
