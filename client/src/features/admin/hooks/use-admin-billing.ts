import { messageMutation } from '../../../hooks/message-mutation.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { trpc } from '../../../lib/trpc.ts';

/** 'Cobranças': the figures and the latest charges. */
export function useBillingOverview() {
  return trpc.billing.overview.useQuery();
}

export function useMarkBillingPaid() {
  const utils = trpc.useUtils();
  return trpc.billing.markPaid.useMutation(
    // A paid charge may bring a listing back: every listing query, the lists shown with a previous answer first.
    messageMutation({ errorPrefix: 'Erro ao registrar pagamento: ' }, () =>
      refreshAfterChange([utils.listings.list, utils.listings.moderation.pending, utils.listings.moderation.list], () => [
        utils.billing.overview.invalidate(),
        utils.admin.summary.invalidate(),
        utils.admin.activity.invalidate(),
        utils.listings.invalidate(),
      ]),
    ),
  );
}

export function useCreateBilling() {
  const utils = trpc.useUtils();
  return trpc.billing.create.useMutation(
    messageMutation({ errorPrefix: 'Erro ao criar cobrança: ' }, () =>
      Promise.all([utils.billing.overview.invalidate(), utils.admin.summary.invalidate(), utils.admin.activity.invalidate()]),
    ),
  );
}
