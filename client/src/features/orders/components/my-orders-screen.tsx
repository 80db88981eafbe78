import { Link } from '@tanstack/react-router';
import { getCondoTimeZone, todayInTimeZone } from '@vizinhanca/shared/format/format';
import type { MyOrderTab, OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { CompassIcon, ShoppingBagIcon } from '../../../components/ui/icons.tsx';
import { useCancelOrder } from '../hooks/use-order-actions.ts';
import { useMyOrders } from '../hooks/use-orders.ts';
import { orderTitle } from '../order-format.ts';
import { MY_ORDER_TAB_ITEMS } from '../order-tabs.ts';
import { MyOrderCard } from './my-order-card.tsx';
import { OrdersTabScreen } from './orders-tab-screen.tsx';
import { ORDER_REASON_TEXTS, OrderReasonDialog } from './order-reason-dialog.tsx';
import { OrderReviewDialog } from './review-dialog.tsx';
import '../../../looks.css';
import '../orders.css';

const EMPTY_TEXT: Record<MyOrderTab, string> = {
  all: 'Você ainda não fez nenhum pedido. Que tal ver o que os vizinhos oferecem?',
  pending: 'Nenhum pedido aguardando o anunciante.',
  active: 'Nenhum pedido aprovado ou em andamento.',
  finished: 'Nenhum pedido finalizado ainda.',
};

const COUNTERS = [
  ['Total', 'total'],
  ['Pendentes', 'pending'],
  ['Ativos', 'active'],
  ['Finalizados', 'finished'],
] as const;

interface MyOrdersScreenProps {
  tab: MyOrderTab;
  onTabChange: (tab: MyOrderTab) => void;
}

/** /meus-pedidos (docs/product.md §10.13): the orders the user made, by tab, with cancel, contact and review. */
export function MyOrdersScreen({ tab, onTabChange }: MyOrdersScreenProps) {
  const orders = useMyOrders(tab);
  const { cancel, cancelling } = useCancelOrder();
  const [toCancel, setToCancel] = useState<OrderItem | null>(null);
  const [toReview, setToReview] = useState<OrderItem | null>(null);
  const today = todayInTimeZone(getCondoTimeZone());

  return (
    <OrdersTabScreen
      title="Meus Pedidos"
      backTo="/perfil"
      countersLabel="Resumo dos pedidos"
      counters={COUNTERS}
      idPrefix="my-orders"
      tab={tab}
      tabs={MY_ORDER_TAB_ITEMS}
      onTabChange={onTabChange}
      orders={orders}
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
    >
      <OrderReasonDialog
        orderTitle={toCancel ? orderTitle(toCancel) : null}
        texts={ORDER_REASON_TEXTS.cancelFromList}
        pending={cancelling}
        onConfirm={(reason, done) => {
          if (toCancel) cancel(toCancel, reason, done);
        }}
        onClose={() => setToCancel(null)}
      />
      <OrderReviewDialog order={toReview} reviewing="owner" onClose={() => setToReview(null)} />
    </OrdersTabScreen>
  );
}
