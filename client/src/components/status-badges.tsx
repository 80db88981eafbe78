import type { ComponentType } from 'react';
import type { ListingStatus, ListingType, PausedBy } from '@vizinhanca/shared/listings/listing.schema';
import { LISTING_TYPE_LABELS, listingStatusLabel } from '@vizinhanca/shared/listings/listing.rules';
import { ORDER_STATUS_LABELS } from '@vizinhanca/shared/orders/order.rules';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { Badge, type BadgeVariant } from './ui/badge.tsx';
import { PackageIcon, UtensilsIcon, WrenchIcon } from './ui/icons.tsx';

/** Each listing type's icon (the home cards, the owner's cards, the order cards). */
export const LISTING_TYPE_ICONS: Record<ListingType, ComponentType> = { rental: PackageIcon, food: UtensilsIcon, service: WrenchIcon };

export const LISTING_STATUS_VARIANTS: Record<ListingStatus, BadgeVariant> = {
  active: 'success',
  pending: 'warning',
  paused: 'info',
  inactive: 'neutral',
  rejected: 'danger',
};

/** Status colours: waiting amber, approved blue, in progress purple, done green, refused red, cancelled grey. */
export const ORDER_STATUS_VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'info',
  in_progress: 'purple',
  completed: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

/** The owner reads 'Pausado' for their own pause; moderators need to tell who paused. */
export function moderationStatusLabel(status: ListingStatus, pausedBy: PausedBy | null): string {
  if (status === 'inactive') return 'Pausado pelo dono';
  return listingStatusLabel(status, pausedBy);
}

/** 'Aluguel', 'Comida' or 'Serviço' on the type's colour. */
export function ListingTypeBadge({ type }: { type: ListingType }) {
  return <Badge className={`type-badge type-${type}`}>{LISTING_TYPE_LABELS[type]}</Badge>;
}

/** A listing's status, as its owner reads it or (forModeration) as moderators do. */
export function ListingStatusBadge({ status, pausedBy, forModeration = false }: { status: ListingStatus; pausedBy: PausedBy | null; forModeration?: boolean }) {
  const label = forModeration ? moderationStatusLabel(status, pausedBy) : listingStatusLabel(status, pausedBy);
  return <Badge variant={LISTING_STATUS_VARIANTS[status]}>{label}</Badge>;
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={ORDER_STATUS_VARIANTS[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
