import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

/** After a decision (or a conflict: someone else decided first) the list and the card are refreshed. */
function useRefreshPendencies() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.admin.pendingUsers.invalidate(), utils.admin.pendencies.invalidate()]);
}

export function useApproveUser() {
  const refresh = useRefreshPendencies();
  return trpc.admin.approveUser.useMutation({
    meta: { errorPrefix: 'Erro ao aprovar usuário: ' },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onSettled: refresh,
  });
}

export function useRejectUser() {
  const refresh = useRefreshPendencies();
  return trpc.admin.rejectUser.useMutation({
    meta: { errorPrefix: 'Erro ao rejeitar usuário: ' },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onSettled: refresh,
  });
}
