import type { ListingStatus, ListingType } from '@vizinhanca/shared/listings/listing.schema';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import type { UserStatusFilter } from '@vizinhanca/shared/users/admin-users.schema';

// The inputs the /admin page prefetches (routes/pages/admin.tsx) and its sections read, one cache entry per filter.

export type { AdminSection } from './admin-sections.ts';

/** Inputs shared by the route loader and the sections (one cache entry per filter). */
export function adminUsersInput(search: string, status: UserStatusFilter) {
  return { search: search || undefined, status };
}

export function adminOrdersInput(status: OrderStatus | null) {
  return { status };
}

export const MODERATION_PAGE_SIZE = 20;

export function pendingListingsInput(search: string) {
  return { search: search || undefined, limit: MODERATION_PAGE_SIZE };
}

export interface AllListingsFilters {
  search: string;
  type: ListingType | null;
  status: ListingStatus | null;
}

export const NO_LISTING_FILTERS: AllListingsFilters = { search: '', type: null, status: null };

export function allListingsInput({ search, type, status }: AllListingsFilters) {
  return { search: search || undefined, type, status, limit: MODERATION_PAGE_SIZE };
}
