import { ratingLabel } from '@vizinhanca/shared/reviews/review.rules';
import type { RatingSummary } from '@vizinhanca/shared/reviews/review.schema';
import { StarIcon } from '../../../components/ui/icons.tsx';

/** What a screen reader hears: 'Avaliação 4,5 de 5, 2 avaliações' or 'Anunciante novo, sem avaliações'. */
function spokenRating(rating: RatingSummary): string {
  if (rating.average === null || rating.count === 0) return 'Anunciante novo, sem avaliações';
  return `Avaliação ${ratingLabel(rating)} de 5, ${rating.count} ${rating.count === 1 ? 'avaliação' : 'avaliações'}`;
}

/**
 * The lister's real rating (docs/product.md): '★ 4,5 (2)', the mean with one
 * decimal and the count, or '★ Novo' before anyone reviewed them.
 */
export function OwnerRating({ rating, className }: { rating: RatingSummary; className?: string }) {
  const isNew = rating.average === null || rating.count === 0;
  return (
    <span className={`owner-rating${isNew ? ' owner-rating-new' : ''}${className ? ` ${className}` : ''}`}>
      <StarIcon />
      <span className="visually-hidden">{spokenRating(rating)}</span>
      <span aria-hidden="true">
        {ratingLabel(rating)}
        {isNew ? null : <span className="owner-rating-count"> ({rating.count})</span>}
      </span>
    </span>
  );
}
