import { trpc } from '../../../lib/trpc.ts';
import { useEnterSession } from './use-enter-session.ts';

/** Signs in; the guards then send pending users to /pending-approval. Failures show the server's message. */
export function useLogin() {
  return trpc.auth.login.useMutation({ onSuccess: useEnterSession('/') });
}
