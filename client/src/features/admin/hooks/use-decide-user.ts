import { messageMutation } from '../../../hooks/message-mutation.ts';
import { trpc } from '../../../lib/trpc.ts';

/** After a decision (or a conflict: someone else decided first) the list and the card are refreshed. */
function useRefreshPendencies() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.admin.pendingUsers.invalidate(), utils.admin.pendencies.invalidate()]);
}

export function useApproveUser() {
  const refresh = useRefreshPendencies();
  return trpc.admin.approveUser.useMutation(messageMutation({ errorPrefix: 'Erro ao aprovar usuário: ' }, refresh));
}

export function useRejectUser() {
  const refresh = useRefreshPendencies();
  return trpc.admin.rejectUser.useMutation(messageMutation({ errorPrefix: 'Erro ao rejeitar usuário: ' }, refresh));
}
