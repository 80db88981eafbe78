import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { useRefreshOwnedListing } from '../../../hooks/use-refresh-owned-listing.ts';
import { trpc } from '../../../lib/trpc.ts';

/** After a new listing reached the server: my listings shows it as pending (nothing public changes yet). */
export function useCreateListing() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return trpc.listings.create.useMutation({
    meta: { errorPrefix: 'Erro ao criar anúncio: ' },
    onSuccess: async (result) => {
      toast.success(result.message);
      await utils.listings.mine.invalidate();
      await navigate({ to: '/anuncios' });
    },
  });
}

export const BACK_TO_REVIEW_TEXT = 'Como o conteúdo mudou, o anúncio voltou para aprovação do administrador.';

/** After an edit: the owner's screens, and the public ones (an active listing changed or left them). */
export function useUpdateListing() {
  const refresh = useRefreshOwnedListing();
  const navigate = useNavigate();
  return trpc.listings.update.useMutation({
    meta: { errorPrefix: 'Erro ao atualizar anúncio: ' },
    onSuccess: async (result, input) => {
      if (result.backToReview) toast.success(BACK_TO_REVIEW_TEXT, { title: result.message, durationMs: 6_000 });
      else toast.success(result.message);
      await refresh(input);
      await navigate({ to: '/anuncio/$id', params: { id: input.id } });
    },
  });
}
