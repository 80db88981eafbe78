import { trpc } from '../../../lib/trpc.ts';
import { useEnterSession } from './use-enter-session.ts';

/** Sets the new password from the e-mailed link; every session of the user ends, so the next stop is /auth. */
export function useResetPassword() {
  return trpc.auth.resetPassword.useMutation({ onSuccess: useEnterSession('/auth', true) });
}
