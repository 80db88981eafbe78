import { keepPreviousData } from '@tanstack/react-query';
import type { MyOrderTab, ReceivedOrderTab } from '@vizinhanca/shared/orders/order.schema';
import { trpc } from '../../../lib/trpc.ts';
import { myOrdersInput, receivedOrdersInput } from '../order-tabs.ts';


/**
 * /meus-pedidos: the counters and the orders of one tab. While another tab loads
 * the previous answer stays as a placeholder, so the counters do not blink (the
 * screen shows a spinner instead of the previous tab's cards).
 */
export function useMyOrders(tab: MyOrderTab) {
  return trpc.orders.mine.useQuery(myOrdersInput(tab), { placeholderData: keepPreviousData });
}

/** /gerenciar-pedidos: the counters and the received orders of one tab. */
export function useReceivedOrders(tab: ReceivedOrderTab) {
  return trpc.orders.received.useQuery(receivedOrdersInput(tab), { placeholderData: keepPreviousData });
}
