import { trpc } from '../../../lib/trpc.ts';

/** 'Alterar senha': the server checks the current password and ends every other session. */
export function useChangePassword(options: { onSuccess: (message: string) => void; onError: (error: unknown) => void }) {
  return trpc.auth.changePassword.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => options.onSuccess(result.message),
    onError: options.onError,
  });
}
