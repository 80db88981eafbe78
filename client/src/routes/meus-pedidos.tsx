import { createRoute } from '@tanstack/react-router';
import { MY_ORDER_TABS, myOrdersInput, type MyOrdersSearch } from '../features/orders/order-tabs.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const MyOrdersScreen = lazyScreen(() => import('../features/orders/components/my-orders-screen.tsx'), 'MyOrdersScreen');

/** /meus-pedidos?aba=pendentes|ativos|finalizados (no ?aba=: 'Todos'). */
export const myOrdersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/meus-pedidos',
  validateSearch: (search: Record<string, unknown>): MyOrdersSearch => MY_ORDER_TABS.parse(search),
  // No loaderDeps: switching tabs keeps the screen (the list shows its own spinner).
  loader: ({ context, location }) =>
    context.queryUtils.orders.mine.prefetch(myOrdersInput(MY_ORDER_TABS.tabOf(MY_ORDER_TABS.parse(location.search as Record<string, unknown>)))),
  component: withScreens(function MyOrdersRoute() {
    const search = myOrdersRoute.useSearch();
    const navigate = myOrdersRoute.useNavigate();
    return <MyOrdersScreen tab={MY_ORDER_TABS.tabOf(search)} onTabChange={(tab) => void navigate({ search: MY_ORDER_TABS.searchOf(tab), replace: true })} />;
  }, MyOrdersScreen),
});
