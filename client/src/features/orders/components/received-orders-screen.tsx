import { getCondoTimeZone, todayInTimeZone } from '@vizinhanca/shared/format/format';
import type { OrderItem, ReceivedOrderTab } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { InboxIcon } from '../../../components/ui/secondary-icons.tsx';
import { useReceivedOrderActions } from '../hooks/use-order-actions.ts';
import { useReceivedOrders } from '../hooks/use-orders.ts';
import { RECEIVED_ORDER_TAB_ITEMS, RECEIVED_ORDERS_SCREEN } from '../order-tabs.ts';
import { OrdersTabScreen, type OrdersScreenProps } from './orders-tab-screen.tsx';
import { ConfirmStepDialog, type ConfirmableStep } from './confirm-step-dialog.tsx';
import { ORDER_REASON_TEXTS, OrderReasonDialog } from './order-reason-dialog.tsx';
import { ReceivedOrderCard, type ReceivedOrderHandlers } from './received-order-card.tsx';
import { OrderReviewDialog } from './review-dialog.tsx';
import '../../../looks.css';
import '../orders.css';
import { useNow } from '../../../hooks/use-now.ts';

/** /gerenciar-pedidos (docs/product.md §10.15): orders of the user's listings, pending first, with every step of the lifecycle. */
export function ReceivedOrdersScreen(props: OrdersScreenProps<ReceivedOrderTab>) {
  const orders = useReceivedOrders(props.tab);
  const actions = useReceivedOrderActions();
  const [toReject, setToReject] = useState<OrderItem | null>(null);
  const [toConfirm, setToConfirm] = useState<{ order: OrderItem; step: ConfirmableStep } | null>(null);
  const [toReview, setToReview] = useState<OrderItem | null>(null);
  const today = todayInTimeZone(getCondoTimeZone(), useNow());

  const handlers: ReceivedOrderHandlers = {
    busyId: actions.busyId,
    approve: actions.approve,
    reject: setToReject,
    markDelivered: (order) => setToConfirm({ order, step: 'markDelivered' }),
    complete: (order) => setToConfirm({ order, step: 'complete' }),
    review: setToReview,
  };
  const renderItem = (order: OrderItem) => <ReceivedOrderCard order={order} today={today} handlers={handlers} />;
  const empty = <EmptyState icon={<InboxIcon />} text="Não há pedidos nesta categoria no momento." />;

  return (
    <OrdersTabScreen screen={RECEIVED_ORDERS_SCREEN} tabs={RECEIVED_ORDER_TAB_ITEMS} {...props} orders={orders} renderItem={renderItem} empty={empty}>
      <OrderReasonDialog order={toReject} texts={ORDER_REASON_TEXTS.reject} pending={actions.rejecting} onConfirm={actions.reject} onClose={() => setToReject(null)} />

      <ConfirmStepDialog
        pending={toConfirm}
        busy={toConfirm !== null && actions.busyId === toConfirm.order.id}
        onConfirm={(order, step, condition) => {
          actions[step](order, condition);
          setToConfirm(null);
        }}
        onClose={() => setToConfirm(null)}
      />

      <OrderReviewDialog order={toReview} reviewing="requester" onClose={() => setToReview(null)} />
    </OrdersTabScreen>
  );
}
