import { Link } from '@tanstack/react-router';
import { formatCalendarDate, formatCurrency } from '@vizinhanca/shared/format/format';
import { LISTING_TYPE_LABELS } from '@vizinhanca/shared/listings/listing.rules';
import { WANTED_STATUS_LABELS } from '@vizinhanca/shared/wanted/wanted.rules';
import type { WantedRequest } from '@vizinhanca/shared/wanted/wanted.schema';
import { Badge } from '../../../components/ui/badge.tsx';

const STATUS_BADGES = { open: 'success', expired: 'warning', found: 'info' } as const;

/** 'Até R$ 20,00 · 28/11 a 29/11': what the request asks, in one line. */
export function wantedFacts(request: Pick<WantedRequest, 'type' | 'maxPriceCents' | 'startDate' | 'endDate'>): string {
  const parts: string[] = [LISTING_TYPE_LABELS[request.type]];
  if (request.maxPriceCents !== null) parts.push(`Até ${formatCurrency(request.maxPriceCents)}`);
  if (request.startDate && request.endDate) {
    parts.push(request.startDate === request.endDate ? formatCalendarDate(request.startDate) : `${formatCalendarDate(request.startDate)} a ${formatCalendarDate(request.endDate)}`);
  }
  return parts.join(' · ');
}

/** One request in the list: what, by whom, its state and how many offers the viewer can see. */
export function WantedCard({ request }: { request: WantedRequest }) {
  return (
    <Link to="/procura-se/$id" params={{ id: request.id }} className="card card-link wanted-card">
      <span className="wanted-card-top">
        <span className="wanted-card-title">{request.title}</span>
        <Badge variant={STATUS_BADGES[request.status]}>{WANTED_STATUS_LABELS[request.status]}</Badge>
      </span>
      <span className="wanted-card-facts">{wantedFacts(request)}</span>
      <span className="wanted-card-facts">
        {request.isAuthor ? 'Seu pedido' : `${request.author.fullName}${request.author.apartment ? ` (${request.author.apartment})` : ''}`}
        {request.offerCount > 0 ? ` · ${request.offerCount === 1 ? '1 oferta' : `${request.offerCount} ofertas`}` : ''}
      </span>
    </Link>
  );
}
