import { createRoute, useNavigate, type AsyncRouteComponent } from '@tanstack/react-router';
import type { OrdersScreenProps } from '../features/orders/components/orders-tab-screen.tsx';
import type { QueryUtils } from '../lib/trpc.ts';
import { withScreens } from '../lib/lazy-screen.ts';
import { appLayoutRoute } from './app-layout.tsx';

interface TabsInAddress<Tab, Search> {
  parse: (search: Record<string, unknown>) => Search;
  tabOf: (search: Search) => Tab;
  searchOf: (tab: Tab) => Search;
}

/**
 * /meus-pedidos and /gerenciar-pedidos: the tab lives in ?aba= (order-tabs.ts). No loaderDeps:
 * switching tabs keeps the screen (the list shows its own spinner); the first load warms the tab it opens on.
 */
export function ordersTabRoute<const Path extends string, Tab extends string, Search extends object>(
  path: Path,
  tabs: TabsInAddress<Tab, Search>,
  prefetch: (utils: QueryUtils, tab: Tab) => Promise<void>,
  Screen: AsyncRouteComponent<OrdersScreenProps<Tab>>,
) {
  const route = createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    validateSearch: tabs.parse,
    loader: ({ context, location }) => prefetch(context.queryUtils, tabs.tabOf(tabs.parse(location.search as Record<string, unknown>))),
    component: withScreens(function OrdersTabRoute() {
      // The route's own search type is lost in this generic function: it is the `Search` parse returns.
      const search = route.useSearch() as Search;
      const navigate = useNavigate();
      return <Screen tab={tabs.tabOf(search)} onTabChange={(tab) => void navigate({ to: '.', search: tabs.searchOf(tab), replace: true })} />;
    }, Screen),
  });
  return route;
}
