import { formatDate } from '@vizinhanca/shared/format/format';
import { MINIMUM_NOTICE_DEFAULT_HOURS, type ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { deliveryOptionLabel, noticeText } from '@vizinhanca/shared/listings/listing.rules';
import { maskPhone } from '@vizinhanca/shared/auth/phone';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { StatList } from '../../../components/ui/stat-list.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { ListingThumb } from './listing-thumb.tsx';
import { isExpiredListing } from './moderation-labels.ts';
import { ListingStatusBadge, ListingTypeBadge } from '../../../components/status-badges.tsx';
import { ModerationPrice } from './moderation-listing-card.tsx';

/** 'Ver': everything a moderator needs to judge a listing, in one dialog. */
export function ListingViewDialog({ listing, onClose }: { listing: ManagedListing | null; onClose: () => void }) {
  return (
    <Dialog
      open={listing !== null}
      title="Detalhes do Anúncio"
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {listing ? <ListingView listing={listing} /> : null}
    </Dialog>
  );
}

function ListingView({ listing }: { listing: ManagedListing }) {
  const expired = isExpiredListing(listing, useNow());
  const rows: [string, string][] = [
    ['Anunciante', listing.owner.fullName],
    ['Apartamento', listing.owner.apartment ?? '---'],
    ['Telefone', listing.owner.phone ? maskPhone(listing.owner.phone) : 'Não informado'],
    ['Categorias', listing.tags.length ? listing.tags.join(', ') : 'Nenhuma'],
    ['Entrega', listing.deliveryOptions.map((option) => deliveryOptionLabel(listing.type, option)).join(', ')],
  ];
  if (listing.type === 'food') {
    rows.push([
      'Encomenda',
      listing.requiresAdvanceOrder ? `Sob Encomenda · ${noticeText(listing.minimumNoticeHours ?? MINIMUM_NOTICE_DEFAULT_HOURS)} de antecedência` : 'Pronto',
    ]);
  }
  rows.push(['Criado em', formatDate(listing.createdAt)]);
  if (listing.publishedAt) rows.push(['Publicado em', formatDate(listing.publishedAt)]);
  if (listing.expiresAt) rows.push([expired ? 'Expirou em' : 'Expira em', formatDate(listing.expiresAt)]);
  if (listing.rejectionReason) rows.push(['Motivo da rejeição', listing.rejectionReason]);

  return (
    <div className="listing-view">
      {/* autofocus: the dialog opens at its top, not scrolled down to the 'Fechar' button. */}
      <div className="listing-view-header" tabIndex={-1} ref={(element) => element?.setAttribute('autofocus', '')}>
        <ListingThumb src={listing.imageCardUrl} type={listing.type} className="listing-view-image" />
        <div className="moderation-card-text">
          <div className="moderation-card-badges">
            <ListingTypeBadge type={listing.type} />
            <ListingStatusBadge status={listing.status} pausedBy={listing.pausedBy} forModeration />
            {expired ? <Badge variant="danger">Expirado</Badge> : null}
          </div>
          <h3 className="listing-view-title">{listing.title}</h3>
          <ModerationPrice listing={listing} />
        </div>
      </div>
      {listing.photos.length > 1 ? (
        // Moderation sees every photo it approves, not only the cover.
        <ul className="listing-view-photos" aria-label={`Fotos do anúncio (${listing.photos.length})`}>
          {listing.photos.map((photo, index) => (
            <li key={photo.id}>
              <img src={photo.cardUrl} alt={`Foto ${index + 1} de ${listing.photos.length}`} width={photo.width} height={photo.height} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="listing-view-description">{listing.description}</p>
      <StatList className="listing-view-facts" stats={rows} />
    </div>
  );
}
