import { ratingLabel } from '@vizinhanca/shared/reviews/review.rules';
import type { RatingSummary } from '@vizinhanca/shared/reviews/review.schema';
import { initials } from '@vizinhanca/shared/users/user.types';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AlertCircleIcon, CalendarIcon, MapPinIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';
import { apartmentText } from '../listing-kinds.ts';
import { ListingCard } from './listing-card.tsx';
import { ReviewCard } from './owner-reviews.tsx';
import '../../../looks.css';
import '../listings.css';

const HEADER = <PageHeader title="Vizinho" backTo="/" />;

/** 'novembro de 2026': the month the neighbour joined, in the condominium's words. */
function monthAndYear(date: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' }).format(date);
}

function RatingLine({ label, summary }: { label: string; summary: RatingSummary }) {
  return (
    <div className="neighbour-rating">
      <dt>{label}</dt>
      <dd>
        <StarIcon />
        {ratingLabel(summary)}
        {summary.count ? <span className="stat-row-count"> ({summary.count})</span> : null}
      </dd>
    </div>
  );
}

/**
 * /vizinho/{id}: who the neighbour is (name, apartment, avatar, member since),
 * their ratings as lender and as renter, their active listings and the reviews
 * they received. Never a phone, an e-mail or a CPF.
 */
export function NeighbourScreen({ id }: { id: string }) {
  const person = trpc.users.neighbour.useQuery({ id });
  const listings = trpc.listings.list.useQuery({ ownerId: id, limit: 50 });
  const reviews = trpc.reviews.forUser.useQuery({ userId: id });

  if (person.isPending) {
    return (
      <AppScreen header={HEADER}>
        <Spinner label="Carregando vizinho..." />
      </AppScreen>
    );
  }
  if (person.isError) {
    return (
      <AppScreen header={HEADER}>
        <Card className="status-card">
          <div className="icon-tile status-icon status-icon-warning">
            <AlertCircleIcon />
          </div>
          <h2 className="status-title">{errorMessage(person.error)}</h2>
        </Card>
      </AppScreen>
    );
  }

  const neighbour = person.data;
  const items = listings.data?.items ?? [];
  const received = reviews.data?.items ?? [];

  return (
    <AppScreen header={HEADER}>
      <Card className="neighbour-card">
        <div className="avatar" aria-hidden={neighbour.avatarUrl ? undefined : true}>
          {neighbour.avatarUrl ? <img src={neighbour.avatarUrl} alt={`Foto de ${neighbour.fullName}`} /> : initials(neighbour.fullName)}
        </div>
        <h2 className="neighbour-name">{neighbour.fullName}</h2>
        <p className="neighbour-meta">
          <span>
            <MapPinIcon />
            {apartmentText(neighbour.apartment)}
          </span>
          <span>
            <CalendarIcon />
            Membro desde {monthAndYear(neighbour.memberSince)}
          </span>
        </p>
        <dl className="stat-row neighbour-ratings" aria-label="Avaliações">
          <RatingLine label="Como anunciante" summary={neighbour.rating} />
          <RatingLine label="Como cliente" summary={neighbour.renterRating} />
        </dl>
      </Card>

      <section className="section" aria-labelledby="neighbour-listings">
        <h2 className="section-title" id="neighbour-listings">
          Anúncios ativos
        </h2>
        {listings.isPending ? (
          <Spinner label="Carregando anúncios" />
        ) : items.length ? (
          <ul className="stack-list listing-list" aria-label="Anúncios ativos">
            {items.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nenhum anúncio ativo no momento.</p>
        )}
      </section>

      <section className="section" aria-labelledby="neighbour-reviews">
        <h2 className="section-title" id="neighbour-reviews">
          Avaliações recebidas
        </h2>
        {reviews.isPending ? (
          <Spinner label="Carregando avaliações" />
        ) : received.length ? (
          <ul className="review-list">
            {received.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </ul>
        ) : (
          <p className="muted">Ainda não há avaliações.</p>
        )}
      </section>
    </AppScreen>
  );
}
