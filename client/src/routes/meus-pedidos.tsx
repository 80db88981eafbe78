import { createRoute } from '@tanstack/react-router';
import { myOrdersInput, myOrdersSearchOf, myOrderTabOf, parseMyOrdersSearch, type MyOrdersSearch } from '../features/orders/order-tabs.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const MyOrdersScreen = lazyScreen(() => import('../features/orders/components/my-orders-screen.tsx'), 'MyOrdersScreen');

/** /meus-pedidos?aba=pendentes|ativos|finalizados (no ?aba=: 'Todos'). */
export const myOrdersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/meus-pedidos',
  validateSearch: (search: Record<string, unknown>): MyOrdersSearch => parseMyOrdersSearch(search),
  // No loaderDeps: switching tabs keeps the screen (the list shows its own spinner).
  loader: ({ context, location }) =>
    context.queryUtils.orders.mine.prefetch(myOrdersInput(myOrderTabOf(parseMyOrdersSearch(location.search as Record<string, unknown>)))),
  component: withScreens(function MyOrdersRoute() {
    const search = myOrdersRoute.useSearch();
    const navigate = myOrdersRoute.useNavigate();
    return <MyOrdersScreen tab={myOrderTabOf(search)} onTabChange={(tab) => void navigate({ search: myOrdersSearchOf(tab), replace: true })} />;
  }, MyOrdersScreen),
});
