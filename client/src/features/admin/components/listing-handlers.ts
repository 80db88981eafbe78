import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import type { CardHandlers } from '../../../lib/card-handlers.ts';

/** What a listing card in /admin can do. */
export type ListingHandlers = CardHandlers<ManagedListing, 'view' | 'approve' | 'reject' | 'pause' | 'activate' | 'remove'>;
