import { createRoute } from '@tanstack/react-router';
import { parseBrowseSearch, type BrowseSearch } from '../features/listings/browse-search.ts';
import { ListingBrowseScreen } from '../features/listings/components/listing-browse-screen.tsx';
import { listingFeedInput } from '../features/listings/hooks/use-listing-feed.ts';
import { appLayoutRoute } from './app-layout.tsx';

export const foodRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/comidas',
  validateSearch: (search: Record<string, unknown>): BrowseSearch => parseBrowseSearch('food', search),
  // No loaderDeps: a new search must not swap the screen for the pending one while typing.
  loader: ({ context, location }) =>
    context.queryUtils.listings.list.prefetchInfinite(listingFeedInput('food', parseBrowseSearch('food', location.search as Record<string, unknown>))),
  component: function FoodRoute() {
    const search = foodRoute.useSearch();
    const navigate = foodRoute.useNavigate();
    return (
      <ListingBrowseScreen
        type="food"
        search={search}
        onSearchChange={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })}
      />
    );
  },
});
