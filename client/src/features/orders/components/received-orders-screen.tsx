import { getCondoTimeZone, todayInTimeZone } from '@vizinhanca/shared/format/format';
import type { OrderItem, ReceivedOrderTab } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { InboxIcon } from '../../../components/ui/icons.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { useCreateReview, useReceivedOrderActions } from '../hooks/use-order-actions.ts';
import { useReceivedOrders } from '../hooks/use-orders.ts';
import { orderTitle } from '../order-format.ts';
import { RECEIVED_ORDER_TAB_ITEMS } from '../order-tabs.ts';
import { OrderCounters } from './order-counters.tsx';
import { OrderList } from './order-list-states.tsx';
import { ConfirmStepDialog, type ConfirmableStep } from './confirm-step-dialog.tsx';
import { ORDER_REASON_TEXTS, OrderReasonDialog } from './order-reason-dialog.tsx';
import { ReceivedOrderCard, type ReceivedOrderHandlers } from './received-order-card.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import '../../../looks.css';
import '../orders.css';

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
  const review = useCreateReview();
  const today = todayInTimeZone(getCondoTimeZone());

  const counters = orders.data?.counters ?? null;
  // While another tab loads, its placeholder is the previous tab: keep the counters, not the cards.
  const items = orders.data && !orders.isPlaceholderData ? orders.data.items : null;
  const handlers: ReceivedOrderHandlers = {
    busyId: actions.busyId,
    approve: actions.approve,
    reject: setToReject,
    markDelivered: (order) => setToConfirm({ order, step: 'markDelivered' }),
    complete: (order) => setToConfirm({ order, step: 'complete' }),
    review: setToReview,
  };

  return (
    <AppScreen header={<PageHeader title="Gerenciar Pedidos" backTo="/anuncios" />}>
      <OrderCounters
        label="Resumo dos pedidos recebidos"
        counters={[
          { label: 'Pendentes', value: counters?.pending ?? null, tone: 'pending' },
          { label: 'Aprovados', value: counters?.approved ?? null, tone: 'approved' },
          { label: 'Em Andamento', value: counters?.active ?? null, tone: 'active' },
          { label: 'Finalizados', value: counters?.finished ?? null, tone: 'finished' },
        ]}
      />

      <div className="orders-tabs">
        <Tabs idPrefix="received-orders" label="Pedidos por situação" value={tab} items={RECEIVED_ORDER_TAB_ITEMS} onChange={onTabChange} />
        <TabPanel idPrefix="received-orders" value={tab}>
          <OrderList
            items={items}
            query={orders}
            renderItem={(order) => <ReceivedOrderCard order={order} today={today} handlers={handlers} />}
            empty={
              <div className="empty-state">
                <span className="icon-tile empty-state-icon">
                  <InboxIcon />
                </span>
                <p className="muted">Não há pedidos nesta categoria no momento.</p>
              </div>
            }
          />
        </TabPanel>
      </div>

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

      <ReviewDialog
        order={toReview ? { id: toReview.id, title: orderTitle(toReview), personName: toReview.counterpart.fullName, reviewing: 'requester' } : null}
        sending={review.sending}
        onSend={(values, done) => {
          if (toReview) review.send(toReview, values, done);
        }}
        onClose={() => setToReview(null)}
      />
    </AppScreen>
  );
}
