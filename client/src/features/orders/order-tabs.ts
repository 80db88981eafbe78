import type { MyOrderTab, ReceivedOrderTab } from '@vizinhanca/shared/orders/order.schema';

// The tabs of /meus-pedidos and /gerenciar-pedidos, kept in the address (?aba=) so a
// reload or the back button returns to the same tab. The slugs are pt-BR, like the routes.
// Each tab's counter, above the tabs, has the tab's label ('Todos' counts as 'Total').
const TAB = {
  all: { value: 'all', slug: 'todos', label: 'Todos' },
  pending: { value: 'pending', slug: 'pendentes', label: 'Pendentes' },
  active: { value: 'active', slug: 'ativos', label: 'Ativos' },
  approved: { value: 'approved', slug: 'aprovados', label: 'Aprovados' },
  inProgress: { value: 'active', slug: 'em-andamento', label: 'Em Andamento' },
  finished: { value: 'finished', slug: 'finalizados', label: 'Finalizados' },
} as const;

export const MY_ORDER_TAB_ITEMS = [TAB.all, TAB.pending, TAB.active, TAB.finished] as const satisfies readonly { value: MyOrderTab }[];
export const RECEIVED_ORDER_TAB_ITEMS = [TAB.pending, TAB.approved, TAB.inProgress, TAB.finished] as const satisfies readonly { value: ReceivedOrderTab }[];

/** What else differs between the two screens: the header, the counters' accessible name and the tabs' element ids. */
export const MY_ORDERS_SCREEN = { title: 'Meus Pedidos', backTo: '/perfil', countersLabel: 'Resumo dos pedidos', idPrefix: 'my-orders' } as const;
export const RECEIVED_ORDERS_SCREEN = { title: 'Gerenciar Pedidos', backTo: '/anuncios', countersLabel: 'Resumo dos pedidos recebidos', idPrefix: 'received-orders' } as const;

type TabItem = { value: string; slug: string; label: string };

/** One screen's ?aba=: the first tab is the default and leaves no ?aba= in the address; an unknown slug reads as the default. */
function tabsInAddress<const Items extends readonly [TabItem, ...TabItem[]]>(items: Items) {
  type Search = { aba?: Exclude<Items[number]['slug'], Items[0]['slug']> };
  const [first] = items;

  function parse(search: Record<string, unknown>): Search {
    const item = items.find((tab) => tab.slug === search.aba);
    return { aba: item && item.slug !== first.slug ? (item.slug as Search['aba']) : undefined };
  }

  function tabOf(search: Search): Items[number]['value'] {
    return (items.find((tab) => tab.slug === search.aba) ?? first).value;
  }

  function searchOf(tab: Items[number]['value']): Search {
    return parse({ aba: items.find((item) => item.value === tab)?.slug });
  }

  return { parse, tabOf, searchOf };
}

/** /meus-pedidos?aba=pendentes; no ?aba= is 'Todos'. */
export const MY_ORDER_TABS = tabsInAddress(MY_ORDER_TAB_ITEMS);
export type MyOrdersSearch = ReturnType<typeof MY_ORDER_TABS.parse>;

/** /gerenciar-pedidos?aba=aprovados; no ?aba= is 'Pendentes'. */
export const RECEIVED_ORDER_TABS = tabsInAddress(RECEIVED_ORDER_TAB_ITEMS);
export type ReceivedOrdersSearch = ReturnType<typeof RECEIVED_ORDER_TABS.parse>;

/** Inputs shared by the route loaders and the screens (one cache entry per tab). */
export function myOrdersInput(tab: MyOrderTab) {
  return { tab };
}

export function receivedOrdersInput(tab: ReceivedOrderTab) {
  return { tab };
}
