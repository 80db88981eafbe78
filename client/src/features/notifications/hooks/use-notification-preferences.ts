import type { NotificationPreferenceKey, NotificationPreferences } from '@vizinhanca/shared/notifications/notification.schema';
import { showErrorToast } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';

/** The switches, stored on the server; a change shows at once and rolls back if the server refuses it. */
export function useNotificationPreferences() {
  const utils = trpc.useUtils();
  const query = trpc.notifications.preferences.useQuery();
  const mutation = trpc.notifications.setPreference.useMutation({
    onMutate: async ({ key, enabled }) => {
      await utils.notifications.preferences.cancel();
      const previous = utils.notifications.preferences.getData();
      if (previous) utils.notifications.preferences.setData(undefined, { ...previous, [key]: enabled });
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) utils.notifications.preferences.setData(undefined, context.previous);
      showErrorToast(error);
    },
    onSuccess: (saved) => utils.notifications.preferences.setData(undefined, saved),
  });
  return {
    preferences: query.data as NotificationPreferences | undefined,
    loading: query.isPending,
    /** The saved preferences, or null when the server refused (the toast already said why). */
    set: (key: NotificationPreferenceKey, enabled: boolean) => mutation.mutateAsync({ key, enabled }).catch(() => null),
  };
}
