import type { ListingStatus, PausedBy } from './listing.schema.ts';
import { isExpiredActive, listingStatusLabel } from './listing.rules.ts';

// Apart from listing.rules.ts, which every listing's first screen downloads: only the
// owner's screen and the export read a listing's whole status in words.

/** A listing's status as the app shows it: 'Expirado' once an active listing is past its expiry, else its label. */
export function listingStatusText(listing: { status: ListingStatus; pausedBy: PausedBy | null; expiresAt: Date | null }, now: Date = new Date()): string {
  return isExpiredActive(listing.status, listing.expiresAt, now) ? 'Expirado' : listingStatusLabel(listing.status, listing.pausedBy);
}
