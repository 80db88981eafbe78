import { toast } from '../../../components/ui/toast-store.ts';
import { showErrorToast } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/** A dish's batches and whether the caller follows its seller; what changes them refreshes it (and the food cards). */
export function useListingFornadas(listingId: string) {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.fornadas.ofListing.invalidate({ listingId }), utils.fornadas.forCards.invalidate()]);
  const fornadas = trpc.fornadas.ofListing.useQuery({ listingId });
  const open = trpc.fornadas.open.useMutation({ onSuccess: (answer) => toast.success(answer.message), onSettled: refresh });
  // A refusal ('Esgotado', the deadline) is shown where the button is, and the count is read again.
  const reserve = trpc.fornadas.reserve.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.message);
      void utils.orders.mine.invalidate();
    },
    onSettled: refresh,
  });
  const follow = trpc.fornadas.follow.useMutation({ onSuccess: (answer) => toast.success(answer.message), onError: (error) => showErrorToast(error), onSettled: refresh });
  // The seller's changes move or cancel reservations: their orders screen reads them again.
  const refreshWithOrders = () => Promise.all([refresh(), utils.orders.received.invalidate()]);
  const edit = trpc.fornadas.edit.useMutation({ onSuccess: (answer) => toast.success(answer.message), onSettled: refreshWithOrders });
  const cancel = trpc.fornadas.cancel.useMutation({ onSuccess: (answer) => toast.success(answer.message), onError: (error) => showErrorToast(error), onSettled: refreshWithOrders });
  return { fornadas, open, reserve, follow, edit, cancel };
}

/** 'Lista da fornada' and handing every reservation over at once. */
export function useFornadaOrderList(id: string) {
  const utils = trpc.useUtils();
  const list = trpc.fornadas.orderList.useQuery({ id });
  const markAllDelivered = trpc.fornadas.markAllDelivered.useMutation({
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => showErrorToast(error),
    onSettled: () => Promise.all([utils.fornadas.orderList.invalidate({ id }), utils.orders.received.invalidate()]),
  });
  return { list, markAllDelivered };
}
