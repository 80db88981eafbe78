import { createRoute } from '@tanstack/react-router';
import {
  parseReceivedOrdersSearch,
  receivedOrdersInput,
  receivedOrdersSearchOf,
  receivedOrderTabOf,
  type ReceivedOrdersSearch,
} from '../features/orders/order-tabs.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ReceivedOrdersScreen = lazyScreen(() => import('../features/orders/components/received-orders-screen.tsx'), 'ReceivedOrdersScreen');

/** /gerenciar-pedidos?aba=aprovados|em-andamento|finalizados (no ?aba=: 'Pendentes'). */
export const receivedOrdersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/gerenciar-pedidos',
  validateSearch: (search: Record<string, unknown>): ReceivedOrdersSearch => parseReceivedOrdersSearch(search),
  // No loaderDeps: switching tabs keeps the screen (the list shows its own spinner).
  loader: ({ context, location }) =>
    context.queryUtils.orders.received.prefetch(
      receivedOrdersInput(receivedOrderTabOf(parseReceivedOrdersSearch(location.search as Record<string, unknown>))),
    ),
  component: withScreens(function ReceivedOrdersRoute() {
    const search = receivedOrdersRoute.useSearch();
    const navigate = receivedOrdersRoute.useNavigate();
    return (
      <ReceivedOrdersScreen
        tab={receivedOrderTabOf(search)}
        onTabChange={(tab) => void navigate({ search: receivedOrdersSearchOf(tab), replace: true })}
      />
    );
  }, ReceivedOrdersScreen),
});
