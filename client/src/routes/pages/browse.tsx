import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import type { ListingType } from '@vizinhanca/shared/listings/listing.constants';
import type { BrowseSearch } from '../../features/listings/browse-search.ts';
import { ListingBrowseScreen } from '../../features/listings/components/listing-browse-screen.tsx';
import { WantedSearchSection } from '../../features/wanted/components/wanted-search-section.tsx';

export type BrowsePath = '/alugueis' | '/comidas' | '/servicos' | '/busca';

/** The browse route's page (routes/browse.tsx loads it with the screen, one chunk): the search in the address. */
export function BrowsePage({ path, type }: { path: BrowsePath; type: ListingType | null }) {
  // The route validated the search (validateSearch in routes/browse.tsx); non-strict reads keep this page generic.
  const search: BrowseSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const router = useRouter();
  return (
    <ListingBrowseScreen
      type={type}
      search={search}
      beforeResults={path === '/busca' && search.busca ? <WantedSearchSection search={search.busca} /> : undefined}
      onSearchChange={(patch) => {
        // A search typed just before tapping a card must not pull the user back from the detail screen.
        if (router.latestLocation.pathname !== path) return;
        void navigate({ to: path, search: (previous) => ({ ...previous, ...patch }), replace: true });
      }}
    />
  );
}
