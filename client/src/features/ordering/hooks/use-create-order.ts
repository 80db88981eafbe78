import { useNavigate } from '@tanstack/react-router';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, showErrorToast } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The server asks before a second pending order for the same listing and time (the dialog offers to send anyway). */
export function isDuplicatePending(error: unknown): boolean {
  return Boolean(error) && errorMessage(error) === ORDER_MESSAGES.duplicatePending;
}

/**
 * 'Enviar Pedido': the server's success text as the toast, then /meus-pedidos.
 * What changed: the requester's orders and counts, the rental's calendar and the
 * home's recent activity. Errors reach the user as a toast, except the duplicate
 * question, which the dialog asks itself.
 */
export function useCreateOrder(listingId: string) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return trpc.orders.create.useMutation({
    meta: { silentError: true },
    onSuccess: async (result) => {
      toast.success(result.message);
      // Marked stale before leaving, so /meus-pedidos never shows the list without it.
      void Promise.all([
        utils.orders.mine.invalidate(),
        utils.orders.occupiedDates.invalidate({ listingId }),
        utils.activity.recent.invalidate(),
        utils.users.stats.invalidate(),
      ]);
      await navigate({ to: '/meus-pedidos' });
    },
    onError: (error) => {
      if (isDuplicatePending(error)) return;
      showErrorToast(error);
      // Someone else took some of these days meanwhile: show the calendar as it is now.
      if (errorMessage(error) === ORDER_MESSAGES.invalidPeriod) void utils.orders.occupiedDates.invalidate({ listingId });
    },
  });
}
