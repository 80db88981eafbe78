import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { refreshSession } from '../../../lib/session.ts';
import { trpc } from '../../../lib/trpc.ts';

/** Sets the new password from the e-mailed link; every session of the user ends, so the next stop is /auth. */
export function useResetPassword() {
  const navigate = useNavigate();
  return trpc.auth.resetPassword.useMutation({
    onSuccess: async (result) => {
      toast.success(result.message);
      await refreshSession();
      await navigate({ to: '/auth', replace: true });
    },
  });
}
