import type { MutationMeta } from '@tanstack/react-query';
import { toast } from '../components/ui/toast-store.ts';

/**
 * The options of a mutation whose answer carries the pt-BR message to show: the message as a
 * success toast, then (success or not: a conflict also means the screen is out of date) `refresh`
 * with the mutation's input. Errors go through the query client's one error toast, per `meta`.
 */
export function messageMutation<Input>(meta: MutationMeta, refresh: (input: Input) => unknown) {
  return {
    meta,
    onSuccess: (result: { message: string }) => {
      toast.success(result.message);
    },
    onSettled: (_result: unknown, _error: unknown, input: Input) => refresh(input),
  };
}
