import { Link } from '@tanstack/react-router';
import { RATING_MAX } from '@vizinhanca/shared/reviews/review.constants';
import type { ReviewItem } from '@vizinhanca/shared/reviews/review.schema';
import { ratingLabel } from '@vizinhanca/shared/reviews/review.rules';
import { initials } from '@vizinhanca/shared/users/user.types';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { InlineLoadError } from '../../../components/load-error.tsx';
import { useOwnerReviews } from '../hooks/use-owner-reviews.ts';
import { apartmentText } from '../listing-kinds.ts';
import { StarIcon } from '../../../components/ui/icons.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';

/** The newest few first; the rest one tap away. */
const FIRST_SHOWN = 3;

/** 'Avaliações' on the rental detail (docs/product.md §10.7): what neighbours said about the lister. */
export function OwnerReviews({ ownerId }: { ownerId: string }) {
  const query = useOwnerReviews(ownerId);
  const [showAll, setShowAll] = useState(false);
  const summary = query.data?.summary;
  // What neighbours said about them as lender (their reviews as renter are on their page).
  const items = (query.data?.items ?? []).filter((review) => review.role === 'owner');
  const shown = showAll ? items : items.slice(0, FIRST_SHOWN);

  return (
    <section className="detail-section" aria-labelledby="detail-reviews">
      <div className="reviews-header">
        <h3 className="detail-section-title" id="detail-reviews">
          Avaliações
        </h3>
        {summary && summary.count > 0 ? (
          <p className="reviews-summary">
            <StarIcon />
            <span className="reviews-summary-average">{ratingLabel(summary)}</span>
            <span className="reviews-summary-count">
              · {summary.count} {summary.count === 1 ? 'avaliação' : 'avaliações'}
            </span>
          </p>
        ) : null}
      </div>

      {query.isPending ? (
        <Spinner label="Carregando avaliações" />
      ) : query.isError && !query.data ? (
        <InlineLoadError className="empty-state empty-state-compact detail-reviews-empty" error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <p className="empty-state empty-state-compact detail-reviews-empty">Ainda não há avaliações</p>
      ) : (
        <>
          <ul className="review-list">
            {shown.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </ul>
          {items.length > FIRST_SHOWN ? (
            <Button variant="ghost" size="sm" className="reviews-more" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
              {showAll ? 'Mostrar menos' : `Ver todas as avaliações (${items.length})`}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Whom the reviewer reviewed: the person whose page this is, as lender or as client of that order. */
const REVIEWED_ROLE_TEXT: Record<ReviewItem['role'], string> = {
  owner: 'Avaliou o anunciante',
  requester: 'Avaliou o cliente',
};

export function ReviewCard({ review }: { review: ReviewItem }) {
  const { reviewer } = review;
  return (
    <li className="card review-card">
      <div className="review-header">
        <span className="icon-tile review-avatar" aria-hidden="true">
          {reviewer.avatarUrl ? <img src={reviewer.avatarUrl} alt="" loading="lazy" /> : initials(reviewer.fullName)}
        </span>
        <div className="review-who">
          <p className="review-name">
            <Link to="/vizinho/$id" params={{ id: reviewer.id }} className="person-link">
              {reviewer.fullName}
            </Link>
          </p>
          <p className="review-meta">
            {REVIEWED_ROLE_TEXT[review.role]}
            <span aria-hidden="true"> · </span>
            {apartmentText(reviewer.apartment)}
            <span aria-hidden="true"> · </span>
            <RelativeTime date={review.createdAt} />
          </p>
        </div>
      </div>
      <Stars rating={review.rating} />
      {review.comment ? <p className="review-comment">{review.comment}</p> : null}
    </li>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={`Nota ${rating} de ${RATING_MAX}`}>
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <StarIcon key={index} className={index < rating ? 'review-star-on' : 'review-star-off'} />
      ))}
    </span>
  );
}
