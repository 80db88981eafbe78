import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { Link, Navigate } from '@tanstack/react-router';
import { formatCurrency, formatDate, formatTime } from '@vizinhanca/shared/format/format';
import { depositLine } from '@vizinhanca/shared/deposits/deposit-line';
import { MINIMUM_NOTICE_DEFAULT_HOURS, pickupWindowText, type ListingType } from '@vizinhanca/shared/listings/listing.constants';
import type { DeliveryOption, PublicListingDetail } from '@vizinhanca/shared/listings/listing.schema';
import { availabilityLabel, deliveryOptionLabel, earliestOrderTime, noticeText, priceUnitSuffix } from '@vizinhanca/shared/listings/listing.rules';
import { useEffect, useMemo, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { AlertCircleIcon, CalendarIcon, MapPinIcon, PackageIcon, SettingsIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { isNotFoundError, useListingDetail } from '../hooks/use-listing-detail.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { apartmentText, fallbackImage, LISTING_KINDS, type ListingKind } from '../listing-kinds.ts';
import { PhotoGallery } from '../../../components/ui/photo-gallery.tsx';
import { HouseIcon, SearchXIcon, TagIcon, TruckIcon } from '../../../components/ui/icons.tsx';
import { ListingImage } from './listing-image.tsx';
import { OwnerRating } from './owner-rating.tsx';
import { OwnerReviews } from './owner-reviews.tsx';
import { SaveButton } from './save-button.tsx';
import '../../../looks.css';
import '../listings.css';
import { EmptyState } from '../../../components/empty-state.tsx';

/** What the order button opens: the route composes it (features do not import each other). */
export interface OrderDialogSlotProps {
  listing: PublicListingDetail;
  /** The button's label, as the dialog's title. */
  title: string;
  onClose: () => void;
}
export type RenderOrderDialog = (props: OrderDialogSlotProps) => ReactNode;


/** '27/11/2026 às 14:30', in the condominium's time zone. */
function formatDateAndTime(date: Date): string {
  return `${formatDate(date)} às ${formatTime(date)}`;
}

function deliveryIcon(type: ListingType, option: DeliveryOption): ComponentType<SVGProps<SVGSVGElement>> {
  if (option === 'pickup') return MapPinIcon;
  if (option === 'scheduled') return CalendarIcon;
  return type === 'service' ? HouseIcon : TruckIcon;
}

interface ListingDetailScreenProps {
  type: ListingType;
  id: string;
  /** The order-request dialog (docs/product.md §10.8); without it the order button stays disabled. */
  renderOrderDialog?: RenderOrderDialog;
  /** Starts loading the dialog's code, so a tap on the order button opens it at once. */
  preloadOrderDialog?: () => void;
  /** 'Denunciar' the listing (composed by the route from the trust feature). */
  renderReport?: RenderReport;
  /** A dish's fornadas (composed by the route from the fornadas feature). */
  renderFornadas?: RenderFornadas;
}

type RenderReport = (listing: Pick<PublicListingDetail, 'id' | 'title'>) => ReactNode;
type RenderFornadas = (listing: Pick<PublicListingDetail, 'id' | 'deliveryOptions'>) => ReactNode;

/** /item/{id}, /food/{id}, /service/{id} (docs/product.md §10.7). */
export function ListingDetailScreen({ type, id, renderOrderDialog, preloadOrderDialog, renderReport, renderFornadas }: ListingDetailScreenProps) {
  const kind = LISTING_KINDS[type];
  const query = useListingDetail(id);
  const header = <PageHeader title={kind.detailTitle} backTo={kind.listPath} />;

  if (query.isPending) {
    return (
      <AppScreen header={header}>
        <Spinner />
      </AppScreen>
    );
  }

  // Offline, a failed refetch keeps the saved listing on screen (the offline banner marks it).
  if (query.isError && !query.data) {
    const notFound = isNotFoundError(query.error);
    return (
      <AppScreen header={header}>
        <EmptyState
          className="detail-missing"
          role={notFound ? undefined : 'alert'}
          icon={notFound ? <SearchXIcon /> : <AlertCircleIcon />}
          iconClassName={notFound ? undefined : 'empty-state-icon-danger'}
          titleAs="h2"
          title={notFound ? kind.notFoundMessage : 'Não foi possível carregar'}
          text={notFound ? 'Ele pode ter sido removido, pausado ou ainda não ter sido aprovado.' : errorMessage(query.error)}
          actions={
            <>
              {notFound ? null : (
                <Button variant="primary" size="sm" onClick={() => void query.refetch()}>
                  Tentar novamente
                </Button>
              )}
              <Link to={kind.listPath} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
                Voltar para {kind.title}
              </Link>
            </>
          }
        />
      </AppScreen>
    );
  }

  const listing = query.data;
  // A link with the wrong type (/item/{id of a dish}): open the right screen.
  if (listing.type !== type) {
    return <Navigate to={LISTING_KINDS[listing.type].detailPath} params={{ id: listing.id }} replace />;
  }

  return (
    <AppScreen header={header}>
      <ListingDetail listing={listing} kind={kind} renderOrderDialog={renderOrderDialog} preloadOrderDialog={preloadOrderDialog} renderReport={renderReport} renderFornadas={renderFornadas} />
    </AppScreen>
  );
}

interface ListingDetailProps {
  listing: PublicListingDetail;
  kind: ListingKind;
  renderOrderDialog?: RenderOrderDialog;
  preloadOrderDialog?: () => void;
  /** 'Denunciar' the listing (composed by the route from the trust feature). */
  renderReport?: RenderReport;
  renderFornadas?: RenderFornadas;
}

function ListingDetail({ listing, kind, renderOrderDialog, preloadOrderDialog, renderReport, renderFornadas }: ListingDetailProps) {
  const [ordering, setOrdering] = useState(false);
  const active = listing.status === 'active';
  const advance = listing.type === 'food' && listing.requiresAdvanceOrder;
  const orderLabel = !active && listing.type === 'food' ? 'Esgotado' : kind.orderLabel;
  const canOrder = active && !listing.isOwner && renderOrderDialog !== undefined;
  // The owner manages instead of ordering; neighbours read why they cannot order.
  const note = listing.isOwner ? 'Este anúncio é seu' : active ? null : 'Indisponível no momento';
  // The dialog's code right after the screen, when its button can open it (not for the owner or a paused
  // listing: the page would download and run code nobody can use; docs/decisions/013-first-screen.md).
  useEffect(() => {
    if (canOrder) preloadOrderDialog?.();
  }, [canOrder, preloadOrderDialog]);
  // The parts whose code comes after the screen's are drawn again only when what they show changes: a
  // refetch gives a new listing (its dates are new objects), and an update reaching such a part before React
  // adopted it makes React drop the server's markup and draw the part itself (on a slow phone, 'Denunciar'
  // was gone for 0.7 s).
  const { id, title, deliveryOptions } = listing;
  const report = useMemo(() => renderReport?.({ id, title }), [renderReport, id, title]);
  const fornadas = useMemo(() => renderFornadas?.({ id, deliveryOptions }), [renderFornadas, id, deliveryOptions]);

  return (
    <>
      <div className="detail-media">
        {listing.photos.length > 0 ? (
          <PhotoGallery photos={listing.photos} title={listing.title} fallbackSrc={fallbackImage(listing.type)} />
        ) : (
          <ListingImage src={null} type={listing.type} className="detail-image" eager />
        )}
      </div>

      <section className="card detail-summary" aria-labelledby="detail-title">
        <div className="detail-badges">
          <Badge variant={active ? 'success' : 'neutral'}>{availabilityLabel(listing.type, listing.status)}</Badge>
          {advance ? (
            <Badge variant="warning">
              <PackageIcon width={14} height={14} />
              Sob Encomenda
            </Badge>
          ) : null}
        </div>
        <h2 className="detail-title" id="detail-title">
          {listing.title}
        </h2>
        {listing.isOwner ? null : <SaveButton listing={listing} />}
        <p className="listing-price detail-price">
          <span className="listing-price-value">{formatCurrency(listing.priceCents)}</span>
          <span className="listing-price-unit">{priceUnitSuffix(listing.priceUnit)}</span>
        </p>
        {listing.depositCents > 0 ? <p className="detail-deposit">{depositLine(listing.depositCents)}</p> : null}
        {listing.tags.length > 0 ? (
          <ul className="detail-tags" aria-label="Categorias">
            {listing.tags.map((tag) => (
              <li key={tag} className="detail-tag">
                <TagIcon />
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {advance ? <AdvanceOrderNotice hours={listing.minimumNoticeHours ?? MINIMUM_NOTICE_DEFAULT_HOURS} /> : null}

      <TitledSection look="detail" titleId="detail-description" title="Descrição">
        <p className="detail-description">{listing.description}</p>
      </TitledSection>

      {listing.type === 'food' ? fornadas : null}

      <TitledSection look="detail" titleId="detail-delivery" title={kind.deliveryHeading}>
        <ul className="delivery-list">
          {listing.deliveryOptions.map((option) => {
            const Icon = deliveryIcon(listing.type, option);
            return (
              <li key={option} className="delivery-item">
                <span className={`icon-tile icon-tile-type delivery-icon type-${listing.type}`}>
                  <Icon />
                </span>
                {deliveryOptionLabel(listing.type, option)}
                {option === 'pickup' && listing.pickupWindow ? ` ${pickupWindowText(listing.pickupWindow)}` : null}
              </li>
            );
          })}
        </ul>
      </TitledSection>

      <TitledSection look="detail" titleId="detail-lister" title={kind.listerHeading}>
        <div className="card lister-card">
          <PersonAvatar className={`lister-avatar lister-avatar-${listing.type}`} fullName={listing.owner.fullName} avatarUrl={listing.owner.avatarUrl} />
          <div className="lister-text">
            <p className="lister-name">
              <Link to="/vizinho/$id" params={{ id: listing.owner.id }} className="person-link">
                {listing.owner.fullName}
              </Link>
            </p>
            <p className="lister-apartment">{apartmentText(listing.owner.apartment)}</p>
          </div>
          <OwnerRating rating={listing.ownerRating} className="owner-rating-pill" />
        </div>
        {listing.isOwner || !report ? null : <div className="trust-actions">{report}</div>}
      </TitledSection>

      {listing.type === 'rental' ? <OwnerReviews ownerId={listing.owner.id} /> : null}

      <div className={`detail-action-bar${listing.isOwner ? ' detail-action-bar-owner' : ''}`}>
        <div className="detail-action-info">
          <p className="listing-price">
            <span className="listing-price-value">{formatCurrency(listing.priceCents)}</span>
            <span className="listing-price-unit">{priceUnitSuffix(listing.priceUnit)}</span>
          </p>
          {note ? (
            <p className="icon-line detail-action-note" id="detail-action-note">
              {listing.isOwner ? <SettingsIcon /> : <AlertCircleIcon />}
              {note}
            </p>
          ) : null}
        </div>
        {listing.isOwner ? (
          <Link to="/anuncio/$id" params={{ id: listing.id }} className={buttonClassName({ variant: 'primary', size: 'lg', block: true })}>
            Gerenciar meu anúncio
          </Link>
        ) : (
          <Button
            size="lg"
            className="detail-action-button"
            disabled={!canOrder}
            aria-describedby={note ? 'detail-action-note' : undefined}
            onClick={() => setOrdering(true)}
          >
            {orderLabel}
          </Button>
        )}
      </div>

      {ordering && canOrder && renderOrderDialog ? renderOrderDialog({ listing, title: kind.orderLabel, onClose: () => setOrdering(false) }) : null}
    </>
  );
}

/** Food made to order (docs/product.md §10.7): the minimum notice and the earliest moment to receive it. */
function AdvanceOrderNotice({ hours }: { hours: number }) {
  const now = useNow();
  return (
    <div className="notice notice-advance" role="note">
      <PackageIcon />
      <div>
        <p className="notice-advance-title">Feito sob encomenda</p>
        <p>
          Peça com pelo menos <strong>{noticeText(hours)}</strong> de antecedência.
        </p>
        <p>
          Disponível a partir de <strong>{formatDateAndTime(earliestOrderTime(hours, now))}</strong>.
        </p>
      </div>
    </div>
  );
}
