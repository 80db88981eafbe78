import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/**
 * After any decision (or a conflict: another moderator decided first) every
 * list that may show the listing is refreshed: both moderation lists, the
 * pendencies card, the public feed, the home counts and the public detail.
 */
function useRefreshListings() {
  const utils = trpc.useUtils();
  return (id: string) =>
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
  return trpc.listings.moderation.approve.useMutation({
    meta: { errorPrefix: 'Erro ao aprovar anúncio: ' },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onSettled: (_data, _error, variables) => refresh(variables.id),
  });
}

export function useRejectListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.reject.useMutation({
    meta: { errorPrefix: 'Erro ao rejeitar anúncio: ' },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onSettled: (_data, _error, variables) => refresh(variables.id),
  });
}

export function usePauseListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.pause.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onError: titledError('Erro ao pausar anúncio'),
    onSettled: (_data, _error, variables) => refresh(variables.id),
  });
}

export function useActivateListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.activate.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onError: titledError('Erro ao ativar anúncio'),
    onSettled: (_data, _error, variables) => refresh(variables.id),
  });
}

export function useDeleteListing() {
  const refresh = useRefreshListings();
  return trpc.listings.moderation.delete.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onError: titledError('Erro ao excluir anúncio'),
    onSettled: (_data, _error, variables) => refresh(variables.id),
  });
}
