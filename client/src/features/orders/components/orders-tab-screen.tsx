import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import type { ReactNode } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { OrderCounters, type CounterTone } from './order-counters.tsx';
import { OrderList } from './order-list-states.tsx';

interface OrdersQuery<Tone extends CounterTone> {
  data?: { counters: Record<Tone, number>; items: OrderItem[] };
  isPlaceholderData: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface OrdersTabScreenProps<Tab extends string, Tone extends CounterTone> {
  title: string;
  backTo: '/perfil' | '/anuncios';
  countersLabel: string;
  /** The four counters above the tabs: their label and which count (also their colour). */
  counters: readonly (readonly [string, Tone])[];
  idPrefix: string;
  tab: Tab;
  tabs: readonly { value: Tab; label: string }[];
  onTabChange: (tab: Tab) => void;
  orders: OrdersQuery<Tone>;
  renderItem: (order: OrderItem) => ReactNode;
  empty: ReactNode;
  /** The dialogs the cards open. */
  children: ReactNode;
}

/** /meus-pedidos and /gerenciar-pedidos: the counters, the tabs and one tab's order cards. */
export function OrdersTabScreen<Tab extends string, Tone extends CounterTone>(props: OrdersTabScreenProps<Tab, Tone>) {
  const { orders, idPrefix, tab } = props;
  const counts = orders.data?.counters ?? null;
  // While another tab loads, its placeholder is the previous tab: keep the counters, not the cards.
  const items = orders.data && !orders.isPlaceholderData ? orders.data.items : null;

  return (
    <AppScreen header={<PageHeader title={props.title} backTo={props.backTo} />}>
      <OrderCounters
        label={props.countersLabel}
        counters={props.counters.map(([label, tone]) => ({ label, tone, value: counts ? counts[tone] : null }))}
      />

      <div className="orders-tabs">
        <Tabs idPrefix={idPrefix} label="Pedidos por situação" value={tab} items={props.tabs} onChange={props.onTabChange} />
        <TabPanel idPrefix={idPrefix} value={tab}>
          <OrderList items={items} query={orders} renderItem={props.renderItem} empty={props.empty} />
        </TabPanel>
      </div>

      {props.children}
    </AppScreen>
  );
}
