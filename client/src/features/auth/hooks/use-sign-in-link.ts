import { trpc } from '../../../lib/trpc.ts';
import { useEnterSession } from './use-enter-session.ts';

/** Asks for a sign-in link to the account's e-mail; the screen shows the answer itself (the same for any address). */
export function useRequestSignInLink() {
  return trpc.auth.requestSignInLink.useMutation();
}

/** Signs in with the e-mailed link; the guards then send pending users to /pending-approval. The screen shows a refusal. */
export function useSignInWithLink() {
  return trpc.auth.signInWithLink.useMutation({ meta: { silentError: true }, onSuccess: useEnterSession('/', true) });
}
