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

export function useResendInvite() {
  const utils = trpc.useUtils();
  return trpc.invites.resend.useMutation({
    meta: { errorPrefix: 'Erro ao reenviar convite: ' },
    onSuccess: async () => {
      toast.success(INVITE_MESSAGES.resent);
      await utils.invites.overview.invalidate();
    },
  });
}

export function useCancelInvite() {
  const utils = trpc.useUtils();
  return trpc.invites.cancel.useMutation({
    meta: { errorPrefix: 'Erro ao cancelar convite: ' },
    onSuccess: async () => {
      toast.success(INVITE_MESSAGES.cancelled);
      await utils.invites.overview.invalidate();
    },
  });
}
