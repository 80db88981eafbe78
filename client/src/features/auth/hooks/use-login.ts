import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { refreshSession } from '../../../lib/session.ts';
import { trpc } from '../../../lib/trpc.ts';

/** Signs in; the guards then send pending users to /pending-approval. Failures show the server's message. */
export function useLogin() {
  const navigate = useNavigate();
  return trpc.auth.login.useMutation({
    onSuccess: async (result) => {
      toast.success(result.message);
      await refreshSession();
      await navigate({ to: '/' });
    },
  });
}
