import { MY_ORDER_TABS, myOrdersInput } from '../features/orders/order-tabs.ts';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { ordersTabRoute } from './orders-tab-route.tsx';

/** /meus-pedidos?aba=pendentes|ativos|finalizados (no ?aba=: 'Todos'). */
export const myOrdersRoute = ordersTabRoute(
  '/meus-pedidos',
  MY_ORDER_TABS,
  (utils, tab) => utils.orders.mine.prefetch(myOrdersInput(tab)),
  lazyScreen(() => import('../features/orders/components/my-orders-screen.tsx'), 'MyOrdersScreen'),
);
