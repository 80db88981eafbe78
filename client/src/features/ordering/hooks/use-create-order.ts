import { useNavigate } from '@tanstack/react-router';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/**
 * 'Enviar Pedido': the server's success text as the toast, then /meus-pedidos.
 * What changed: the requester's orders and counts, the rental's calendar and the
 * home's recent activity. Errors reach the user through the mutation cache's toast.
 */
export function useCreateOrder(listingId: string) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return trpc.orders.create.useMutation({
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
      // Someone else took some of these days meanwhile: show the calendar as it is now.
      if (errorMessage(error) === ORDER_MESSAGES.invalidPeriod) void utils.orders.occupiedDates.invalidate({ listingId });
    },
  });
}
