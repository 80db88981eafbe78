import type { AnswerDepositInput } from '@vizinhanca/shared/deposits/deposit-answer.schema';
import type { SettleDepositInput } from '@vizinhanca/shared/deposits/deposit.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

const DEPOSIT_MUTATION = {
  meta: { silentError: true },
  onSuccess: (result: { message: string }) => {
    toast.success(result.message);
  },
  onError: (error: unknown) => {
    toast.error(errorMessage(error), { title: 'Não foi possível registrar a caução' });
  },
};

/** The deposit's record (the owner) and the answer to it (the requester): both cards and the conversation show it, and a contest's problem. */
export function useDepositActions(orderId: string) {
  const utils = trpc.useUtils();
  const refresh = () =>
    refreshAfterChange([utils.orders.mine, utils.orders.received], () => [utils.messages.thread.invalidate({ orderId }), utils.problems.forOrder.invalidate({ orderId })]);
  const settle = trpc.deposits.settle.useMutation({ ...DEPOSIT_MUTATION, onSettled: refresh });
  const answer = trpc.deposits.answer.useMutation({ ...DEPOSIT_MUTATION, onSettled: refresh });
  return {
    busy: settle.isPending || answer.isPending,
    settle: (input: SettleDepositInput, done?: () => void) => settle.mutate(input, { onSuccess: () => done?.() }),
    answer: (input: AnswerDepositInput, done?: () => void) => answer.mutate(input, { onSuccess: () => done?.() }),
  };
}
