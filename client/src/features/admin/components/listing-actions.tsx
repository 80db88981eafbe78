import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon, XIcon } from '../../../components/ui/icons.tsx';
import { EyeIcon, PauseIcon, PlayIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import type { ListingHandlers } from './listing-handlers.ts';

/** Pendencies: look, reject or approve. */
export function PendingListingActions({ listing, handlers }: { listing: ManagedListing; handlers: ListingHandlers }) {
  const busy = handlers.busyId === listing.id;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => handlers.view(listing)}>
        <EyeIcon />
        Ver
      </Button>
      <Button variant="danger-outline" size="sm" onClick={() => handlers.reject(listing)} disabled={busy}>
        <XIcon />
        Rejeitar
      </Button>
      <Button size="sm" onClick={() => handlers.approve(listing)} loading={busy}>
        {busy ? null : <CheckIcon />}
        Aprovar
      </Button>
    </>
  );
}

/** 'Todos os Anúncios': the actions the listing's status allows (docs/product.md §10.17). */
export function ManagedListingActions({ listing, handlers }: { listing: ManagedListing; handlers: ListingHandlers }) {
  const busy = handlers.busyId === listing.id;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => handlers.view(listing)}>
        <EyeIcon />
        Ver
      </Button>
      {listing.status === 'pending' ? (
        <>
          <Button size="sm" onClick={() => handlers.approve(listing)} disabled={busy}>
            Aprovar
          </Button>
          <Button variant="danger-outline" size="sm" onClick={() => handlers.reject(listing)} disabled={busy}>
            Rejeitar
          </Button>
        </>
      ) : null}
      {listing.status === 'active' || listing.status === 'inactive' ? (
        <Button variant="outline" size="sm" onClick={() => handlers.pause(listing)} disabled={busy}>
          <PauseIcon />
          Pausar
        </Button>
      ) : null}
      {listing.status === 'paused' ? (
        <Button size="sm" onClick={() => handlers.activate(listing)} loading={busy}>
          {busy ? null : <PlayIcon />}
          Ativar
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="moderation-delete" onClick={() => handlers.remove(listing)} disabled={busy}>
        <TrashIcon />
        Excluir
      </Button>
    </>
  );
}
