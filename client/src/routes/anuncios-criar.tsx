import { createRoute } from '@tanstack/react-router';
import { LISTING_TYPES, type ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

/** ?category= preselects the type (docs/product.md §10.10 shortcuts); ?edit= opens an existing listing; ?procura= writes one from a 'Procura-se' request. */
function listingFormSearch(search: Record<string, unknown>): { category?: ListingType; edit?: string; procura?: string } {
  const category = LISTING_TYPES.find((type) => type === search.category);
  const edit = typeof search.edit === 'string' || typeof search.edit === 'number' ? String(search.edit) : undefined;
  const procura = typeof search.procura === 'string' ? search.procura : undefined;
  return { category, edit, procura };
}

export const createListingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/anuncios/criar',
  validateSearch: listingFormSearch,
  loaderDeps: ({ search }) => ({ edit: search.edit }),
  // Editing: the listing starts loading with the navigation (the form shows its own loading state).
  loader: ({ context, deps }) => {
    if (deps.edit) void context.queryUtils.listings.ownerView.prefetch({ id: deps.edit });
  },
  // The page and the editor in one chunk (routes/pages).
  component: lazyScreen(() => import('./pages/anuncios-criar.tsx'), 'CreateListingPage'),
});
