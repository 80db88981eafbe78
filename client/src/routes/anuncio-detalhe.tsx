import { createRoute } from '@tanstack/react-router';
import type { JSX } from 'react';
import { OwnerListingScreen } from '../features/my-listings/components/owner-listing-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

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
  component: OwnerListingPage,
});
