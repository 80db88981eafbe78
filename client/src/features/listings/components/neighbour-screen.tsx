import { ratingLabel } from '@vizinhanca/shared/reviews/review.rules';
import type { RatingSummary } from '@vizinhanca/shared/reviews/review.schema';
import type { Neighbour } from '@vizinhanca/shared/users/user.schema';
import type { ReactNode } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { CalendarIcon, MapPinIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { PersonCard } from '../../../components/person-card.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { StatusCard } from '../../../components/status-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';
import { apartmentText } from '../listing-kinds.ts';
import { ListingCardList } from './listing-card.tsx';
import { ReviewCard } from './owner-reviews.tsx';
import '../../../looks.css';
import '../listings.css';

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
export function NeighbourScreen({ id, renderActions }: { id: string; renderActions?: (neighbour: Neighbour) => ReactNode }) {
  const person = trpc.users.neighbour.useQuery({ id });
  // Asked at once with the person, shown once the person is known.
  const listings = trpc.listings.list.useQuery({ ownerId: id, limit: 50 });
  const reviews = trpc.reviews.forUser.useQuery({ userId: id });
  const items = listings.data?.items ?? [];
  const received = reviews.data?.items ?? [];

  return (
    <AppScreen header={<PageHeader title="Vizinho" backTo="/" />}>
      {person.isPending ? (
        <Spinner label="Carregando vizinho..." />
      ) : person.isError ? (
        <StatusCard tone="warning" title={errorMessage(person.error)} />
      ) : (
        <>
          <NeighbourCard neighbour={person.data} />
          {renderActions ? <div className="trust-actions">{renderActions(person.data)}</div> : null}

          <TitledSection titleId="neighbour-listings" title="Anúncios ativos">
            {listings.isPending ? (
              <Spinner label="Carregando anúncios" />
            ) : items.length ? (
              <ListingCardList label="Anúncios ativos" items={items} />
            ) : (
              <p className="muted">Nenhum anúncio ativo no momento.</p>
            )}
          </TitledSection>

          <TitledSection titleId="neighbour-reviews" title="Avaliações recebidas">
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
          </TitledSection>
        </>
      )}
    </AppScreen>
  );
}

/** Who the neighbour is: photo, name, apartment, member since and both ratings. */
function NeighbourCard({ neighbour }: { neighbour: Neighbour }) {
  return (
    <PersonCard
      look="neighbour"
      fullName={neighbour.fullName}
      avatarUrl={neighbour.avatarUrl}
      facts={[
        { Icon: MapPinIcon, text: apartmentText(neighbour.apartment) },
        { Icon: CalendarIcon, text: `Membro desde ${monthAndYear(neighbour.memberSince)}` },
      ]}
    >
      <dl className="figures stat-row neighbour-ratings" aria-label="Avaliações">
        <RatingLine label="Como anunciante" summary={neighbour.rating} />
        <RatingLine label="Como cliente" summary={neighbour.renterRating} />
      </dl>
    </PersonCard>
  );
}
