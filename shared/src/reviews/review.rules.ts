import type { RatingSummary } from './review.schema.ts';

// Ratings shown everywhere are the real mean of the reviews received (docs/product.md).

/** The mean with one decimal (half up), from the sum and count the database aggregates; null with no reviews. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

export function ratingSummary(sum: number, count: number): RatingSummary {
  return { average: averageRating(sum, count), count };
}

/** '4,5' with one decimal in pt-BR, or 'Novo' for someone nobody reviewed yet. */
export function ratingLabel(summary: RatingSummary): string {
  if (summary.average === null || summary.count === 0) return 'Novo';
  return summary.average.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** '(3 avaliações)', '(1 avaliação)'; empty for 'Novo'. */
export function ratingCountText(count: number): string {
  if (count <= 0) return '';
  return `(${count} ${count === 1 ? 'avaliação' : 'avaliações'})`;
}
