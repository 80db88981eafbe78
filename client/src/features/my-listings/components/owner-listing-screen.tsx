import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { maskPhone } from '@vizinhanca/shared/auth/phone';
import { formatCurrency, formatDate, getCondoTimeZone, todayInTimeZone } from '@vizinhanca/shared/format/format';
import { LISTING_MESSAGES, type ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import {
  deliveryOptionLabel,
  isExpired,
  LISTING_TYPE_LABELS,
  LISTING_VALIDITY_DAYS,
  noticeText,
  priceUnitSuffix,
} from '@vizinhanca/shared/listings/listing.rules';
import { listingStatusText } from '@vizinhanca/shared/listings/listing-status.rules';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { PhotoGallery } from '../../../components/ui/photo-gallery.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatusCard } from '../../../components/status-card.tsx';
import { AlertCircleIcon, ClockIcon, MapPinIcon, PhoneIcon } from '../../../components/ui/icons.tsx';
import { InboxIcon, RefreshIcon } from '../../../components/ui/secondary-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { useOwnerListing } from '../hooks/use-my-listings.ts';
import { useDeleteListing, usePauseListing, useReactivateListing, useRenewListing } from '../hooks/use-owner-actions.ts';
import { BlockedDaysSection } from './blocked-days-section.tsx';
import { DeleteListingDialog } from '../../../components/delete-listing-dialog.tsx';
import { ListingBadges, TypeIcon } from './listing-badges.tsx';
import { TagIcon } from '../../../components/ui/icons.tsx';
import { ImageOffIcon, PauseIcon, PencilIcon, PlayIcon, TrashIcon } from '../../../components/ui/secondary-icons.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import '../../../looks.css';
import '../my-listings.css';

/** /anuncio/{id}, the owner's view (docs/product.md §10.12); a dish's fornadas are composed by the route. */
export function OwnerListingScreen({ id, renderFornadas }: { id: string; renderFornadas?: RenderFornadas }) {
  const listing = useOwnerListing(id);
  return (
    <AppScreen header={<PageHeader title="Detalhes do Anúncio" backTo="/anuncios" />}>
      {listing.isPending ? (
        <Spinner label="Carregando anúncio..." />
      ) : listing.isError ? (
        <OwnerListingError error={listing.error} onRetry={() => void listing.refetch()} />
      ) : (
        <OwnerListingDetail listing={listing.data} renderFornadas={renderFornadas} />
      )}
    </AppScreen>
  );
}

function OwnerListingError({ error, onRetry }: { error: { data?: { httpStatus?: number } | null }; onRetry: () => void }) {
  // Someone else's listing, a deleted one or a made-up id all read the same (decisions: not found).
  const notFound = [400, 403, 404].includes(error.data?.httpStatus ?? 0);
  return (
    <StatusCard
      tone={notFound ? 'warning' : 'danger'}
      className="owner-missing"
      title={notFound ? LISTING_MESSAGES.notFound : 'Não foi possível carregar'}
      text={notFound ? 'Ele pode ter sido excluído ou o endereço está incorreto.' : errorMessage(error)}
    >
      {notFound ? null : (
        <Button size="lg" block variant="outline" onClick={onRetry}>
          Tentar novamente
        </Button>
      )}
      <Link to="/anuncios" className={buttonClassName({ size: 'lg', block: true })}>
        Voltar para Meus Anúncios
      </Link>
    </StatusCard>
  );
}

/** A dish's fornadas, from what they show only (see ListingDetail's parts on the public page). */
type RenderFornadas = (listing: Pick<ManagedListing, 'id' | 'deliveryOptions'>) => ReactNode;

function OwnerListingDetail({ listing, renderFornadas }: { listing: ManagedListing; renderFornadas?: RenderFornadas }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const pause = usePauseListing();
  const reactivate = useReactivateListing();
  const renew = useRenewListing();
  const remove = useDeleteListing();
  const busy = pause.isPending || reactivate.isPending || renew.isPending || remove.isPending;

  const input = { id: listing.id };
  const now = useNow();
  // Made again only when what it shows changes: a refetch or the clock's tick reaching its part before React
  // adopted it would make React drop the server's markup and draw it again.
  const { id, deliveryOptions } = listing;
  const fornadas = useMemo(() => renderFornadas?.({ id, deliveryOptions }), [renderFornadas, id, deliveryOptions]);
  const expired = isExpired(listing.expiresAt, now);
  // docs/product.md: renewal for listings approved at least once; the owner pauses only what is active.
  const canRenew = listing.status === 'active' || listing.status === 'inactive' || listing.status === 'paused';
  // The owner pauses what is active and reactivates what they paused; one button, never both.
  const toggle =
    listing.status === 'active'
      ? { action: pause, Icon: PauseIcon, label: 'Pausar' }
      : listing.status === 'inactive'
        ? { action: reactivate, Icon: PlayIcon, label: 'Reativar' }
        : null;
  const renewButton = (
    <Button variant={expired ? 'primary' : 'secondary'} loading={renew.isPending} disabled={busy} onClick={() => renew.mutate(input)}>
      <RefreshIcon />
      Renovar
    </Button>
  );

  return (
    <>
      <div className="owner-hero">
        {listing.photos.length > 0 ? (
          <PhotoGallery photos={listing.photos} title={listing.title} />
        ) : (
          <div className={`owner-hero-placeholder type-${listing.type}`}>
            <ImageOffIcon />
            <span>Sem foto</span>
          </div>
        )}
      </div>

      <Card className="owner-summary">
        <div className="owner-summary-top">
          <TypeIcon type={listing.type} />
          <span className="owner-summary-type">{LISTING_TYPE_LABELS[listing.type]}</span>
          <ListingBadges listing={listing} />
        </div>
        <h2 className="owner-title">{listing.title}</h2>
        <p className="owner-price">
          {formatCurrency(listing.priceCents)}
          <span className="owner-price-unit">{priceUnitSuffix(listing.priceUnit)}</span>
        </p>
        <div className="owner-tags">
          <TagIcon />
          {listing.tags.length ? (
            <ul className="tag-list" aria-label="Categorias">
              {listing.tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          ) : (
            <span className="owner-tags-empty">Sem categoria</span>
          )}
        </div>
      </Card>

      <StatusNotice listing={listing} expired={expired} />

      <section className="owner-actions" aria-label="Ações do anúncio">
        <div className="owner-actions-grid">
          {/* An expired listing's first action is to renew it. */}
          {canRenew && expired ? renewButton : null}
          <Link to="/anuncios/criar" search={{ edit: listing.id }} className={buttonClassName({ variant: 'outline' })}>
            <PencilIcon />
            Editar
          </Link>
          {toggle ? (
            <Button variant="secondary" loading={toggle.action.isPending} disabled={busy} onClick={() => toggle.action.mutate(input)}>
              <toggle.Icon />
              {toggle.label}
            </Button>
          ) : null}
          {canRenew && !expired ? renewButton : null}
          <Button variant="danger-outline" disabled={busy} onClick={() => setConfirmDelete(true)}>
            <TrashIcon />
            Excluir
          </Button>
        </div>
        <Link to="/gerenciar-pedidos" className={buttonClassName({ variant: 'outline', block: true })}>
          <InboxIcon />
          Gerenciar Pedidos
        </Link>
      </section>

      {listing.type === 'food' ? fornadas : null}
      {listing.type === 'rental' ? <BlockedDaysSection listingId={listing.id} today={todayInTimeZone(getCondoTimeZone(), now)} /> : null}

      <TitledSection titleId="owner-description-title" title="Descrição">
        <Card>
          <p className="owner-description">{listing.description}</p>
        </Card>
      </TitledSection>

      <TitledSection titleId="owner-info-title" title="Informações">
        <dl className="owner-info">
          <InfoRow label="Criado em">{formatDate(listing.createdAt)}</InfoRow>
          {listing.publishedAt ? <InfoRow label="Publicado em">{formatDate(listing.publishedAt)}</InfoRow> : null}
          <InfoRow label="Status">
            {listingStatusText(listing, now)}
          </InfoRow>
          <InfoRow label={expired ? 'Expirou em' : 'Expira em'}>{listing.expiresAt ? formatDate(listing.expiresAt) : 'N/A'}</InfoRow>
          <InfoRow label={listing.type === 'service' ? 'Atendimento' : 'Entrega'}>
            {listing.deliveryOptions.map((option) => deliveryOptionLabel(listing.type, option)).join(', ')}
          </InfoRow>
          {listing.type === 'food' ? (
            <InfoRow label="Encomenda">
              {listing.requiresAdvanceOrder && listing.minimumNoticeHours
                ? `Sob encomenda, ${noticeText(listing.minimumNoticeHours)} de antecedência`
                : 'Pronta entrega'}
            </InfoRow>
          ) : null}
        </dl>
      </TitledSection>

      <TitledSection titleId="owner-advertiser-title" title="Anunciante">
        <Card className="owner-advertiser">
          <PersonAvatar className="avatar owner-advertiser-avatar" fullName={listing.owner.fullName} avatarUrl={listing.owner.avatarUrl} />
          <div className="owner-advertiser-text">
            <p className="owner-advertiser-name">{listing.owner.fullName}</p>
            <p className="icon-line owner-advertiser-meta">
              <MapPinIcon />
              {listing.owner.apartment ? `Apto ${listing.owner.apartment}` : '---'}
            </p>
            {listing.owner.phone ? (
              <p className="icon-line owner-advertiser-meta">
                <PhoneIcon />
                {maskPhone(listing.owner.phone)}
              </p>
            ) : null}
          </div>
        </Card>
      </TitledSection>

      <DeleteListingDialog
        listing={confirmDelete ? listing : null}
        pending={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate(input, { onError: () => setConfirmDelete(false) })}
      />
    </>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Why the listing is not (or no longer) visible to the neighbours, and what the owner can do. */
function StatusNotice({ listing, expired }: { listing: ManagedListing; expired: boolean }) {
  let tone: 'info' | 'warning' | 'danger' = 'info';
  let text: ReactNode = null;
  if (listing.status === 'pending') {
    text = 'Aguardando aprovação do administrador. O anúncio aparece para os vizinhos depois de aprovado.';
  } else if (listing.status === 'rejected') {
    tone = 'danger';
    text = (
      <>
        <strong>Anúncio rejeitado.</strong> {listing.rejectionReason ?? 'Edite o anúncio para enviá-lo de novo para aprovação.'}
      </>
    );
  } else if (listing.status === 'paused') {
    tone = 'warning';
    text = listing.pausedBy === 'billing' ? LISTING_MESSAGES.pausedByBilling : LISTING_MESSAGES.pausedByAdmin;
  } else if (listing.status === 'inactive') {
    text = 'Você pausou este anúncio. Ele não aparece para os vizinhos até ser reativado.';
  } else if (expired) {
    tone = 'warning';
    text = `Este anúncio expirou e não aparece para os vizinhos. Renove para publicá-lo por mais ${LISTING_VALIDITY_DAYS} dias.`;
  }
  if (!text) return null;
  return (
    <p className={`notice owner-notice owner-notice-${tone}`}>
      {tone === 'info' ? <ClockIcon /> : <AlertCircleIcon />}
      <span>{text}</span>
    </p>
  );
}
