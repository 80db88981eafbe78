import { depositLine, depositOutcomeText } from '@vizinhanca/shared/deposits/deposit.constants';
import type { DepositSettlement } from '@vizinhanca/shared/deposits/deposit.schema';
import { formatDate } from '@vizinhanca/shared/format/format';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useDepositActions } from '../hooks/use-deposit.ts';

const RetainDepositDialog = lazy(() => import('./retain-deposit-dialog.tsx').then((module) => ({ default: module.RetainDepositDialog })));
const ContestDepositDialog = lazy(() => import('./contest-deposit-dialog.tsx').then((module) => ({ default: module.ContestDepositDialog })));

interface DepositOrder {
  id: string;
  status: OrderStatus;
  depositCents: number;
  deposit: DepositSettlement | null;
}

/** Where the requester's answer stands, as each side reads it. */
function answerText(record: DepositSettlement, side: 'requester' | 'owner'): string {
  if (record.answer === 'accepted') return side === 'owner' ? 'Quem pediu aceitou o registro.' : 'Você aceitou o registro.';
  if (record.answer === 'contested') return side === 'owner' ? 'Quem pediu contestou o registro.' : 'Você contestou o registro.';
  if (!record.answerOpen) return 'O prazo para responder terminou sem resposta.';
  return side === 'owner' ? `Aguardando a resposta de quem pediu até ${formatDate(record.answerUntil)}.` : `Responda até ${formatDate(record.answerUntil)}.`;
}

/**
 * The deposit (caução) of a rental on its order: the amount apart from the rent, then, at the
 * end, the owner's record ('Caução devolvida' / 'Caução retida' with the amount, the reason and
 * photos) and the requester's answer within 7 days: 'Aceito', or 'Contestar', a problem the
 * administration settles.
 */
export function DepositPanel({ order, side }: { order: DepositOrder; side: 'requester' | 'owner' }) {
  const actions = useDepositActions(order.id);
  const [retaining, setRetaining] = useState(false);
  const [contesting, setContesting] = useState(false);
  if (order.depositCents === 0) return null;
  const record = order.deposit;
  const headingId = `deposit-${order.id}`;
  return (
    <section className="orders-deposit" aria-labelledby={headingId}>
      <p className="orders-deposit-line" id={headingId}>
        {depositLine(order.depositCents)}
      </p>
      {record ? (
        <>
          <p className={`orders-deposit-outcome${record.outcome === 'retained' ? ' orders-deposit-retained' : ''}`}>{depositOutcomeText(record, order.depositCents)}</p>
          {record.reason ? (
            <p className="orders-deposit-reason">
              <strong>Motivo:</strong> {record.reason}
            </p>
          ) : null}
          {record.photos.length ? (
            <ul className="orders-deposit-photos" aria-label="Fotos da caução">
              {record.photos.map((photo, index) => (
                <li key={photo.id}>
                  <a href={photo.detailUrl} target="_blank" rel="noopener noreferrer">
                    <img src={photo.cardUrl} alt={`Foto ${index + 1} da caução`} width={72} height={72} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="orders-deposit-answer">{answerText(record, side)}</p>
          {record.contestText ? (
            <p className="orders-deposit-reason">
              <strong>Contestação:</strong> {record.contestText}
            </p>
          ) : null}
          {side === 'requester' && record.answerOpen ? (
            <div className="orders-deposit-actions">
              <Button size="sm" onClick={() => actions.answer({ orderId: order.id, answer: 'accepted' })} loading={actions.busy}>
                Aceito
              </Button>
              <Button size="sm" variant="danger-outline" onClick={() => setContesting(true)} disabled={actions.busy}>
                Contestar
              </Button>
            </div>
          ) : null}
        </>
      ) : side === 'owner' && order.status === 'completed' ? (
        <div className="orders-deposit-actions">
          <Button size="sm" onClick={() => actions.settle({ orderId: order.id, outcome: 'returned' })} loading={actions.busy}>
            Caução devolvida
          </Button>
          <Button size="sm" variant="outline" onClick={() => setRetaining(true)} disabled={actions.busy}>
            Caução retida
          </Button>
        </div>
      ) : null}
      {retaining ? (
        <Suspense fallback={null}>
          <RetainDepositDialog orderId={order.id} depositCents={order.depositCents} onClose={() => setRetaining(false)} />
        </Suspense>
      ) : null}
      {contesting && record ? (
        <Suspense fallback={null}>
          <ContestDepositDialog orderId={order.id} record={depositOutcomeText(record, order.depositCents)} onClose={() => setContesting(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
