import { trpc } from '../../../lib/trpc.ts';
import { useEnterSession } from './use-enter-session.ts';

/** Creates the account (signed in, awaiting approval) and opens the pending screen. */
export function useSignUp(options: { onError?: (error: unknown) => void } = {}) {
  return trpc.auth.signUp.useMutation({ onSuccess: useEnterSession('/pending-approval'), onError: options.onError });
}
