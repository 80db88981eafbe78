import type { ManagedListing } from '@vizinhanca/shared/listings/listing.schema';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon, XIcon } from '../../../components/ui/icons.tsx';
import { EyeIcon, PauseIcon, PlayIcon, TrashIcon } from '../../../components/ui/secondary-icons.tsx';
import type { ListingHandlers } from './listing-handlers.ts';

interface ActionsProps {
  listing: ManagedListing;
  handlers: ListingHandlers;
}

/** 'Ver' opens the listing as its neighbours would see it, whatever its status. */
function ViewButton({ listing, handlers }: ActionsProps) {
  return (
    <Button variant="outline" size="sm" onClick={() => handlers.view(listing)}>
      <EyeIcon />
      Ver
    </Button>
  );
}

/** Pendencies: look, reject or approve. */
export function PendingListingActions({ listing, handlers }: ActionsProps) {
  const busy = handlers.busyId === listing.id;
  return (
    <>
      <ViewButton listing={listing} handlers={handlers} />
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
export function ManagedListingActions({ listing, handlers }: ActionsProps) {
  const busy = handlers.busyId === listing.id;
  return (
    <>
      <ViewButton listing={listing} handlers={handlers} />
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
