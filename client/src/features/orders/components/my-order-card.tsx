import { availableActions, returnWarning } from '@vizinhanca/shared/orders/order.rules';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';
import { DeskHandoverPanel } from './desk-handover-panel.tsx';
import { HandoverConditions } from './handover-conditions.tsx';
import { DepositPanel } from './deposit-panel.tsx';
import { ContactButton, ConversationLink, MarkPaidButton, OrderCardHeader, OrderFacts, OrderPeriod, ReviewButton } from './order-card-parts.tsx';

interface MyOrderCardProps {
  order: OrderItem;
  /** Today in the condominium's time zone ('YYYY-MM-DD'), for the return warning. */
  today: string;
  onCancel: (order: OrderItem) => void;
  onReview: (order: OrderItem) => void;
  /** 'Pagar com Pix' (composed by the route from the Pix feature). */
  renderPayment?: (order: OrderItem) => ReactNode;
}

/** One order the user made (docs/product.md §10.13). */
export function MyOrderCard({ order, today, onCancel, onReview, renderPayment }: MyOrderCardProps) {
  const headingId = `my-order-${order.id}`;
  const warning = returnWarning(order.status, order.endDate, today);
  const cancellable = availableActions(order.status, 'requester').includes('cancel');
  return (
    <article className="card orders-card" id={`pedido-${order.id}`} aria-labelledby={headingId}>
      <OrderCardHeader order={order} headingId={headingId} />
      {warning ? (
        <p className={`notice notice-compact orders-warning${order.endDate === today ? ' orders-warning-today' : ''}`}>
          <AlertCircleIcon />
          {warning}
        </p>
      ) : null}
      <OrderPeriod order={order} />
      <OrderFacts order={order} />
      <HandoverConditions orderId={order.id} side="requester" conditions={order.handover} />
      <DepositPanel order={order} side="requester" />
      <div className="orders-actions">
        <DeskHandoverPanel order={order} side="requester" />
        <ConversationLink orderId={order.id} />
        <ContactButton order={order} label="Contatar via WhatsApp" />
        {cancellable ? (
          <Button variant="danger-outline" size="sm" onClick={() => onCancel(order)}>
            Cancelar
          </Button>
        ) : null}
        {order.pixAvailable && !order.paidAt ? renderPayment?.(order) : null}
        <MarkPaidButton order={order} />
        <ReviewButton order={order} onReview={onReview} />
      </div>
    </article>
  );
}
