import { availableActions, rentalProgress } from '@vizinhanca/shared/orders/order.rules';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { Button } from '../../../components/ui/button.tsx';
import type { CardHandlers } from '../../../lib/card-handlers.ts';
import { CheckIcon, MessageSquareIcon, XIcon } from '../../../components/ui/icons.tsx';
import { DeskHandoverPanel } from './desk-handover-panel.tsx';
import { HandoverConditions } from './handover-conditions.tsx';
import { DepositPanel } from './deposit-panel.tsx';
import { RecordConditionButton } from './record-condition.tsx';
import { ContactButton, ConversationLink, MarkPaidButton, OrderCardHeader, OrderFacts, OrderPeriod, ReviewButton } from './order-card-parts.tsx';

/** What a received order's buttons call ('review': the owner reviews the requester after completion). */
export type ReceivedOrderHandlers = CardHandlers<OrderItem, 'approve' | 'reject' | 'markDelivered' | 'complete' | 'review'>;

/** The steps forward, in the order their buttons stand; the status decides which show. */
const STEPS = [
  { action: 'approve', label: 'Aprovar', check: true },
  { action: 'markDelivered', label: 'Marcar como entregue', check: false },
  { action: 'complete', label: 'Concluir', check: true },
] as const;

/** In-progress rentals: the share of the period already used, capped at 100%, and the days left. */
function RentalProgress({ startDate, endDate, today }: { startDate: string; endDate: string; today: string }) {
  const { percent, label } = rentalProgress(startDate, endDate, today);
  const expired = label === 'Período expirado';
  return (
    <div className={`orders-progress${expired ? ' orders-progress-expired' : ''}`}>
      <div className="orders-progress-text">
        <span>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        className="orders-progress-track"
        role="progressbar"
        aria-label="Andamento do aluguel"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% · ${label}`}
      >
        <span className="orders-progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** One order of the owner's listings (docs/product.md §10.15), with the buttons its status allows. */
export function ReceivedOrderCard({ order, today, handlers }: { order: OrderItem; today: string; handlers: ReceivedOrderHandlers }) {
  const headingId = `received-order-${order.id}`;
  const actions = availableActions(order.status, 'owner');
  const busy = handlers.busyId === order.id;
  return (
    <article className="card orders-card" id={`pedido-${order.id}`} aria-labelledby={headingId}>
      <OrderCardHeader order={order} headingId={headingId} />
      <OrderPeriod order={order} />
      {order.status === 'in_progress' && order.startDate && order.endDate ? (
        <RentalProgress startDate={order.startDate} endDate={order.endDate} today={today} />
      ) : null}
      {order.message ? (
        <blockquote className="notice notice-compact notice-info orders-message">
          <MessageSquareIcon />
          <p>
            <span className="visually-hidden">Mensagem de {order.counterpart.fullName}: </span>
            {order.message}
          </p>
        </blockquote>
      ) : null}
      <OrderFacts order={order} />
      <HandoverConditions orderId={order.id} side="owner" conditions={order.handover} />
      <DepositPanel order={order} side="owner" />
      <div className="orders-actions">
        <DeskHandoverPanel order={order} side="owner" />
        <RecordConditionButton order={order} />
        <ConversationLink orderId={order.id} />
        <ContactButton order={order} label="Contatar cliente" />
        <ReviewButton order={order} onReview={handlers.review} />
        {actions.includes('reject') ? (
          <Button variant="danger-outline" size="sm" onClick={() => handlers.reject(order)} disabled={busy}>
            <XIcon />
            Rejeitar
          </Button>
        ) : null}
        {STEPS.filter((step) => actions.includes(step.action)).map(({ action, label, check }) => (
          <Button key={action} size="sm" onClick={() => handlers[action](order)} loading={busy}>
            {busy || !check ? null : <CheckIcon />}
            {label}
          </Button>
        ))}
        <MarkPaidButton order={order} />
      </div>
    </article>
  );
}
