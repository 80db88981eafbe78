import { toast } from '../../../components/ui/toast-store.ts';
import { messageMutation } from '../../../hooks/message-mutation.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/**
 * After any decision (or a conflict: another moderator decided first) every
 * list that may show the listing is refreshed: both moderation lists, the
 * pendencies card, the public feed, the home counts and the public detail.
 */
function useRefreshListings() {
  const utils = trpc.useUtils();
  return ({ id }: { id: string }) =>
    Promise.all([
      utils.listings.moderation.pending.invalidate(),
      utils.listings.moderation.list.invalidate(),
      utils.admin.pendencies.invalidate(),
      utils.listings.list.invalidate(),
      utils.listings.countsByType.invalidate(),
      utils.listings.byId.invalidate({ id }),
    ]);
}

/** docs/product.md §11 gives these errors without the server's reason: the reason goes under the title. */
function titledError(title: string) {
  return (error: unknown) => {
    toast.error(errorMessage(error), { title });
  };
}

export function useApproveListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.approve.useMutation(messageMutation({ errorPrefix: 'Erro ao aprovar anúncio: ' }, refresh));
}

export function useRejectListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.reject.useMutation(messageMutation({ errorPrefix: 'Erro ao rejeitar anúncio: ' }, refresh));
}

export function usePauseListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.pause.useMutation({ ...messageMutation({ silentError: true }, refresh), onError: titledError('Erro ao pausar anúncio') });
}

export function useActivateListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.activate.useMutation({ ...messageMutation({ silentError: true }, refresh), onError: titledError('Erro ao ativar anúncio') });
}

export function useDeleteListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.delete.useMutation({ ...messageMutation({ silentError: true }, refresh), onError: titledError('Erro ao excluir anúncio') });
}
