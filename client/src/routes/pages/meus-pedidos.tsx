import type { MyOrderTab } from '@vizinhanca/shared/orders/order.schema';
import { MyOrdersScreen } from '../../features/orders/components/my-orders-screen.tsx';
import type { OrdersScreenProps } from '../../features/orders/components/orders-tab-screen.tsx';
import { PixPayment } from '../../features/pix/components/pix-payment.tsx';

/** /meus-pedidos, with 'Pagar com Pix' on the requester's approved orders (routes/meus-pedidos.tsx loads it, one chunk). */
export function MyOrdersPage(props: OrdersScreenProps<MyOrderTab>) {
  return <MyOrdersScreen {...props} renderPayment={(order) => <PixPayment orderId={order.id} depositCents={order.depositCents} />} />;
}
