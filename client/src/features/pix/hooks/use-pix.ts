import { toast } from '../../../components/ui/toast-store.ts';
import type { OrderPixPart } from '@vizinhanca/shared/pix/pix-key.schema';
import { trpc } from '../../../lib/trpc.ts';

/** Settings: the user's Pix key, saved and removed. */
export function usePixKey() {
  const utils = trpc.useUtils();
  const key = trpc.pix.myKey.useQuery();
  const refresh = () => Promise.all([utils.pix.myKey.invalidate(), utils.messages.thread.invalidate()]);
  const save = trpc.pix.saveKey.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => toast.success(result.message),
    onSettled: refresh,
  });
  const remove = trpc.pix.removeKey.useMutation({ onSuccess: (result) => toast.success(result.message), onSettled: refresh });
  return { key, save, remove };
}

/** 'Pagar com Pix': the code of the order (or of its deposit), fetched when the dialog opens. */
export function useOrderPix(orderId: string, part: OrderPixPart, enabled: boolean) {
  return trpc.pix.forOrder.useQuery({ orderId, part }, { enabled });
}
