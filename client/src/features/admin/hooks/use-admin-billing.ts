import { messageMutation } from '../../../hooks/message-mutation.ts';
import { trpc } from '../../../lib/trpc.ts';

/** 'Cobranças': the figures and the latest charges. */
export function useBillingOverview() {
  return trpc.billing.overview.useQuery();
}

export function useMarkBillingPaid() {
  const utils = trpc.useUtils();
  return trpc.billing.markPaid.useMutation(
    messageMutation({ errorPrefix: 'Erro ao registrar pagamento: ' }, () =>
      Promise.all([utils.billing.overview.invalidate(), utils.admin.summary.invalidate(), utils.admin.activity.invalidate(), utils.listings.invalidate()]),
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
