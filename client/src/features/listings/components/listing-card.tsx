import { Link } from '@tanstack/react-router';
import { formatCurrency } from '@vizinhanca/shared/format/format';
import { MINIMUM_NOTICE_DEFAULT_HOURS } from '@vizinhanca/shared/listings/listing.constants';
import type { PublicListing } from '@vizinhanca/shared/listings/listing.schema';
import { availabilityLabel, noticeText, priceUnitSuffix } from '@vizinhanca/shared/listings/listing.rules';
import { remainingText } from '@vizinhanca/shared/fornadas/fornada.rules';
import { Badge } from '../../../components/ui/badge.tsx';
import { CheckIcon, ClockIcon, PackageIcon } from '../../../components/ui/icons.tsx';
import { apartmentText, LISTING_KINDS } from '../listing-kinds.ts';
import type { CardFornada } from '../hooks/use-fornada-cards.ts';
import { ListingImage } from './listing-image.tsx';
import { OwnerRating } from './owner-rating.tsx';

/** A card of the browse screens (docs/product.md §10.6); the whole card opens the detail. */
/** `first`: the top card of a list, on screen at once (its photo is the page's largest paint): not lazy. */
/** `fornada`: a dish's next batch ('Restam N porções', 'Esgotado'), when it has one. */
export function ListingCard({ listing, first = false, fornada }: { listing: PublicListing; first?: boolean; fornada?: CardFornada }) {
  const kind = LISTING_KINDS[listing.type];
  const titleId = `listing-${listing.id}`;
  const isFood = listing.type === 'food';
  const active = listing.status === 'active';
  // The first photo is the card's (decorative: the title follows it).
  const cover = listing.photos[0];

  return (
    <article className="listing-card" aria-labelledby={titleId}>
      <div className="listing-card-media">
        <ListingImage
          src={listing.imageCardUrl}
          type={listing.type}
          className="listing-card-image"
          eager={first}
          width={cover?.width}
          height={cover?.height}
        />
        <Badge variant={active ? 'success' : 'neutral'} className="listing-card-status">
          {availabilityLabel(listing.type, listing.status)}
        </Badge>
        {isFood && listing.requiresAdvanceOrder ? (
          <span className="listing-card-mark" title="Sob Encomenda">
            <PackageIcon />
            <span className="visually-hidden">Sob Encomenda</span>
          </span>
        ) : null}
      </div>
      <div className="listing-card-body">
        <h2 className="card-title line-clamp" id={titleId}>
          <Link to={kind.detailPath} params={{ id: listing.id }} className="listing-card-link">
            {listing.title}
          </Link>
        </h2>
        <p className="listing-card-owner">
          <Link to="/vizinho/$id" params={{ id: listing.owner.id }} className="listing-card-owner-name person-link">
            {listing.owner.fullName}
          </Link>
          <span className="listing-card-apartment">
            <span aria-hidden="true"> · </span>
            {apartmentText(listing.owner.apartment)}
          </span>
        </p>
        {fornada && (fornada.takingReservations || fornada.remaining === 0) ? (
          <p className={`listing-card-portions${fornada.remaining === 0 ? ' listing-card-sold-out' : ''}`}>{remainingText(fornada.remaining)}</p>
        ) : null}
        {isFood ? (
          <p className="listing-card-meta">
            <OwnerRating rating={listing.ownerRating} />
            {listing.requiresAdvanceOrder ? (
              <span className="listing-card-notice">
                <ClockIcon />
                {noticeText(listing.minimumNoticeHours ?? MINIMUM_NOTICE_DEFAULT_HOURS)} de antecedência
              </span>
            ) : (
              <span className="listing-card-notice listing-card-ready">
                <CheckIcon />
                Pronto
              </span>
            )}
          </p>
        ) : null}
        <p className="listing-price listing-card-price">
          <span className="listing-price-value">{formatCurrency(listing.priceCents)}</span>
          <span className="listing-price-unit">{priceUnitSuffix(listing.priceUnit)}</span>
        </p>
      </div>
    </article>
  );
}

/** A plain list of listing cards (a neighbour's listings, the saved ones). */
export function ListingCardList({ label, items }: { label: string; items: PublicListing[] }) {
  return (
    <ul className="stack-list listing-list" aria-label={label}>
      {items.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} />
        </li>
      ))}
    </ul>
  );
}
