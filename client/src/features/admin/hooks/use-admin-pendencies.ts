import { trpc } from '../../../lib/trpc.ts';

/** Counts for the 'Pendências' card (moderators get zero sign-ups: people are admin business). */
export function useAdminPendencies() {
  return trpc.admin.pendencies.useQuery();
}

/** Sign-ups awaiting a decision; only admins may read people's data. */
export function usePendingUsers(isAdmin: boolean) {
  return trpc.admin.pendingUsers.useQuery(undefined, { enabled: isAdmin });
}
