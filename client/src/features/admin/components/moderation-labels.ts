import { LISTING_TYPES } from '@vizinhanca/shared/listings/listing.constants';
import type { ListingStatus, ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { isExpired, LISTING_TYPE_LABELS } from '@vizinhanca/shared/listings/listing.rules';
import { ORDER_STATUS_LABELS } from '@vizinhanca/shared/orders/order.rules';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { moderationStatusLabel } from '../../../components/status-badges.tsx';

/** A filter's choices: 'Todos' first, then each value under its label. */
function optionsWithAll<T extends string>(values: readonly T[], labelOf: (value: T) => string): readonly { value: T | 'all'; label: string }[] {
  return [{ value: 'all', label: 'Todos' }, ...values.map((value) => ({ value, label: labelOf(value) }))];
}

export const TYPE_OPTIONS = optionsWithAll(LISTING_TYPES, (type) => LISTING_TYPE_LABELS[type]);

/** docs/product.md §10.17 asks for all/active/paused/pending; the other two statuses exist too (labelled as the badges say them). */
export const STATUS_OPTIONS = optionsWithAll<ListingStatus>(['active', 'paused', 'pending', 'inactive', 'rejected'], (status) =>
  moderationStatusLabel(status, null),
);

/** Active in the table but past its 30 days: neighbours no longer see it. */
export function isExpiredListing(listing: Pick<ManagedListing, 'status' | 'expiresAt'>, now: Date): boolean {
  return listing.status === 'active' && isExpired(listing.expiresAt, now);
}

/** The orders section's filter (docs/product.md §10.17), in the lifecycle's order. */
export const ORDER_STATUS_OPTIONS = optionsWithAll<OrderStatus>(
  ['pending', 'approved', 'in_progress', 'completed', 'cancelled', 'rejected'],
  (status) => ORDER_STATUS_LABELS[status],
);
