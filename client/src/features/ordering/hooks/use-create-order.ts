import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorReason, showErrorToast } from '../../../lib/show-error-toast.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The one test for "someone else holds some of these days" (the server's reason, never its text). */
export function daysTaken(error: unknown): boolean {
  return errorReason(error) === 'ORDER_DAYS_TAKEN';
}

/** The server asks before a second pending order for the same listing and time (the dialog offers to send anyway). */
export function isDuplicatePending(error: unknown): boolean {
  return errorReason(error) === 'ORDER_DUPLICATE_PENDING';
}

/**
 * 'Enviar Pedido': the server's success text as the toast, then /meus-pedidos.
 * What changed: the requester's orders and counts, the rental's calendar and the
 * home's recent activity. Errors reach the user as a toast, except the duplicate
 * question, which the dialog asks itself. Days taken by someone else meanwhile:
 * the calendar reloads as it is now.
 */
export function useCreateOrder(listingId: string) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return trpc.orders.create.useMutation({
    meta: { silentError: true },
    onSuccess: async (result) => {
      toast.success(result.message);
      void Promise.all([utils.orders.occupiedDates.invalidate({ listingId }), utils.activity.recent.invalidate(), utils.users.stats.invalidate()]);
      // Marked stale before leaving (awaited: the refresh cancels first; the list is not on screen, so
      // nothing is refetched here), so /meus-pedidos never shows the list without it.
      await refreshAfterChange([utils.orders.mine]);
      await navigate({ to: '/meus-pedidos' });
    },
    onError: (error) => {
      if (isDuplicatePending(error)) return;
      showErrorToast(error);
      if (daysTaken(error)) void utils.orders.occupiedDates.invalidate({ listingId });
    },
  });
}
