import { createRoute, useRouter } from '@tanstack/react-router';
import { parseBrowseSearch, type BrowseSearch } from '../features/listings/browse-search.ts';
import { listingFeedInput } from '../features/listings/hooks/use-listing-feed.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ListingBrowseScreen = lazyScreen(() => import('../features/listings/components/listing-browse-screen.tsx'), 'ListingBrowseScreen');

/** /busca?busca=...: the home search, across rentals, food and services (issue 13). */
export const searchRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/busca',
  validateSearch: (search: Record<string, unknown>): BrowseSearch => parseBrowseSearch(null, search),
  loader: ({ context, location }) =>
    context.queryUtils.listings.list.prefetchInfinite(listingFeedInput(null, parseBrowseSearch(null, location.search as Record<string, unknown>))),
  component: withScreens(function SearchRoute() {
    const search = searchRoute.useSearch();
    const navigate = searchRoute.useNavigate();
    const router = useRouter();
    return (
      <ListingBrowseScreen
        type={null}
        search={search}
        onSearchChange={(patch) => {
          if (router.latestLocation.pathname !== '/busca') return;
          void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
        }}
      />
    );
  }, ListingBrowseScreen),
});
