import { createRoute, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import type { ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { listingFeedInput, parseBrowseSearch, type BrowseSearch } from '../features/listings/browse-search.ts';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';
import { appLayoutRoute } from './app-layout.tsx';

const ListingBrowseScreen = lazyScreen(() => import('../features/listings/components/listing-browse-screen.tsx'), 'ListingBrowseScreen');

type BrowsePath = '/alugueis' | '/comidas' | '/servicos' | '/busca';

/** A browse screen: one type's feed, or all three (type null, the home search's results on /busca). */
function browseRoute<TPath extends BrowsePath>(path: TPath, type: ListingType | null) {
  return createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    validateSearch: (search: Record<string, unknown>): BrowseSearch => parseBrowseSearch(type, search),
    // No loaderDeps: a new search must not swap the screen for the pending one while typing.
    loader: ({ context, location }) =>
      context.queryUtils.listings.list.prefetchInfinite(listingFeedInput(type, parseBrowseSearch(type, location.search as Record<string, unknown>))),
    component: withScreens(() => <BrowseRouteScreen path={path} type={type} />, ListingBrowseScreen),
  });
}

function BrowseRouteScreen({ path, type }: { path: BrowsePath; type: ListingType | null }) {
  // The route validated the search (validateSearch above); non-strict reads keep this screen generic.
  const search: BrowseSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const router = useRouter();
  return (
    <ListingBrowseScreen
      type={type}
      search={search}
      onSearchChange={(patch) => {
        // A search typed just before tapping a card must not pull the user back from the detail screen.
        if (router.latestLocation.pathname !== path) return;
        void navigate({ to: path, search: (previous) => ({ ...previous, ...patch }), replace: true });
      }}
    />
  );
}

export const rentalsRoute = browseRoute('/alugueis', 'rental');
export const foodRoute = browseRoute('/comidas', 'food');
export const servicesRoute = browseRoute('/servicos', 'service');
/** /busca?busca=...: the home search, across rentals, food and services (issue 13). */
export const searchRoute = browseRoute('/busca', null);
