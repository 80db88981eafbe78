import type { MyOrderTab, ReceivedOrderTab } from '@vizinhanca/shared/orders/order.schema';

// The tabs of /meus-pedidos and /gerenciar-pedidos, kept in the address (?aba=) so a
// reload or the back button returns to the same tab. The slugs are pt-BR, like the routes.

export const MY_ORDER_TAB_ITEMS = [
  { value: 'all', slug: 'todos', label: 'Todos' },
  { value: 'pending', slug: 'pendentes', label: 'Pendentes' },
  { value: 'active', slug: 'ativos', label: 'Ativos' },
  { value: 'finished', slug: 'finalizados', label: 'Finalizados' },
] as const satisfies readonly { value: MyOrderTab; slug: string; label: string }[];

export const RECEIVED_ORDER_TAB_ITEMS = [
  { value: 'pending', slug: 'pendentes', label: 'Pendentes' },
  { value: 'approved', slug: 'aprovados', label: 'Aprovados' },
  { value: 'active', slug: 'em-andamento', label: 'Em Andamento' },
  { value: 'finished', slug: 'finalizados', label: 'Finalizados' },
] as const satisfies readonly { value: ReceivedOrderTab; slug: string; label: string }[];

type MyOrderSlug = (typeof MY_ORDER_TAB_ITEMS)[number]['slug'];
type ReceivedOrderSlug = (typeof RECEIVED_ORDER_TAB_ITEMS)[number]['slug'];

/** /meus-pedidos?aba=pendentes; no ?aba= is 'Todos'. */
export interface MyOrdersSearch {
  aba?: Exclude<MyOrderSlug, 'todos'>;
}

/** /gerenciar-pedidos?aba=aprovados; no ?aba= is 'Pendentes'. */
export interface ReceivedOrdersSearch {
  aba?: Exclude<ReceivedOrderSlug, 'pendentes'>;
}

export function parseMyOrdersSearch(search: Record<string, unknown>): MyOrdersSearch {
  const item = MY_ORDER_TAB_ITEMS.find((tab) => tab.slug === search.aba);
  return { aba: item && item.slug !== 'todos' ? item.slug : undefined };
}

export function myOrderTabOf(search: MyOrdersSearch): MyOrderTab {
  return MY_ORDER_TAB_ITEMS.find((tab) => tab.slug === search.aba)?.value ?? 'all';
}

export function myOrdersSearchOf(tab: MyOrderTab): MyOrdersSearch {
  return parseMyOrdersSearch({ aba: MY_ORDER_TAB_ITEMS.find((item) => item.value === tab)?.slug });
}

export function parseReceivedOrdersSearch(search: Record<string, unknown>): ReceivedOrdersSearch {
  const item = RECEIVED_ORDER_TAB_ITEMS.find((tab) => tab.slug === search.aba);
  return { aba: item && item.slug !== 'pendentes' ? item.slug : undefined };
}

export function receivedOrderTabOf(search: ReceivedOrdersSearch): ReceivedOrderTab {
  return RECEIVED_ORDER_TAB_ITEMS.find((tab) => tab.slug === search.aba)?.value ?? 'pending';
}

export function receivedOrdersSearchOf(tab: ReceivedOrderTab): ReceivedOrdersSearch {
  return parseReceivedOrdersSearch({ aba: RECEIVED_ORDER_TAB_ITEMS.find((item) => item.value === tab)?.slug });
}

/** Inputs shared by the route loaders and the screens (one cache entry per tab). */
export function myOrdersInput(tab: MyOrderTab) {
  return { tab };
}

export function receivedOrdersInput(tab: ReceivedOrderTab) {
  return { tab };
}
