import { useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { toast } from '../components/ui/toast-store.ts';
import { LOGOUT_SUCCESS_MESSAGE } from '@vizinhanca/shared/auth/session-texts';
import { forgetUserData, markSignedOut } from '../lib/session.ts';
import { showErrorToast } from '../lib/show-error-toast.ts';
import { trpc } from '../lib/trpc.ts';

/** 'Sair' / 'Sair da Conta': ends the session on the server, forgets the user's data, goes to /auth. */
export function useLogout() {
  const navigate = useNavigate();

  async function finish(message: string) {
    toast.success(message);
    markSignedOut();
    await navigate({ to: '/auth', replace: true });
    forgetUserData();
  }

  return trpc.auth.logout.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => finish(result.message),
    onError: (error) => {
      // The session had already ended (expired or revoked elsewhere): the user is signed out anyway.
      if (error instanceof TRPCClientError && error.data?.httpStatus === 401) return finish(LOGOUT_SUCCESS_MESSAGE);
      showErrorToast(error);
      return undefined;
    },
  });
}
