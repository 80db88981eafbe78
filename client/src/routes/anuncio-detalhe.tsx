import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const listingDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/anuncio/$id',
  // Not awaited: the screen opens at once with its own loading and not-found states (docs/product.md §10.12).
  loader: ({ context, params }) => {
    void context.queryUtils.listings.ownerView.prefetch({ id: params.id });
  },
  // The page and its screen in one chunk (routes/pages).
  component: lazyScreen(() => import('./pages/anuncio-detalhe.tsx'), 'OwnerListingPage'),
});
