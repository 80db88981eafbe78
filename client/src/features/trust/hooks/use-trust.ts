import { toast } from '../../../components/ui/toast-store.ts';
import type { ReportChoice } from '../../../components/report-dialog.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** 'Denunciar' a listing or a neighbour; the answer is a toast (errors go through the app's mutation toast). */
export function useReport(target: { listingId: string } | { userId: string }) {
  const listing = trpc.reports.listing.useMutation({ onSuccess: (result) => toast.success(result.message) });
  const person = trpc.reports.person.useMutation({ onSuccess: (result) => toast.success(result.message) });
  return {
    report: (choice: ReportChoice, done: () => void) =>
      'listingId' in target ? listing.mutate({ listingId: target.listingId, ...choice }, { onSuccess: done }) : person.mutate({ userId: target.userId, ...choice }, { onSuccess: done }),
    reporting: listing.isPending || person.isPending,
  };
}

/** 'Bloquear' and 'Desbloquear': every screen that may show the person reads again. */
export function useBlocks() {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.blocks.list.invalidate(), utils.listings.invalidate(), utils.users.neighbour.invalidate(), utils.messages.thread.invalidate(), utils.messages.inbox.invalidate()]);
  const block = trpc.blocks.block.useMutation({ onSuccess: (result) => toast.success(result.message), onSettled: refresh });
  const unblock = trpc.blocks.unblock.useMutation({ onSuccess: (result) => toast.success(result.message), onSettled: refresh });
  return { block, unblock };
}
