import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../../components/ui/toast-store.ts';
import { messageMutation } from '../../../hooks/message-mutation.ts';
import { useRefreshOwnedListing } from '../../../hooks/use-refresh-owned-listing.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { trpc } from '../../../lib/trpc.ts';

/** 'Pausar': active -> inactive (shown as 'Pausado'). */
export function usePauseListing() {
  const refresh = useRefreshOwnedListing();
  return trpc.listings.pause.useMutation(messageMutation({}, refresh));
}

/** 'Reativar': inactive -> active. */
export function useReactivateListing() {
  const refresh = useRefreshOwnedListing();
  return trpc.listings.reactivate.useMutation(messageMutation({}, refresh));
}

/** 'Renovar': 30 more days (docs/product.md §11: 'Anúncio renovado' / 'Seu anúncio foi renovado por mais 30 dias!'). */
export function useRenewListing() {
  const refresh = useRefreshOwnedListing();
  return trpc.listings.renew.useMutation({
    meta: { errorPrefix: 'Erro ao renovar anúncio: ' },
    onSuccess: () => {
      toast.success('Seu anúncio foi renovado por mais 30 dias!', { title: 'Anúncio renovado' });
    },
    onSettled: (_result, _error, input) => refresh(input),
  });
}

/** 'Excluir' (after the confirm): toast, back to /anuncios, and every screen forgets the listing. */
export function useDeleteListing() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return trpc.listings.delete.useMutation({
    meta: { errorPrefix: 'Erro ao excluir anúncio: ' },
    onSuccess: async (_result, input) => {
      toast.success('Seu anúncio foi excluído com sucesso.', { title: 'Anúncio excluído' });
      // The owner view is still on screen: mark it stale without refetching a listing that is gone.
      await refreshAfterChange([utils.listings.list], () => [
        utils.listings.ownerView.invalidate({ id: input.id }, { refetchType: 'none' }),
        utils.listings.byId.invalidate({ id: input.id }, { refetchType: 'none' }),
        utils.listings.mine.invalidate(),
        utils.listings.countsByType.invalidate(),
      ]);
      await navigate({ to: '/anuncios', replace: true });
    },
  });
}
