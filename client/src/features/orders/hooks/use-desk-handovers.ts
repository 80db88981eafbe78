import type { DeskLeg, MyDeskHandover } from '@vizinhanca/shared/portaria/portaria.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The order's live portaria hand-over of one of these legs, if any (one query for every card of the screen). */
export function useDeskHandover(orderId: string, legs: readonly DeskLeg[]): MyDeskHandover | null {
  const { data } = trpc.portaria.mine.useQuery(undefined, { enabled: legs.length > 0 });
  return data?.find((handover) => handover.orderId === orderId && legs.includes(handover.leg)) ?? null;
}

/** 'Deixar na portaria' / 'Devolver na portaria': the code appears on the card. */
export function useStartDeskHandover() {
  const utils = trpc.useUtils();
  const start = trpc.portaria.start.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onError: (error) => {
      toast.error(errorMessage(error), { title: 'Erro ao combinar a portaria' });
    },
    onSettled: () => utils.portaria.mine.invalidate(),
  });
  return {
    busyId: start.isPending ? (start.variables?.orderId ?? null) : null,
    start: (orderId: string) => start.mutate({ orderId }),
  };
}

/** 'Cancelar código': the code's maker takes it back before the item reaches the desk. */
export function useCancelDeskHandover() {
  const utils = trpc.useUtils();
  const cancel = trpc.portaria.cancel.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onError: (error) => {
      toast.error(errorMessage(error), { title: 'Erro ao cancelar o código' });
    },
    onSettled: () => utils.portaria.mine.invalidate(),
  });
  return {
    busyId: cancel.isPending ? (cancel.variables?.orderId ?? null) : null,
    cancel: (orderId: string) => cancel.mutate({ orderId }),
  };
}
