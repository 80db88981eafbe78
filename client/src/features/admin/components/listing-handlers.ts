import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';

/** What a listing card in /admin can do; the screen owns the dialogs and the requests. */
export interface ListingHandlers {
  /** The listing whose request is running (its buttons wait). */
  busyId: string | null;
  view: (listing: ManagedListing) => void;
  approve: (listing: ManagedListing) => void;
  reject: (listing: ManagedListing) => void;
  pause: (listing: ManagedListing) => void;
  activate: (listing: ManagedListing) => void;
  remove: (listing: ManagedListing) => void;
}
