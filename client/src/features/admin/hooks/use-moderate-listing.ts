import { toast } from '../../../components/ui/toast-store.ts';
import { messageMutation } from '../../../hooks/message-mutation.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { trpc } from '../../../lib/trpc.ts';

/**
 * After any decision (or a conflict: another moderator decided first) every
 * list that may show the listing is refreshed: both moderation lists, the
 * pendencies card, the public feed, the home counts and the public detail.
 */
function useRefreshListings() {
  const utils = trpc.useUtils();
  return async ({ id }: { id: string }) => {
    await refreshAfterChange([utils.listings.moderation.pending, utils.listings.moderation.list, utils.listings.list], () => [
      utils.admin.pendencies.invalidate(),
      utils.listings.countsByType.invalidate(),
      utils.listings.byId.invalidate({ id }),
    ]);
  };
}

/** The moderation decisions on a listing; each refreshes every list that may show it. */
export function useListingModeration() {
  const refresh = useRefreshListings();
  // docs/product.md §11 gives these errors without the server's reason: the reason goes under the title.
  const titled = (title: string) => ({
    ...messageMutation({ silentError: true }, refresh),
    onError: (error: unknown) => {
      toast.error(errorMessage(error), { title });
    },
  });
  return {
    approve: trpc.listings.moderation.approve.useMutation(messageMutation({ errorPrefix: 'Erro ao aprovar anúncio: ' }, refresh)),
    reject: trpc.listings.moderation.reject.useMutation(messageMutation({ errorPrefix: 'Erro ao rejeitar anúncio: ' }, refresh)),
    pause: trpc.listings.moderation.pause.useMutation(titled('Erro ao pausar anúncio')),
    activate: trpc.listings.moderation.activate.useMutation(titled('Erro ao ativar anúncio')),
    remove: trpc.listings.moderation.delete.useMutation(titled('Erro ao excluir anúncio')),
  };
}
