import { createRoute } from '@tanstack/react-router';
import type { ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';
import { appLayoutRoute } from './app-layout.tsx';

/** The page and its screen in one chunk (routes/pages). */
const ListingDetailPage = lazyScreen(() => import('./pages/listing-detail.tsx'), 'ListingDetailPage');

type DetailPath = '/item/$id' | '/food/$id' | '/service/$id';

/** A listing's public screen. */
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
      return <ListingDetailPage type={type} id={id} />;
    }, ListingDetailPage),
  });
  return route;
}

export const rentalDetailRoute = detailRoute('/item/$id', 'rental');
export const foodDetailRoute = detailRoute('/food/$id', 'food');
export const serviceDetailRoute = detailRoute('/service/$id', 'service');
