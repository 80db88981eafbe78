import { ANNOUNCEMENT_MESSAGES } from '@vizinhanca/shared/announcements/announcement.schema';
import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The announcements, newest first (the route loader warms them). */
export function useAnnouncements() {
  const [list] = trpc.announcements.list.useSuspenseQuery();
  return list.items;
}

/**
 * Opening /comunicados reads every announcement the person got: the list keeps its 'Novo'
 * marks for this visit (it is not read again), the notifications' badges follow.
 */
export function useReadOnOpen(hasUnread: boolean) {
  const markAllRead = trpc.announcements.markAllRead.useMutation();
  const { mutate } = markAllRead;
  useEffect(() => {
    if (hasUnread) mutate();
  }, [hasUnread, mutate]);
}

/** After a publish, an edit or a removal: the list and home's banner read again. */
function useAnnouncementChange(message: (answer: { message: string }) => string, errorPrefix: string, onDone: () => void) {
  const utils = trpc.useUtils();
  return {
    meta: { errorPrefix },
    onSuccess: async (answer: { message: string }) => {
      toast.success(message(answer));
      onDone();
      await Promise.all([utils.announcements.list.invalidate(), utils.announcements.pinned.invalidate()]);
    },
  };
}

export function usePublishAnnouncement(onDone: () => void) {
  return trpc.announcements.publish.useMutation(useAnnouncementChange((answer) => answer.message, 'Erro ao publicar comunicado: ', onDone));
}

export function useUpdateAnnouncement(onDone: () => void) {
  return trpc.announcements.update.useMutation(useAnnouncementChange(() => ANNOUNCEMENT_MESSAGES.updated, 'Erro ao editar comunicado: ', onDone));
}

export function useRemoveAnnouncement(onDone: () => void) {
  return trpc.announcements.delete.useMutation(useAnnouncementChange(() => ANNOUNCEMENT_MESSAGES.removed, 'Erro ao remover comunicado: ', onDone));
}
