import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { refreshSession } from '../../../lib/session.ts';
import { trpc } from '../../../lib/trpc.ts';

/** Creates the account (signed in, awaiting approval) and opens the pending screen. */
export function useSignUp(options: { onError?: (error: unknown) => void } = {}) {
  const navigate = useNavigate();
  return trpc.auth.signUp.useMutation({
    onSuccess: async (result) => {
      toast.success(result.message);
      await refreshSession();
      await navigate({ to: '/pending-approval' });
    },
    onError: options.onError,
  });
}
