import type { ListingFields } from '@vizinhanca/shared/listings/listing.schema';
import type { AppDeps } from '../src/context.ts';
import { insertListing } from '../src/modules/listings/listings.repository.ts';

const PUBLISHED_FOR_MS = 30 * 86_400_000;

/** What the owner's form sends for a rental without photos, changed where a test says. */
export function listingFields(fields: Partial<ListingFields> & Pick<ListingFields, 'title'>): ListingFields {
  return {
    type: 'rental',
    description: 'Para os vizinhos do prédio',
    priceCents: 1500,
    priceUnit: 'day',
    tags: [],
    deliveryOptions: ['pickup'],
    requiresAdvanceOrder: false,
    minimumNoticeHours: null,
    maxPortions: null,
    pickupFrom: null,
    pickupUntil: null,
    depositCents: 0,
    imageIds: [],
    ...fields,
  };
}

/** A listing active since `publishedAt`, as approval leaves it (expiring 30 days later); its id. */
export async function insertActiveListing(db: AppDeps['db'], ownerId: string, fields: ListingFields, publishedAt: Date): Promise<string> {
  const { id } = await insertListing(db, ownerId, fields, publishedAt, {
    status: 'active',
    publishedAt,
    expiresAt: new Date(publishedAt.getTime() + PUBLISHED_FOR_MS),
    createdAt: publishedAt,
    updatedAt: publishedAt,
  });
  return id;
}
