import { Link } from '@tanstack/react-router';
import { getCondoTimeZone, todayInTimeZone } from '@vizinhanca/shared/format/format';
import type { MyOrderTab, OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { CompassIcon, ShoppingBagIcon } from '../../../components/ui/secondary-icons.tsx';
import { useCancelOrder } from '../hooks/use-order-actions.ts';
import { useMyOrders } from '../hooks/use-orders.ts';
import { MY_ORDER_TAB_ITEMS, MY_ORDERS_SCREEN } from '../order-tabs.ts';
import { MyOrderCard } from './my-order-card.tsx';
import { OrdersTabScreen, type OrdersScreenProps } from './orders-tab-screen.tsx';
import { ORDER_REASON_TEXTS, OrderReasonDialog } from './order-reason-dialog.tsx';
import { OrderReviewDialog } from './review-dialog.tsx';
import '../../../looks.css';
import '../orders.css';
import { useNow } from '../../../hooks/use-now.ts';

const EMPTY_TEXT: Record<MyOrderTab, string> = {
  all: 'Você ainda não fez nenhum pedido. Que tal ver o que os vizinhos oferecem?',
  pending: 'Nenhum pedido aguardando o anunciante.',
  active: 'Nenhum pedido aprovado ou em andamento.',
  finished: 'Nenhum pedido finalizado ainda.',
};

interface MyOrdersScreenProps extends OrdersScreenProps<MyOrderTab> {
  /** The requester's 'Pagar com Pix' (composed by the route from the Pix feature). */
  renderPayment?: (order: OrderItem) => ReactNode;
}

/** /meus-pedidos (docs/product.md §10.13): the orders the user made, by tab, with cancel, contact, payment and review. */
export function MyOrdersScreen({ renderPayment, ...props }: MyOrdersScreenProps) {
  const orders = useMyOrders(props.tab);
  const { cancel, cancelling } = useCancelOrder();
  const [toCancel, setToCancel] = useState<OrderItem | null>(null);
  const [toReview, setToReview] = useState<OrderItem | null>(null);
  const today = todayInTimeZone(getCondoTimeZone(), useNow());

  const empty = (
    <EmptyState
      icon={<ShoppingBagIcon />}
      title="Nenhum pedido por aqui"
      text={EMPTY_TEXT[props.tab]}
      actions={
        <Link to="/" className={buttonClassName()}>
          <CompassIcon />
          Explorar Itens
        </Link>
      }
    />
  );

  const renderItem = (order: OrderItem) => (
    <MyOrderCard order={order} today={today} onCancel={setToCancel} onReview={setToReview} renderPayment={renderPayment} />
  );

  return (
    <OrdersTabScreen screen={MY_ORDERS_SCREEN} tabs={MY_ORDER_TAB_ITEMS} {...props} orders={orders} renderItem={renderItem} empty={empty}>
      <OrderReasonDialog order={toCancel} texts={ORDER_REASON_TEXTS.cancelFromList} pending={cancelling} onConfirm={cancel} onClose={() => setToCancel(null)} />
      <OrderReviewDialog order={toReview} reviewing="owner" onClose={() => setToReview(null)} />
    </OrdersTabScreen>
  );
}
