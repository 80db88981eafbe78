import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

export function useRequestPasswordReset() {
  return trpc.auth.requestPasswordReset.useMutation({
    onSuccess: (result) => {
      toast.success(result.message);
    },
  });
}
