import type { OpenProblemFields } from '@vizinhanca/shared/orders/order-problem.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The order's problems ('Em análise', 'Resolvido: …') and whether the caller may open one; live notices refresh it. */
export function useOrderProblems(orderId: string) {
  return trpc.problems.forOrder.useQuery({ orderId });
}

/** 'Abrir problema': on success the order's problems and cards read it again. */
export function useOpenProblem(orderId: string, onOpened: () => void) {
  const utils = trpc.useUtils();
  const open = trpc.problems.open.useMutation({
    onSuccess: (result) => {
      toast.success(result.message);
      onOpened();
    },
    onSettled: () => Promise.all([utils.problems.forOrder.invalidate({ orderId }), utils.orders.mine.invalidate(), utils.orders.received.invalidate()]),
  });
  return { open: (fields: OpenProblemFields) => open.mutate(fields), opening: open.isPending };
}
