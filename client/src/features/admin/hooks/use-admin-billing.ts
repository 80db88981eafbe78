import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

/** 'Cobranças': the figures and the latest charges. */
export function useBillingOverview() {
  return trpc.billing.overview.useQuery();
}

export function useMarkBillingPaid() {
  const utils = trpc.useUtils();
  return trpc.billing.markPaid.useMutation({
    meta: { errorPrefix: 'Erro ao registrar pagamento: ' },
    onSuccess: (result) => toast.success(result.message),
    onSettled: () => Promise.all([utils.billing.overview.invalidate(), utils.admin.summary.invalidate(), utils.admin.activity.invalidate(), utils.listings.invalidate()]),
  });
}

export function useCreateBilling() {
  const utils = trpc.useUtils();
  return trpc.billing.create.useMutation({
    meta: { errorPrefix: 'Erro ao criar cobrança: ' },
    onSuccess: (result) => toast.success(result.message),
    onSettled: () => Promise.all([utils.billing.overview.invalidate(), utils.admin.summary.invalidate(), utils.admin.activity.invalidate()]),
  });
}
