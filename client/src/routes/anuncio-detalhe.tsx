import { createRoute } from '@tanstack/react-router';
import type { JSX } from 'react';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const OwnerListingScreen = lazyScreen(() => import('../features/my-listings/components/owner-listing-screen.tsx'), 'OwnerListingScreen');

function OwnerListingPage(): JSX.Element {
  const { id } = listingDetailRoute.useParams();
  return <OwnerListingScreen id={id} />;
}

export const listingDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/anuncio/$id',
  // Not awaited: the screen opens at once with its own loading and not-found states (docs/product.md §10.12).
  loader: ({ context, params }) => {
    void context.queryUtils.listings.ownerView.prefetch({ id: params.id });
  },
  component: withScreens(OwnerListingPage, OwnerListingScreen),
});
