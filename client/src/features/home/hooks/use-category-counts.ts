import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';
import { trpc } from '../../../lib/trpc.ts';

/** Active public listings per type (docs/product.md §10.5), the same rule as the browse screens. */
export function useCategoryCounts() {
  return trpc.listings.countsByType.useQuery();
}

const UNIT_WORDS: Record<ListingType, [one: string, many: string]> = {
  rental: ['item', 'itens'],
  food: ['prato', 'pratos'],
  service: ['item', 'itens'],
};

/** '1 prato', '3 pratos', '0 itens': the product's unit words, singular only for one. */
export function categoryCountText(type: ListingType, count: number): string {
  const [one, many] = UNIT_WORDS[type];
  return `${count} ${count === 1 ? one : many}`;
}
