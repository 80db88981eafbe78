import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

/**
 * The owner's blocked days of a rental, and blocking or unblocking them. What
 * changes: this list and the rental's calendar for everyone.
 */
export function useBlockedDays(listingId: string) {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.listings.blockedDays.invalidate({ id: listingId }), utils.orders.occupiedDates.invalidate({ listingId })]);
  const list = trpc.listings.blockedDays.useQuery({ id: listingId });
  const block = trpc.listings.blockDays.useMutation({
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onSettled: refresh,
  });
  const unblock = trpc.listings.unblockDay.useMutation({
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onSettled: refresh,
  });
  return { list, block, unblock };
}
