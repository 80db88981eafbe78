import { createRoute, useRouter } from '@tanstack/react-router';
import { parseBrowseSearch, type BrowseSearch } from '../features/listings/browse-search.ts';
import { listingFeedInput } from '../features/listings/hooks/use-listing-feed.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ListingBrowseScreen = lazyScreen(() => import('../features/listings/components/listing-browse-screen.tsx'), 'ListingBrowseScreen');

export const rentalsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/alugueis',
  validateSearch: (search: Record<string, unknown>): BrowseSearch => parseBrowseSearch('rental', search),
  // No loaderDeps: a new search must not swap the screen for the pending one while typing.
  loader: ({ context, location }) =>
    context.queryUtils.listings.list.prefetchInfinite(listingFeedInput('rental', parseBrowseSearch('rental', location.search as Record<string, unknown>))),
  component: withScreens(function RentalsRoute() {
    const search = rentalsRoute.useSearch();
    const navigate = rentalsRoute.useNavigate();
    const router = useRouter();
    return (
      <ListingBrowseScreen
        type="rental"
        search={search}
        onSearchChange={(patch) => {
          // A search typed just before tapping a card must not pull the user back from the detail screen.
          if (router.latestLocation.pathname !== '/alugueis') return;
          void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
        }}
      />
    );
  }, ListingBrowseScreen),
});
