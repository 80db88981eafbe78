import { Link } from '@tanstack/react-router';
import { getCondoTimeZone, todayInTimeZone } from '@vizinhanca/shared/format/format';
import type { MyOrderTab, OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { CompassIcon, ShoppingBagIcon } from '../../../components/ui/icons.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { useCancelOrder, useCreateReview } from '../hooks/use-order-actions.ts';
import { useMyOrders } from '../hooks/use-orders.ts';
import { orderTitle } from '../order-format.ts';
import { MY_ORDER_TAB_ITEMS } from '../order-tabs.ts';
import { MyOrderCard } from './my-order-card.tsx';
import { OrderCounters } from './order-counters.tsx';
import { OrderList } from './order-list-states.tsx';
import { ORDER_REASON_TEXTS, OrderReasonDialog } from './order-reason-dialog.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import '../../../looks.css';
import '../orders.css';

const EMPTY_TEXT: Record<MyOrderTab, string> = {
  all: 'Você ainda não fez nenhum pedido. Que tal ver o que os vizinhos oferecem?',
  pending: 'Nenhum pedido aguardando o anunciante.',
  active: 'Nenhum pedido aprovado ou em andamento.',
  finished: 'Nenhum pedido finalizado ainda.',
};

interface MyOrdersScreenProps {
  tab: MyOrderTab;
  onTabChange: (tab: MyOrderTab) => void;
}

/** /meus-pedidos (docs/product.md §10.13): the orders the user made, by tab, with cancel, contact and review. */
export function MyOrdersScreen({ tab, onTabChange }: MyOrdersScreenProps) {
  const orders = useMyOrders(tab);
  const { cancel, cancelling } = useCancelOrder();
  const review = useCreateReview();
  const [toCancel, setToCancel] = useState<OrderItem | null>(null);
  const [toReview, setToReview] = useState<OrderItem | null>(null);
  const today = todayInTimeZone(getCondoTimeZone());

  const counters = orders.data?.counters ?? null;
  // While another tab loads, its placeholder is the previous tab: keep the counters, not the cards.
  const items = orders.data && !orders.isPlaceholderData ? orders.data.items : null;

  return (
    <AppScreen header={<PageHeader title="Meus Pedidos" backTo="/perfil" />}>
      <OrderCounters
        label="Resumo dos pedidos"
        counters={[
          { label: 'Total', value: counters?.total ?? null, tone: 'total' },
          { label: 'Pendentes', value: counters?.pending ?? null, tone: 'pending' },
          { label: 'Ativos', value: counters?.active ?? null, tone: 'active' },
          { label: 'Finalizados', value: counters?.finished ?? null, tone: 'finished' },
        ]}
      />

      <div className="orders-tabs">
        <Tabs idPrefix="my-orders" label="Pedidos por situação" value={tab} items={MY_ORDER_TAB_ITEMS} onChange={onTabChange} />
        <TabPanel idPrefix="my-orders" value={tab}>
          <OrderList
            items={items}
            query={orders}
            renderItem={(order) => <MyOrderCard order={order} today={today} onCancel={setToCancel} onReview={setToReview} />}
            empty={
              <div className="empty-state">
                <span className="icon-tile empty-state-icon">
                  <ShoppingBagIcon />
                </span>
                <p className="empty-state-title">Nenhum pedido por aqui</p>
                <p className="muted">{EMPTY_TEXT[tab]}</p>
                <div className="empty-state-actions">
                  <Link to="/" className={buttonClassName()}>
                    <CompassIcon />
                    Explorar Itens
                  </Link>
                </div>
              </div>
            }
          />
        </TabPanel>
      </div>

      <OrderReasonDialog
        orderTitle={toCancel ? orderTitle(toCancel) : null}
        texts={ORDER_REASON_TEXTS.cancelFromList}
        pending={cancelling}
        onConfirm={(reason, done) => {
          if (toCancel) cancel(toCancel, reason, done);
        }}
        onClose={() => setToCancel(null)}
      />
      <ReviewDialog
        order={toReview ? { id: toReview.id, title: orderTitle(toReview), personName: toReview.counterpart.fullName, reviewing: 'owner' } : null}
        sending={review.sending}
        onSend={(values, done) => {
          if (toReview) review.send(toReview, values, done);
        }}
        onClose={() => setToReview(null)}
      />
    </AppScreen>
  );
}
