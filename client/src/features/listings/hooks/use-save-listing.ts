import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

/** 'Salvar' and back: the detail's state and the profile's 'Salvos' follow. */
export function useSaveListing(id: string) {
  const utils = trpc.useUtils();
  return trpc.listings.save.useMutation({
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onSettled: () => Promise.all([utils.listings.byId.invalidate({ id }), utils.listings.saved.invalidate()]),
  });
}
