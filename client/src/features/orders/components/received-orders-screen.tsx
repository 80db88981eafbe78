import { getCondoTimeZone, todayInTimeZone } from '@vizinhanca/shared/format/format';
import type { OrderItem, ReceivedOrderTab } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { InboxIcon } from '../../../components/ui/icons.tsx';
import { useReceivedOrderActions } from '../hooks/use-order-actions.ts';
import { useReceivedOrders } from '../hooks/use-orders.ts';
import { orderTitle } from '../order-format.ts';
import { RECEIVED_ORDER_TAB_ITEMS } from '../order-tabs.ts';
import { OrdersTabScreen } from './orders-tab-screen.tsx';
import { ConfirmStepDialog, type ConfirmableStep } from './confirm-step-dialog.tsx';
import { ORDER_REASON_TEXTS, OrderReasonDialog } from './order-reason-dialog.tsx';
import { ReceivedOrderCard, type ReceivedOrderHandlers } from './received-order-card.tsx';
import { OrderReviewDialog } from './review-dialog.tsx';
import '../../../looks.css';
import '../orders.css';

const COUNTERS = [
  ['Pendentes', 'pending'],
  ['Aprovados', 'approved'],
  ['Em Andamento', 'active'],
  ['Finalizados', 'finished'],
] as const;

interface ReceivedOrdersScreenProps {
  tab: ReceivedOrderTab;
  onTabChange: (tab: ReceivedOrderTab) => void;
}

/** /gerenciar-pedidos (docs/product.md §10.15): orders of the user's listings, pending first, with every step of the lifecycle. */
export function ReceivedOrdersScreen({ tab, onTabChange }: ReceivedOrdersScreenProps) {
  const orders = useReceivedOrders(tab);
  const actions = useReceivedOrderActions();
  const [toReject, setToReject] = useState<OrderItem | null>(null);
  const [toConfirm, setToConfirm] = useState<{ order: OrderItem; step: ConfirmableStep } | null>(null);
  const [toReview, setToReview] = useState<OrderItem | null>(null);
  const today = todayInTimeZone(getCondoTimeZone());

  const handlers: ReceivedOrderHandlers = {
    busyId: actions.busyId,
    approve: actions.approve,
    reject: setToReject,
    markDelivered: (order) => setToConfirm({ order, step: 'markDelivered' }),
    complete: (order) => setToConfirm({ order, step: 'complete' }),
    review: setToReview,
  };

  return (
    <OrdersTabScreen
      title="Gerenciar Pedidos"
      backTo="/anuncios"
      countersLabel="Resumo dos pedidos recebidos"
      counters={COUNTERS}
      idPrefix="received-orders"
      tab={tab}
      tabs={RECEIVED_ORDER_TAB_ITEMS}
      onTabChange={onTabChange}
      orders={orders}
      renderItem={(order) => <ReceivedOrderCard order={order} today={today} handlers={handlers} />}
      empty={
        <div className="empty-state">
          <span className="icon-tile empty-state-icon">
            <InboxIcon />
          </span>
          <p className="muted">Não há pedidos nesta categoria no momento.</p>
        </div>
      }
    >
      <OrderReasonDialog
        orderTitle={toReject ? orderTitle(toReject) : null}
        texts={ORDER_REASON_TEXTS.reject}
        pending={actions.rejecting}
        onConfirm={(reason, done) => {
          if (toReject) actions.reject(toReject, reason, done);
        }}
        onClose={() => setToReject(null)}
      />

      <ConfirmStepDialog
        pending={toConfirm}
        busy={toConfirm !== null && actions.busyId === toConfirm.order.id}
        onConfirm={(order, step) => {
          actions[step](order);
          setToConfirm(null);
        }}
        onClose={() => setToConfirm(null)}
      />

      <OrderReviewDialog order={toReview} reviewing="requester" onClose={() => setToReview(null)} />
    </OrdersTabScreen>
  );
}
