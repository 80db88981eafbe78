import { RECEIVED_ORDER_TABS, receivedOrdersInput } from '../features/orders/order-tabs.ts';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { ordersTabRoute } from './orders-tab-route.tsx';

/** /gerenciar-pedidos?aba=aprovados|em-andamento|finalizados (no ?aba=: 'Pendentes'). */
export const receivedOrdersRoute = ordersTabRoute(
  '/gerenciar-pedidos',
  RECEIVED_ORDER_TABS,
  (utils, tab) => utils.orders.received.prefetch(receivedOrdersInput(tab)),
  lazyScreen(() => import('../features/orders/components/received-orders-screen.tsx'), 'ReceivedOrdersScreen'),
);
