import type { ReactNode } from 'react';
import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { CardList, PagedListBody, type PagedList } from './admin-panel.tsx';
import { ModerationListingCard } from './moderation-listing-card.tsx';

interface ModerationListingListProps {
  label: string;
  /** The section's listings; the previous search's cards stay dimmed while the new one loads. */
  list: PagedList<ManagedListing>;
  empty: string;
  showStatus?: boolean;
  renderActions: (listing: ManagedListing) => ReactNode;
}

/** The listing cards of a moderation section (pending ones, or all of them), page by page. */
export function ModerationListingList({ label, list, empty, showStatus = false, renderActions }: ModerationListingListProps) {
  return (
    <PagedListBody list={list} empty={empty}>
      {(items) => (
        <CardList label={label} items={items} stale={list.isPlaceholderData}>
          {(listing) => (
            <ModerationListingCard listing={listing} showStatus={showStatus}>
              {renderActions(listing)}
            </ModerationListingCard>
          )}
        </CardList>
      )}
    </PagedListBody>
  );
}
