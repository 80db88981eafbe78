import { INVITE_MESSAGES } from '@vizinhanca/shared/invites/invite.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The resident's invites, counters and shareable code (the route loader warms it). */
export function useInvitesOverview() {
  const [overview] = trpc.invites.overview.useSuspenseQuery();
  return overview;
}

export function useSendInvite(onSent: () => void) {
  const utils = trpc.useUtils();
  return trpc.invites.send.useMutation({
    meta: { errorPrefix: 'Erro ao enviar convite: ' },
    onSuccess: async () => {
      toast.success(INVITE_MESSAGES.sent);
      onSent();
      await utils.invites.overview.invalidate();
    },
  });
}

/** Resend and cancel: the list's own message, then the counters and the list read again. */
function useInviteChange(message: string, errorPrefix: string) {
  const utils = trpc.useUtils();
  return {
    meta: { errorPrefix },
    onSuccess: async () => {
      toast.success(message);
      await utils.invites.overview.invalidate();
    },
  };
}

export function useResendInvite() {
  return trpc.invites.resend.useMutation(useInviteChange(INVITE_MESSAGES.resent, 'Erro ao reenviar convite: '));
}

export function useCancelInvite() {
  return trpc.invites.cancel.useMutation(useInviteChange(INVITE_MESSAGES.cancelled, 'Erro ao cancelar convite: '));
}
