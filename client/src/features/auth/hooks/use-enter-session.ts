import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { refreshSession } from '../../../lib/session.ts';

/** After the server set or ended the session cookie: its message, the session read again, then the next screen. */
export function useEnterSession(to: '/' | '/pending-approval' | '/auth', replace = false) {
  const navigate = useNavigate();
  return async (result: { message: string }) => {
    toast.success(result.message);
    await refreshSession();
    await navigate({ to, replace });
  };
}
