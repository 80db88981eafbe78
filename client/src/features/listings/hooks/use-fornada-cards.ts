import { FORNADA_CARDS_MAX } from '@vizinhanca/shared/fornadas/fornada.rules';
import type { PublicListing } from '@vizinhanca/shared/listings/listing.schema';
import { trpc } from '../../../lib/trpc.ts';

/** What a food card says of its dish's next batch. */
export interface CardFornada {
  remaining: number;
  takingReservations: boolean;
}

/**
 * The next batch of each dish among these cards, asked apart from the cached feed (a
 * reservation changes it often), a page of dishes at a time.
 */
export function useFornadaCards(listings: readonly PublicListing[]): Map<string, CardFornada> {
  const ids = listings.filter((listing) => listing.type === 'food').map((listing) => listing.id);
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += FORNADA_CARDS_MAX) chunks.push(ids.slice(start, start + FORNADA_CARDS_MAX));
  const answers = trpc.useQueries((t) => chunks.map((listingIds) => t.fornadas.forCards({ listingIds })));
  const byListing = new Map<string, CardFornada>();
  for (const answer of answers) for (const card of answer.data ?? []) byListing.set(card.listingId, card);
  return byListing;
}
