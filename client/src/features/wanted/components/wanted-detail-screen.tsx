import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { formatCurrency, formatDate } from '@vizinhanca/shared/format/format';
import { WANTED_STATUS_LABELS } from '@vizinhanca/shared/wanted/wanted.rules';
import type { WantedDetail, WantedOffer } from '@vizinhanca/shared/wanted/wanted.schema';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';
import { wantedFacts } from './wanted-card.tsx';
import { WantedFormDialog } from './wanted-form-dialog.tsx';
import '../../../looks.css';

const DETAIL_PATHS = { rental: '/item/$id', food: '/food/$id', service: '/service/$id' } as const;
const PRICE_UNITS = { day: '/dia', unit: '/unidade', hour: '/hora', service: '' } as const;

/** /procura-se/{id}: the request; its author reads the offers and closes it, a neighbour answers 'Eu tenho'. */
export function WantedDetailScreen() {
  const { id } = useParams({ from: '/app/procura-se/$id' });
  const request = trpc.wanted.byId.useQuery({ id });
  return (
    <AppScreen header={<PageHeader title="Procura-se" backTo="/procura-se" />}>
      {request.isPending ? <Spinner /> : request.isError ? <LoadError error={request.error} onRetry={() => void request.refetch()} /> : <WantedDetailBody request={request.data} />}
    </AppScreen>
  );
}

function useRefreshWanted(id: string) {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.wanted.byId.invalidate({ id }), utils.wanted.list.invalidate()]);
  };
}

function WantedDetailBody({ request }: { request: WantedDetail }) {
  return (
    <div className="wanted-detail">
      <Card className="wanted-offer">
        <div className="wanted-card-top">
          <h2 className="wanted-card-title">{request.title}</h2>
          <Badge variant={request.status === 'open' ? 'success' : request.status === 'expired' ? 'warning' : 'info'}>{WANTED_STATUS_LABELS[request.status]}</Badge>
        </div>
        <p className="wanted-card-facts">{wantedFacts(request)}</p>
        {request.description ? <p className="wanted-detail-description">{request.description}</p> : null}
        <p className="wanted-card-facts">
          {request.isAuthor ? 'Seu pedido' : `Pedido de ${request.author.fullName}${request.author.apartment ? ` (${request.author.apartment})` : ''}`} · válido até{' '}
          {formatDate(request.expiresAt)}
        </p>
      </Card>
      {request.isAuthor ? <AuthorActions request={request} /> : <NeighbourActions request={request} />}
      <section aria-labelledby="wanted-offers-title">
        <h2 className="wanted-section-title" id="wanted-offers-title">
          {request.isAuthor ? 'Ofertas dos vizinhos' : 'Suas ofertas'}
        </h2>
        {request.offers.length === 0 ? (
          <p className="wanted-card-facts">{request.isAuthor ? "Nenhuma oferta ainda. Você é avisado quando um vizinho tocar em 'Eu tenho'." : 'Você ainda não ofereceu nada.'}</p>
        ) : (
          <ul className="stack-list" aria-label="Ofertas">
            {request.offers.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function OfferCard({ offer }: { offer: WantedOffer }) {
  return (
    <Card className="wanted-offer">
      <p className="wanted-offer-title">{offer.listing.title}</p>
      <p className="wanted-card-facts">
        {formatCurrency(offer.listing.priceCents)}
        {PRICE_UNITS[offer.listing.priceUnit]} · {offer.offerer.fullName}
        {offer.offerer.apartment ? ` (${offer.offerer.apartment})` : ''}
      </p>
      {offer.available ? (
        <Link to={DETAIL_PATHS[offer.listing.type]} params={{ id: offer.listing.id }} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          Ver anúncio
        </Link>
      ) : (
        <p className="wanted-card-facts">{offer.awaitingApproval ? 'Aguardando aprovação da administração' : 'Anúncio indisponível no momento'}</p>
      )}
    </Card>
  );
}

function AuthorActions({ request }: { request: WantedDetail }) {
  const refresh = useRefreshWanted(request.id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const onDone = async (result: { message: string }) => {
    toast.success(result.message);
    await refresh();
  };
  const found = trpc.wanted.found.useMutation({ meta: { errorPrefix: '' }, onSuccess: onDone });
  const renew = trpc.wanted.renew.useMutation({ meta: { errorPrefix: '' }, onSuccess: onDone });
  const update = trpc.wanted.update.useMutation({
    meta: { errorPrefix: '' },
    onSuccess: async (result) => {
      setEditing(false);
      await onDone(result);
    },
  });
  const remove = trpc.wanted.delete.useMutation({
    meta: { errorPrefix: '' },
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
      await navigate({ to: '/procura-se' });
    },
  });
  const closed = request.status === 'found';
  return (
    <div className="wanted-actions">
      {!closed ? (
        <Button onClick={() => found.mutate({ id: request.id })} loading={found.isPending}>
          Encontrei
        </Button>
      ) : null}
      {request.canRenew ? (
        <Button variant="secondary" onClick={() => renew.mutate({ id: request.id })} loading={renew.isPending}>
          Renovar
        </Button>
      ) : null}
      {!closed ? (
        <Button variant="outline" onClick={() => setEditing(true)}>
          Editar
        </Button>
      ) : null}
      <Button variant="danger-outline" onClick={() => setDeleting(true)}>
        Excluir
      </Button>
      {editing ? (
        <WantedFormDialog
          open
          request={request}
          sending={update.isPending}
          onClose={() => setEditing(false)}
          onSend={(fields, onError) => update.mutate({ id: request.id, ...fields }, { onError })}
        />
      ) : null}
      <Dialog
        open={deleting}
        title="Excluir pedido"
        description="Tem certeza que deseja excluir este pedido?"
        onClose={() => !remove.isPending && setDeleting(false)}
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(false)} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate({ id: request.id })}>
              Excluir
            </Button>
          </>
        }
      />
    </div>
  );
}

function NeighbourActions({ request }: { request: WantedDetail }) {
  const refresh = useRefreshWanted(request.id);
  const [offering, setOffering] = useState(false);
  const [reporting, setReporting] = useState(false);
  const report = trpc.reports.request.useMutation({ meta: { errorPrefix: '' } });
  return (
    <div className="wanted-actions">
      {request.status === 'open' ? <Button onClick={() => setOffering(true)}>Eu tenho</Button> : null}
      <Button variant="ghost" onClick={() => setReporting(true)}>
        Denunciar
      </Button>
      {offering ? <OfferDialog request={request} onClose={() => setOffering(false)} onOffered={refresh} /> : null}
      <ReportDialog
        open={reporting}
        title="Denunciar pedido"
        subject={<p className="wanted-offer-title">{request.title}</p>}
        sending={report.isPending}
        onClose={() => setReporting(false)}
        onSend={(choice, done) =>
          report.mutate(
            { requestId: request.id, ...choice },
            {
              onSuccess: (result) => {
                toast.success(result.message);
                done();
              },
            },
          )
        }
      />
    </div>
  );
}

/** 'Eu tenho': one of the neighbour's active listings, or a new listing written from the request. */
function OfferDialog({ request, onClose, onOffered }: { request: WantedDetail; onClose: () => void; onOffered: () => Promise<void> }) {
  const mine = trpc.listings.mine.useQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const offer = trpc.wanted.offer.useMutation({
    meta: { errorPrefix: '' },
    onSuccess: async (result) => {
      toast.success(result.message);
      onClose();
      await onOffered();
    },
  });
  const now = Date.now();
  const active = (mine.data?.items ?? []).filter((listing) => listing.status === 'active' && listing.expiresAt !== null && listing.expiresAt.getTime() > now);
  return (
    <Dialog open title="Eu tenho" description="Escolha um dos seus anúncios ativos ou crie um anúncio a partir deste pedido." onClose={() => !offer.isPending && onClose()}>
      <div className="form">
        {mine.isPending ? (
          <Spinner />
        ) : active.length ? (
          <fieldset className="report-reasons">
            <legend className="field-label">Seus anúncios ativos</legend>
            {active.map((listing) => (
              <label key={listing.id} className="wanted-choice">
                <input type="radio" name="wanted-listing" value={listing.id} checked={chosen === listing.id} onChange={() => setChosen(listing.id)} />
                {listing.title}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="wanted-card-facts">Você não tem anúncios ativos.</p>
        )}
        <Link to="/anuncios/criar" search={{ category: request.type, procura: request.id }} className={buttonClassName({ variant: 'outline', block: true })}>
          Criar anúncio
        </Link>
        <div className="dialog-footer">
          <Button variant="outline" onClick={onClose} disabled={offer.isPending}>
            Cancelar
          </Button>
          <Button disabled={!chosen} loading={offer.isPending} onClick={() => chosen && offer.mutate({ requestId: request.id, listingId: chosen })}>
            Oferecer anúncio
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
