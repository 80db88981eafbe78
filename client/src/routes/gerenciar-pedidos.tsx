import { createRoute } from '@tanstack/react-router';
import { RECEIVED_ORDER_TABS, receivedOrdersInput, type ReceivedOrdersSearch } from '../features/orders/order-tabs.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ReceivedOrdersScreen = lazyScreen(() => import('../features/orders/components/received-orders-screen.tsx'), 'ReceivedOrdersScreen');

/** /gerenciar-pedidos?aba=aprovados|em-andamento|finalizados (no ?aba=: 'Pendentes'). */
export const receivedOrdersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/gerenciar-pedidos',
  validateSearch: (search: Record<string, unknown>): ReceivedOrdersSearch => RECEIVED_ORDER_TABS.parse(search),
  // No loaderDeps: switching tabs keeps the screen (the list shows its own spinner).
  loader: ({ context, location }) =>
    context.queryUtils.orders.received.prefetch(
      receivedOrdersInput(RECEIVED_ORDER_TABS.tabOf(RECEIVED_ORDER_TABS.parse(location.search as Record<string, unknown>))),
    ),
  component: withScreens(function ReceivedOrdersRoute() {
    const search = receivedOrdersRoute.useSearch();
    const navigate = receivedOrdersRoute.useNavigate();
    return (
      <ReceivedOrdersScreen
        tab={RECEIVED_ORDER_TABS.tabOf(search)}
        onTabChange={(tab) => void navigate({ search: RECEIVED_ORDER_TABS.searchOf(tab), replace: true })}
      />
    );
  }, ReceivedOrdersScreen),
});
