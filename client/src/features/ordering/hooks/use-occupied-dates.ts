import { trpc } from '../../../lib/trpc.ts';

/** The rental calendar: days other orders hold, and today in the condominium (the server's). */
export function useOccupiedDates(listingId: string) {
  // Always fresh when the dialog opens: someone may have just booked.
  return trpc.orders.occupiedDates.useQuery({ listingId }, { staleTime: 0 });
}
