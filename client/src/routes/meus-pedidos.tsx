import { MY_ORDER_TABS, myOrdersInput } from '../features/orders/order-tabs.ts';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { ordersTabRoute } from './orders-tab-route.tsx';

/** /meus-pedidos?aba=pendentes|ativos|finalizados (no ?aba=: 'Todos'). */
export const myOrdersRoute = ordersTabRoute(
  '/meus-pedidos',
  MY_ORDER_TABS,
  (utils, tab) => utils.orders.mine.prefetch(myOrdersInput(tab)),
  // The page, its screen and the Pix payment in one chunk (routes/pages).
  lazyScreen(() => import('./pages/meus-pedidos.tsx'), 'MyOrdersPage'),
);
