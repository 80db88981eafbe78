import { formatDate, formatTime } from '@vizinhanca/shared/format/format';
import { deliveryOptionLabel } from '@vizinhanca/shared/listings/listing.rules';
import type { DeliveryOption, ListingType } from '@vizinhanca/shared/listings/listing.schema';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';

/** 'Apto A-101', or '---' when the person gave no apartment (docs/product.md §10.13). */
export function apartmentText(apartment: string | null): string {
  return apartment ? `Apto ${apartment}` : '---';
}

/** '1 dia', '3 dias'. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'dia' : 'dias'}`;
}


/** '25/11/2026 às 14:00', in the condominium's time zone. */
export function scheduledText(date: Date): string {
  return `${formatDate(date)} às ${formatTime(date)}`;
}

/** What an order's time is: when the requester picks food up ('Retirada em'), or the agreed time ('Agendado para'). */
export function whenText(type: ListingType | null, method: DeliveryOption, scheduledAt: Date): string {
  return `${type === 'food' && method === 'pickup' ? 'Retirada em' : 'Agendado para'} ${scheduledText(scheduledAt)}`;
}

/** The listing's own words for the method ('No Local' for services); a removed listing reads like an item. */
export function deliveryText(order: Pick<OrderItem, 'listing' | 'deliveryMethod'>): string {
  return deliveryOptionLabel(order.listing?.type ?? 'rental', order.deliveryMethod satisfies DeliveryOption);
}

/** The title the cards show: the listing's, or 'Item removido' once it was deleted. */
export function orderTitle(order: { listing: { title: string } | null }): string {
  return order.listing?.title ?? 'Item removido';
}
