import type { ListingType, ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { expiryBadge, isExpiredActive, LISTING_TYPE_LABELS } from '@vizinhanca/shared/listings/listing.rules';
import { Badge } from '../../../components/ui/badge.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { LISTING_TYPE_ICONS, ListingStatusBadge } from '../../../components/status-badges.tsx';

/** The type icon on its colour (green rental, orange food, blue service, like the home cards). */
export function TypeIcon({ type, className = '' }: { type: ListingType; className?: string }) {
  const Icon = LISTING_TYPE_ICONS[type];
  return (
    <span className={`icon-tile icon-tile-type owner-type-icon type-${type}${className ? ` ${className}` : ''}`} aria-hidden="true">
      <Icon />
    </span>
  );
}

/** 'Aluguel' with its icon, for the cards. */
export function TypeLabel({ type }: { type: ListingType }) {
  const Icon = LISTING_TYPE_ICONS[type];
  return (
    <span className={`icon-line owner-type-label type-${type}`}>
      <Icon />
      {LISTING_TYPE_LABELS[type]}
    </span>
  );
}

type BadgeSource = Pick<ManagedListing, 'status' | 'pausedBy' | 'expiresAt'>;

/**
 * Status (owner-paused reads 'Pausado'), then 'Expirado' or the days left when 7 or fewer remain.
 * An active listing past its expiry is not 'Ativo' for anyone: it reads 'Expirado' alone.
 */
export function ListingBadges({ listing, now }: { listing: BadgeSource; now?: Date }) {
  const expiry = expiryBadge(listing.expiresAt, now);
  if (isExpiredActive(listing.status, listing.expiresAt, now)) {
    return (
      <span className="owner-badges">
        <Badge variant="danger">Expirado</Badge>
      </span>
    );
  }
  return (
    <span className="owner-badges">
      <ListingStatusBadge status={listing.status} pausedBy={listing.pausedBy} />
      {expiry ? (
        <Badge variant={expiry.kind === 'expired' ? 'danger' : 'warning'}>
          {expiry.kind === 'expiring' ? <ClockIcon className="owner-badge-icon" /> : null}
          {expiry.label}
        </Badge>
      ) : null}
    </span>
  );
}
