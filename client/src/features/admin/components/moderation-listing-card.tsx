import { formatCurrency, formatDate } from '@vizinhanca/shared/format/format';
import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { priceUnitSuffix } from '@vizinhanca/shared/listings/listing.rules';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { CalendarIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { ListingThumb } from './listing-thumb.tsx';
import { PendingWait } from './pending-wait.tsx';
import { isExpiredListing } from './moderation-labels.ts';
import { ListingStatusBadge, ListingTypeBadge } from '../../../components/status-badges.tsx';

interface ModerationListingCardProps {
  listing: ManagedListing;
  /** The all-listings section shows the status; pendencies are all pending. */
  showStatus?: boolean;
  /** The buttons at the bottom of the card. */
  children: ReactNode;
}

function dateLine(listing: ManagedListing, now: Date): string {
  if (listing.status === 'pending') return `Enviado em ${formatDate(listing.updatedAt)}`;
  if (listing.expiresAt && (listing.status === 'active' || listing.status === 'inactive' || listing.status === 'paused')) {
    return isExpiredListing(listing, now) ? `Expirou em ${formatDate(listing.expiresAt)}` : `Expira em ${formatDate(listing.expiresAt)}`;
  }
  return `Criado em ${formatDate(listing.createdAt)}`;
}

/** The price and its unit, as moderation cards and the listing dialog show it. */
export function ModerationPrice({ listing }: { listing: Pick<ManagedListing, 'priceCents' | 'priceUnit'> }) {
  return (
    <p className="moderation-card-price">
      {formatCurrency(listing.priceCents)}
      <span>{priceUnitSuffix(listing.priceUnit)}</span>
    </p>
  );
}

/** Why a rejected listing or order was refused; nothing for any other status. */
export function RejectionReason({ status, reason }: { status: string; reason: string | null }) {
  if (status !== 'rejected' || !reason) return null;
  return (
    <p className="moderation-card-reason">
      <strong>Motivo da rejeição</strong>
      {reason}
    </p>
  );
}

/** One listing in /admin: enough to decide (photo, title, type, owner, price, text) and its actions. */
export function ModerationListingCard({ listing, showStatus = false, children }: ModerationListingCardProps) {
  const headingId = `moderation-listing-${listing.id}`;
  const now = useNow();
  return (
    <article className="card moderation-card" aria-labelledby={headingId}>
      <div className="moderation-card-header">
        <ListingThumb src={listing.imageCardUrl} type={listing.type} />
        <div className="moderation-card-text">
          <div className="moderation-card-badges">
            <ListingTypeBadge type={listing.type} />
            {showStatus ? <ListingStatusBadge status={listing.status} pausedBy={listing.pausedBy} forModeration /> : null}
            {showStatus && isExpiredListing(listing, now) ? <Badge variant="danger">Expirado</Badge> : null}
          </div>
          <h3 className="moderation-card-title" id={headingId}>
            {listing.title}
          </h3>
          <ModerationPrice listing={listing} />
        </div>
      </div>
      <p className="moderation-card-description line-clamp">{listing.description}</p>
      <ul className="moderation-card-meta">
        <li>
          <UserIcon />
          <span className="visually-hidden">Anunciante: </span>
          {listing.owner.fullName}
          {listing.owner.apartment ? ` · Apto ${listing.owner.apartment}` : ''}
        </li>
        <li>
          <CalendarIcon />
          {dateLine(listing, now)}
        </li>
      </ul>
      {listing.status === 'pending' ? <PendingWait since={listing.updatedAt} /> : null}
      <RejectionReason status={listing.status} reason={listing.rejectionReason} />
      <div className="moderation-actions">{children}</div>
    </article>
  );
}
