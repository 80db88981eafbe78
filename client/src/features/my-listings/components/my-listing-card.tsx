import { Link } from '@tanstack/react-router';
import { formatCurrency, formatDate } from '@vizinhanca/shared/format/format';
import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { isExpired, priceUnitSuffix } from '@vizinhanca/shared/listings/listing.rules';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { ListingBadges, TypeIcon, TypeLabel } from './listing-badges.tsx';

/** One card of /anuncios (docs/product.md §10.10): type, title, badges and the pt-BR dates; opens the owner view. */
export function MyListingCard({ listing, now }: { listing: ManagedListing; now: Date }) {
  const titleId = `my-listing-${listing.id}`;
  return (
    <article className="card owner-card" aria-labelledby={titleId}>
      <span className="owner-card-media">
        {listing.imageCardUrl ? <img src={listing.imageCardUrl} alt="" loading="lazy" /> : <TypeIcon type={listing.type} className="owner-card-placeholder" />}
      </span>
      <span className="owner-card-body">
        <span className="owner-card-top" id={`${titleId}-top`}>
          <TypeLabel type={listing.type} />
          <span className="owner-card-price">
            {formatCurrency(listing.priceCents)}
            <span className="owner-card-unit">{priceUnitSuffix(listing.priceUnit)}</span>
          </span>
        </span>
        {/* The title is the link, stretched over the whole card (my-listings.css); the rest is read as its description. */}
        <Link
          to="/anuncio/$id"
          params={{ id: listing.id }}
          className="card-title line-clamp owner-card-link"
          id={titleId}
          aria-describedby={`${titleId}-top ${titleId}-badges ${titleId}-dates`}
        >
          {listing.title}
        </Link>
        <span id={`${titleId}-badges`}>
          <ListingBadges listing={listing} now={now} />
        </span>
        <span className="owner-card-dates" id={`${titleId}-dates`}>
          <span>{listing.publishedAt ? `Publicado em ${formatDate(listing.publishedAt)}` : `Criado em ${formatDate(listing.createdAt)}`}</span>
          {listing.expiresAt ? (
            <span>
              {isExpired(listing.expiresAt, now) ? 'Expirou em' : 'Expira em'} {formatDate(listing.expiresAt)}
            </span>
          ) : null}
        </span>
      </span>
      <ChevronRightIcon className="owner-card-chevron" />
    </article>
  );
}
