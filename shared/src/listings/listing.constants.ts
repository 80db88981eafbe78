// Listing values that route definitions need before any screen loads: no Zod here,
// so the first screen does not download it (docs/decisions/013-first-screen.md).
// listing.schema.ts re-exports them.

export const LISTING_TYPES = ['rental', 'food', 'service'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const SEARCH_MAX_LENGTH = 100;

/** Listings per page of the browse screens' feed (the client's input, and the page the server sends with the HTML). */
export const FEED_PAGE_SIZE = 20;

/** Ready food's pickup window: times of the condominium's day, 'HH:MM', the start before the end. */
export interface PickupWindow {
  from: string;
  until: string;
}

/** 'das 17:00 às 20:00'. */
export function pickupWindowText(window: PickupWindow): string {
  return `das ${window.from} às ${window.until}`;
}

/** Hours of notice a listing asks for when its owner did not say. */
export const MINIMUM_NOTICE_DEFAULT_HOURS = 24;

/** Browse order: newest first (default), price up or down, the owner's rating. */
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'rating'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/**
 * Chips: 'ready' (no advance order) and 'advance' (advance order) for food;
 * 'available' (can be ordered now) for rentals and services.
 */
export const LISTING_FILTERS = ['all', 'ready', 'advance', 'available'] as const;
export type ListingFilter = (typeof LISTING_FILTERS)[number];

export function filterFitsType(filter: ListingFilter, type: ListingType | null): boolean {
  if (filter === 'all') return true;
  if (filter === 'available') return type === 'rental' || type === 'service';
  return type === 'food';
}

/** The browse orders' labels. */
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Mais recentes',
  price_asc: 'Menor preço',
  price_desc: 'Maior preço',
  rating: 'Melhor avaliação',
};
