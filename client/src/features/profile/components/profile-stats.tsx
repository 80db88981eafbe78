import type { RatingSummary } from '@vizinhanca/shared/reviews/review.schema';
import { ratingLabel } from '@vizinhanca/shared/reviews/review.rules';
import { useProfileStats } from '../hooks/use-profile-stats.ts';
import '../../../looks.css';
import '../profile.css';

/**
 * 'Anúncios', 'Pedidos' and the ratings received (docs/product.md §10.9), as lender ('Como anunciante')
 * and as renter ('Como cliente') apart: the mean with one decimal, or 'Novo'.
 */
export function ProfileStats() {
  const stats = useProfileStats();
  const data = stats.data;

  return (
    <dl className="figures stat-row profile-stats" aria-busy={stats.isPending || undefined}>
      <div className="profile-stat">
        <dt>Anúncios</dt>
        <dd>{data ? data.listings : <Placeholder />}</dd>
      </div>
      <div className="profile-stat">
        <dt>Pedidos</dt>
        <dd>{data ? data.orders : <Placeholder />}</dd>
      </div>
      <div className="profile-stat">
        <dt>Como anunciante</dt>
        <dd>{data ? <Rating summary={data.rating} /> : <Placeholder />}</dd>
      </div>
      <div className="profile-stat">
        <dt>Como cliente</dt>
        <dd>{data ? <Rating summary={data.renterRating} /> : <Placeholder />}</dd>
      </div>
    </dl>
  );
}

function Rating({ summary }: { summary: RatingSummary }) {
  const count = summary.count > 0 ? summary.count : null;
  return (
    <>
      {count ? (
        <span className="profile-stat-star" aria-hidden="true">
          ★
        </span>
      ) : null}
      {ratingLabel(summary)}
      {count ? (
        <span className="stat-row-count">
          <span aria-hidden="true"> ({count})</span>
          <span className="visually-hidden">
            , {count} {count === 1 ? 'avaliação' : 'avaliações'}
          </span>
        </span>
      ) : null}
    </>
  );
}

function Placeholder() {
  return (
    <span className="profile-stat-loading">
      <span className="visually-hidden">Carregando</span>
    </span>
  );
}
