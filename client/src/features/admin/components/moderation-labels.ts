import type { ListingStatus, ListingType, ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { isExpired, LISTING_TYPE_LABELS } from '@vizinhanca/shared/listings/listing.rules';
import { ORDER_STATUS_LABELS } from '@vizinhanca/shared/orders/order.rules';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';

export const TYPE_OPTIONS: readonly { value: ListingType | 'all'; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'rental', label: LISTING_TYPE_LABELS.rental },
  { value: 'food', label: LISTING_TYPE_LABELS.food },
  { value: 'service', label: LISTING_TYPE_LABELS.service },
];

/** docs/product.md §10.17 asks for all/active/paused/pending; the other two statuses exist too. */
export const STATUS_OPTIONS: readonly { value: ListingStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'active', label: 'Ativo' },
  { value: 'paused', label: 'Pausado' },
  { value: 'pending', label: 'Pendente' },
  { value: 'inactive', label: 'Pausado pelo dono' },
  { value: 'rejected', label: 'Rejeitado' },
];

/** Active in the table but past its 30 days: neighbours no longer see it. */
export function isExpiredListing(listing: Pick<ManagedListing, 'status' | 'expiresAt'>, now = new Date()): boolean {
  return listing.status === 'active' && isExpired(listing.expiresAt, now);
}

/** The orders section's filter (docs/product.md §10.17), in the lifecycle's order. */
export const ORDER_STATUS_OPTIONS: readonly { value: OrderStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'Todos' },
  ...(['pending', 'approved', 'in_progress', 'completed', 'cancelled', 'rejected'] as const).map((status) => ({
    value: status,
    label: ORDER_STATUS_LABELS[status],
  })),
];
