import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

const LISTING_TYPES = ['rental', 'food', 'service'] as const;
type ListingType = (typeof LISTING_TYPES)[number];

/** ?category= preselects the type (spec 2.12 shortcuts); ?edit= opens an existing listing. */
function listingFormSearch(search: Record<string, unknown>): { category?: ListingType; edit?: string } {
  const category = LISTING_TYPES.find((type) => type === search.category);
  const edit = typeof search.edit === 'string' || typeof search.edit === 'number' ? String(search.edit) : undefined;
  return { category, edit };
}

export const createListingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/anuncios/criar',
  validateSearch: listingFormSearch,
  component: () => <PlaceholderScreen title="Criar Anúncio" backTo="/anuncios" />,
});
