import { Link } from '@tanstack/react-router';
import { formatCurrency, getCondoTimeZone } from '@vizinhanca/shared/format/format';
import { portionsText, remainingText, windowText } from '@vizinhanca/shared/fornadas/fornada.rules';
import { ORDER_STATUS_LABELS } from '@vizinhanca/shared/orders/order.rules';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { useFornadaOrderList } from '../hooks/use-fornadas.ts';
import '../../../looks.css';

const HANDOVER_LABELS = { pickup: 'Retirada', delivery: 'Entrega', scheduled: 'Agendado' } as const;

/** /fornada/{id}: 'Lista da fornada', the seller's: who reserved how many, delivery or pickup, and the total. */
export function FornadaListScreen({ id }: { id: string }) {
  const { list, markAllDelivered } = useFornadaOrderList(id);
  const header = <PageHeader title="Lista da fornada" backTo="/anuncios" />;
  if (list.isPending) {
    return (
      <AppScreen header={header}>
        <Spinner />
      </AppScreen>
    );
  }
  if (list.isError) {
    return (
      <AppScreen header={header}>
        <EmptyState role="alert" icon={<AlertCircleIcon />} iconClassName="empty-state-icon-danger" titleAs="h2" title="Não foi possível abrir a lista" text={errorMessage(list.error)} />
      </AppScreen>
    );
  }
  const { fornada, items, totalPortions, totalCents } = list.data;
  const toDeliver = items.some((item) => item.status === 'approved');
  return (
    <AppScreen header={header}>
      <section className="card fornada-summary" aria-labelledby="fornada-list-title">
        <h2 className="fornada-when" id="fornada-list-title">
          <Link to="/anuncio/$id" params={{ id: fornada.listingId }} className="person-link">
            {fornada.listingTitle}
          </Link>
        </h2>
        <p>{windowText(fornada.startsAt, fornada.endsAt, getCondoTimeZone())}</p>
        <p className="muted">
          {portionsText(fornada.portions)} · {remainingText(fornada.remaining)}
        </p>
      </section>

      {items.length === 0 ? (
        <p className="muted">Ninguém reservou ainda.</p>
      ) : (
        <table className="fornada-table">
          <caption className="visually-hidden">Reservas da fornada</caption>
          <thead>
            <tr>
              <th scope="col">Quem</th>
              <th scope="col">Porções</th>
              <th scope="col">Como</th>
              <th scope="col">Valor</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.orderId}>
                <th scope="row">
                  {item.fullName}
                  <span className="fornada-table-note">{item.apartment ? `Apto ${item.apartment}` : null}</span>
                  <Badge variant={item.status === 'approved' ? 'info' : 'success'}>{ORDER_STATUS_LABELS[item.status]}</Badge>
                </th>
                <td>{item.quantity}</td>
                <td>
                  {HANDOVER_LABELS[item.deliveryMethod]}
                  {item.deliveryAddress ? <span className="fornada-table-note">{item.deliveryAddress}</span> : null}
                </td>
                <td>{formatCurrency(item.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{totalPortions}</td>
              <td />
              <td>{formatCurrency(totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      )}

      {toDeliver ? (
        <Button block size="lg" loading={markAllDelivered.isPending} onClick={() => markAllDelivered.mutate({ id })}>
          Marcar todas como entregues
        </Button>
      ) : null}
    </AppScreen>
  );
}
