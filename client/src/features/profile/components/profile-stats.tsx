import { ratingLabel } from '@vizinhanca/shared/reviews/review.rules';
import { useProfileStats } from '../hooks/use-profile-stats.ts';
import '../profile.css';

/** 'Anúncios', 'Pedidos', 'Avaliação' (docs/product.md §10.9): counts, and the mean with one decimal or 'Novo'. */
export function ProfileStats() {
  const stats = useProfileStats();
  const data = stats.data;
  const rating = data ? ratingLabel(data.rating) : null;
  const ratingCount = data && data.rating.count > 0 ? data.rating.count : null;

  return (
    <dl className="profile-stats" aria-busy={stats.isPending || undefined}>
      <div className="profile-stat">
        <dt>Anúncios</dt>
        <dd>{data ? data.listings : <Placeholder />}</dd>
      </div>
      <div className="profile-stat">
        <dt>Pedidos</dt>
        <dd>{data ? data.orders : <Placeholder />}</dd>
      </div>
      <div className="profile-stat">
        <dt>Avaliação</dt>
        <dd>
          {rating === null ? (
            <Placeholder />
          ) : (
            <>
              {ratingCount ? (
                <span className="profile-stat-star" aria-hidden="true">
                  ★
                </span>
              ) : null}
              {rating}
              {ratingCount ? (
                <span className="profile-stat-count">
                  <span aria-hidden="true"> ({ratingCount})</span>
                  <span className="visually-hidden">
                    , {ratingCount} {ratingCount === 1 ? 'avaliação' : 'avaliações'}
                  </span>
                </span>
              ) : null}
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

function Placeholder() {
  return (
    <span className="profile-stat-loading">
      <span className="visually-hidden">Carregando</span>
    </span>
  );
}
