import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import type { ReactNode } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { OrderCounters, type CounterTone } from './order-counters.tsx';
import { OrderList } from './order-list-states.tsx';

interface OrdersQuery {
  data?: { counters: Partial<Record<CounterTone, number>>; items: OrderItem[] };
  isPlaceholderData: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The props a route gives either orders screen: the tab in the address, and how to change it. */
export interface OrdersScreenProps<Tab extends string> {
  tab: Tab;
  onTabChange: (tab: Tab) => void;
}

interface OrdersTabScreenProps<Tab extends string> extends OrdersScreenProps<Tab> {
  screen: { title: string; backTo: '/perfil' | '/anuncios'; countersLabel: string; idPrefix: string };
  tabs: readonly { value: Tab; label: string }[];
  orders: OrdersQuery;
  renderItem: (order: OrderItem) => ReactNode;
  empty: ReactNode;
  /** The dialogs the cards open. */
  children: ReactNode;
}

/** Each tab's counter, above the tabs: the same label and colour ('Todos' counts as 'Total'). */
function counterOf(tab: { value: string; label: string }): { label: string; tone: CounterTone } {
  return tab.value === 'all' ? { label: 'Total', tone: 'total' } : { label: tab.label, tone: tab.value as CounterTone };
}

/** /meus-pedidos and /gerenciar-pedidos: the counters, the tabs and one tab's order cards. */
export function OrdersTabScreen<Tab extends string>({ screen, tabs, tab, onTabChange, orders, renderItem, empty, children }: OrdersTabScreenProps<Tab>) {
  const counts = orders.data?.counters ?? null;
  // While another tab loads, its placeholder is the previous tab: keep the counters, not the cards.
  const items = orders.data && !orders.isPlaceholderData ? orders.data.items : null;

  return (
    <AppScreen header={<PageHeader title={screen.title} backTo={screen.backTo} />}>
      <OrderCounters
        label={screen.countersLabel}
        counters={tabs.map(counterOf).map((counter) => ({ ...counter, value: counts?.[counter.tone] ?? null }))}
      />

      <div className="orders-tabs">
        <Tabs idPrefix={screen.idPrefix} label="Pedidos por situação" value={tab} items={tabs} onChange={onTabChange} />
        <TabPanel idPrefix={screen.idPrefix} value={tab}>
          <OrderList items={items} query={orders} renderItem={renderItem} empty={empty} />
        </TabPanel>
      </div>

      {children}
    </AppScreen>
  );
}
