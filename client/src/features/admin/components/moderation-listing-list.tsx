import type { ReactNode } from 'react';
import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { CardList } from './admin-panel.tsx';
import { ModerationListingCard } from './moderation-listing-card.tsx';

interface ModerationListingListProps {
  label: string;
  listings: ManagedListing[];
  /** The previous search's cards, dimmed while the new one loads. */
  stale: boolean;
  showStatus?: boolean;
  renderActions: (listing: ManagedListing) => ReactNode;
}

/** The listing cards of a moderation section (pending ones, or all of them). */
export function ModerationListingList({ label, listings, stale, showStatus = false, renderActions }: ModerationListingListProps) {
  return (
    <CardList label={label} items={listings} stale={stale}>
      {(listing) => (
        <ModerationListingCard listing={listing} showStatus={showStatus}>
          {renderActions(listing)}
        </ModerationListingCard>
      )}
    </CardList>
  );
}
