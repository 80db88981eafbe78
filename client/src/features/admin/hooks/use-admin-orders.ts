import { keepPreviousData } from '@tanstack/react-query';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { trpc } from '../../../lib/trpc.ts';
import { adminOrdersInput } from '../admin-inputs.ts';


/** The orders section (docs/product.md §10.17): the newest orders, optionally of one status, page by page ('Carregar mais'). */
export function useAdminOrders(status: OrderStatus | null) {
  const query = trpc.orders.moderation.list.useInfiniteQuery(adminOrdersInput(status), {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/**
 * After a decision (or a conflict: the owner decided first) the section and its
 * card are refreshed, and the rental's calendar when its days were freed.
 */
function useRefreshOrders() {
  const utils = trpc.useUtils();
  return async (listingId: string, freesDays: boolean) => {
    await refreshAfterChange([utils.orders.moderation.list, utils.listings.list], () => [
      utils.admin.summary.invalidate(),
      freesDays ? utils.orders.occupiedDates.invalidate({ listingId }) : undefined,
    ]);
  };
}

/** docs/product.md §11: 'Status do pedido atualizado!' / 'Erro ao atualizar pedido: {message}'. */
export function useDecideOrder() {
  const refresh = useRefreshOrders();
  const options = {
    meta: { errorPrefix: 'Erro ao atualizar pedido: ' },
    onSuccess: (result: { message: string }) => {
      toast.success(result.message);
    },
  };
  const approve = trpc.orders.moderation.approve.useMutation(options);
  const reject = trpc.orders.moderation.reject.useMutation(options);
  return {
    busyId: approve.isPending ? approve.variables.id : reject.isPending ? reject.variables.id : null,
    rejecting: reject.isPending,
    approve: (order: { id: string; listing: { id: string } }) =>
      approve.mutate({ id: order.id }, { onSettled: () => refresh(order.listing.id, false) }),
    reject: (order: { id: string; listing: { id: string } }, reason: string | undefined, done: () => void) =>
      reject.mutate({ id: order.id, reason }, { onSuccess: done, onSettled: () => refresh(order.listing.id, true) }),
  };
}
