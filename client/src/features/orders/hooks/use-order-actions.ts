import type { HandoverStage } from '@vizinhanca/shared/orders/handover-condition.schema';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { toast } from '../../../components/ui/toast-store.ts';
import { refreshAfterChange } from '../../../lib/refresh-after-change.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The queries a status change touches (tRPC's utils, from the hook or outside React). */
type Utils = Pick<ReturnType<typeof trpc.useUtils>, 'orders' | 'listings' | 'messages' | 'activity'>;

/** docs/product.md §11: 'Status atualizado!' / 'Erro ao atualizar status' (the server's reason under the title). */
const STATUS_MUTATION = {
  meta: { silentError: true },
  onSuccess: (result: { message: string }) => {
    toast.success(result.message);
  },
  onError: (error: unknown) => {
    toast.error(errorMessage(error), { title: 'Erro ao atualizar status' });
  },
};

/** What an action needs of an order: a card's item or a conversation's header. */
type OrderRef = Pick<OrderItem, 'id'> & { listing: { id: string } | null };

interface Changes {
  /** The owner's list (/gerenciar-pedidos) or the requester's (/meus-pedidos). */
  side: 'received' | 'mine';
  /** The rental's days were freed (rejected, cancelled, completed): the order dialog's calendar. */
  freesDays?: boolean;
  /** Whether the rental can be ordered today changed: the 'Disponível' chip of the feeds. */
  availability?: boolean;
}

/**
 * What a status change touches, by exact key: the list of the side that acted
 * (the other side hears it live through its notification), the home's recent
 * activity and, for rentals, the calendar and the availability of the listing.
 */
export function refreshAfterStatusChange(utils: Utils, order: OrderRef, changes: Changes) {
  const listingId = order.listing?.id;
  return refreshAfterChange(
    [changes.side === 'received' ? utils.orders.received : utils.orders.mine, ...(changes.availability ? [utils.listings.list] : [])],
    () => [
      utils.messages.thread.invalidate({ orderId: order.id }),
      utils.activity.recent.invalidate(),
      changes.freesDays && listingId ? utils.orders.occupiedDates.invalidate({ listingId }) : undefined,
    ],
  );
}

function useRefreshAfterChange() {
  const utils = trpc.useUtils();
  return (order: OrderRef, changes: Changes) => refreshAfterStatusChange(utils, order, changes);
}

/** A rental's condition the owner adds to 'Marcar como entregue' or 'Concluir' (both may be empty). */
export interface HandoverConditionInput {
  photos: string[];
  note: string | null;
}

/** /gerenciar-pedidos: 'Aprovar', 'Rejeitar', 'Marcar como entregue' and 'Concluir' (the owner). */
export function useReceivedOrderActions() {
  const refresh = useRefreshAfterChange();
  const approve = trpc.orders.approve.useMutation(STATUS_MUTATION);
  const reject = trpc.orders.reject.useMutation(STATUS_MUTATION);
  const markDelivered = trpc.orders.markDelivered.useMutation(STATUS_MUTATION);
  const complete = trpc.orders.complete.useMutation(STATUS_MUTATION);
  const running = [approve, reject, markDelivered, complete].find((mutation) => mutation.isPending);

  return {
    /** The order whose request is running (its buttons wait). */
    busyId: running?.variables?.id ?? null,
    rejecting: reject.isPending,
    approve: (order: OrderRef) =>
      approve.mutate({ id: order.id }, { onSettled: () => refresh(order, { side: 'received', availability: true }) }),
    reject: (order: OrderRef, reason: string | undefined, done: () => void) =>
      reject.mutate({ id: order.id, reason }, { onSuccess: done, onSettled: () => refresh(order, { side: 'received', freesDays: true }) }),
    markDelivered: (order: OrderRef, condition?: HandoverConditionInput) =>
      markDelivered.mutate({ id: order.id, ...condition }, { onSettled: () => refresh(order, { side: 'received', availability: true }) }),
    complete: (order: OrderRef, condition?: HandoverConditionInput) =>
      complete.mutate({ id: order.id, ...condition }, { onSettled: () => refresh(order, { side: 'received', freesDays: true, availability: true }) }),
  };
}

/** /meus-pedidos: 'Cancelar' (the requester, pending or approved orders). */
export function useCancelOrder() {
  const refresh = useRefreshAfterChange();
  const cancel = trpc.orders.cancel.useMutation(STATUS_MUTATION);
  return {
    cancelling: cancel.isPending,
    cancel: (order: OrderRef, reason: string | undefined, done: () => void) =>
      cancel.mutate(
        { id: order.id, reason },
        { onSuccess: done, onSettled: () => refresh(order, { side: 'mine', freesDays: true, availability: true }) },
      ),
  };
}

/** 'Marcar como pago' (either side of an approved order); the other side is told live. */
export function useMarkPaid() {
  const utils = trpc.useUtils();
  const markPaid = trpc.orders.markPaid.useMutation(STATUS_MUTATION);
  return {
    busyId: markPaid.isPending ? (markPaid.variables?.id ?? null) : null,
    markPaid: (orderId: string) =>
      markPaid.mutate(
        { id: orderId },
        {
          onSettled: () => refreshAfterChange([utils.orders.mine, utils.orders.received], () => [utils.messages.thread.invalidate({ orderId })]),
        },
      ),
  };
}

/** The owner records a stage's condition on its own (the item goes through the portaria); the requester is told live. */
export function useRecordCondition() {
  const utils = trpc.useUtils();
  const record = trpc.orders.recordCondition.useMutation(STATUS_MUTATION);
  return {
    recording: record.isPending,
    record: (orderId: string, stage: HandoverStage, condition: HandoverConditionInput, done: () => void) =>
      record.mutate(
        { id: orderId, stage, ...condition },
        { onSuccess: done, onSettled: () => refreshAfterChange([utils.orders.received], () => [utils.messages.thread.invalidate({ orderId })]) },
      ),
  };
}

/** 'Confirmo o estado' (the requester of a rental); the owner is told live. */
export function useConfirmCondition() {
  const utils = trpc.useUtils();
  const confirm = trpc.orders.confirmCondition.useMutation(STATUS_MUTATION);
  return {
    busyKey: confirm.isPending && confirm.variables ? `${confirm.variables.id}-${confirm.variables.stage}` : null,
    confirm: (orderId: string, stage: HandoverStage) =>
      confirm.mutate(
        { id: orderId, stage },
        { onSettled: () => refreshAfterChange([utils.orders.mine], () => [utils.messages.thread.invalidate({ orderId })]) },
      ),
  };
}

/**
 * The review dialog (docs/product.md §6.1). docs/product.md §11: 'Avaliação enviada com sucesso!' / 'Erro ao
 * enviar avaliação' with the server's reason. The owner's rating changes on every
 * screen that shows it: their reviews, their listings' details and the feed cards.
 */
export function useCreateReview() {
  const utils = trpc.useUtils();
  const create = trpc.reviews.create.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => {
      toast.success(result.message);
    },
    onError: (error) => {
      toast.error(errorMessage(error), { title: 'Erro ao enviar avaliação' });
    },
  });
  return {
    sending: create.isPending,
    send: (order: OrderItem, review: { rating: number; comment: string }, done: () => void) =>
      create.mutate(
        { orderId: order.id, rating: review.rating, comment: review.comment.trim() || undefined },
        {
          onSuccess: done,
          onSettled: () =>
            refreshAfterChange([utils.orders.mine, utils.orders.received, utils.listings.list], () => [
              utils.users.stats.invalidate(),
              utils.reviews.forUser.invalidate({ userId: order.counterpart.id }),
              utils.listings.byId.invalidate(),
            ]),
        },
      ),
  };
}
