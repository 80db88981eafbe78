import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

/** Shows the uploaded photo as the avatar; the profile, reviews and orders read it from the server. */
export function useSetAvatar() {
  const utils = trpc.useUtils();
  return trpc.users.setAvatar.useMutation({
    meta: { errorPrefix: 'Erro ao atualizar foto: ' },
    onSuccess: async (result) => {
      toast.success(result.message);
      await utils.users.me.invalidate();
    },
  });
}
