import { showErrorToast } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';
import { notificationListInput, type NotificationTab } from '../notification-inputs.ts';

export type { NotificationTab } from '../notification-inputs.ts';

/** The centre, 10 at a time; 'Ver mais' fetches the next page (keyset cursor). Live events invalidate it. */
export function useNotifications(tab: NotificationTab) {
  const query = trpc.notifications.list.useInfiniteQuery(notificationListInput(tab), {
    getNextPageParam: (page) => page.nextCursor,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? null;
  return { ...query, items };
}

/** 'Marcar como lida' and 'Marcar todas como lidas': the lists and every badge follow. */
export function useMarkRead() {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.notifications.list.invalidate(), utils.notifications.unreadCount.invalidate()]);
  const one = trpc.notifications.markRead.useMutation({ onSuccess: refresh, onError: (error) => showErrorToast(error) });
  const all = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh, onError: (error) => showErrorToast(error) });
  return {
    markRead: (id: string) => one.mutateAsync({ id }),
    markAllRead: () => all.mutate(),
    markingAll: all.isPending,
  };
}
