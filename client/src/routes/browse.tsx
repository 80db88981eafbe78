import { createRoute } from '@tanstack/react-router';
import type { ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { listingFeedInput, parseBrowseSearch, type BrowseSearch } from '../features/listings/browse-search.ts';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';
import { appLayoutRoute } from './app-layout.tsx';
import type { BrowsePath } from './pages/browse.tsx';

/** The page and its screen in one chunk (routes/pages: what only the page needs stays out of the entry). */
const BrowsePage = lazyScreen(() => import('./pages/browse.tsx'), 'BrowsePage');

/** A browse screen: one type's feed, or all three (type null, the home search's results on /busca). */
function browseRoute<TPath extends BrowsePath>(path: TPath, type: ListingType | null) {
  return createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    validateSearch: (search: Record<string, unknown>): BrowseSearch => parseBrowseSearch(type, search),
    // No loaderDeps: a new search must not swap the screen for the pending one while typing.
    loader: ({ context, location }) =>
      context.queryUtils.listings.list.prefetchInfinite(listingFeedInput(type, parseBrowseSearch(type, location.search as Record<string, unknown>))),
    component: withScreens(() => <BrowsePage path={path} type={type} />, BrowsePage),
  });
}

export const rentalsRoute = browseRoute('/alugueis', 'rental');
export const foodRoute = browseRoute('/comidas', 'food');
export const servicesRoute = browseRoute('/servicos', 'service');
/** /busca?busca=...: the home search, across rentals, food and services. */
export const searchRoute = browseRoute('/busca', null);
