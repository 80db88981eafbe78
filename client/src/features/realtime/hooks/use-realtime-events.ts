import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { trpc, wsClient } from '../../../lib/trpc.ts';

/** How long a live notification stays on screen (spec 9). */
export const NOTIFICATION_TOAST_MS = 5_000;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The signed-in user's live events (every open tab gets them; a reconnect resumes
 * from the last event id). Each event invalidates exactly the queries it changes.
 */
export function useRealtimeEvents(signedIn: boolean) {
  const utils = trpc.useUtils();

  useEffect(() => {
    // Signed out: stop any reconnect loop (the server refuses sockets without a session).
    if (!signedIn) void wsClient.close();
  }, [signedIn]);

  trpc.realtime.onEvent.useSubscription(undefined, {
    enabled: signedIn,
    onData: ({ data: event }) => {
      switch (event.kind) {
        case 'account.changed':
          void utils.auth.me.invalidate();
          void utils.users.me.invalidate();
          break;
        case 'notification.created': {
          void utils.notifications.invalidate();
          void utils.activity.invalidate();
          // The change behind the notification shows on other screens too.
          const type = text(event.payload.type);
          if (type.startsWith('listing_')) void utils.listings.invalidate();
          if (type === 'order_status' || type === 'status_update') {
            void utils.orders.invalidate();
            void utils.reviews.invalidate();
            void utils.users.invalidate();
          }
          const message = text(event.payload.message);
          if (message) toast.info(message, { title: text(event.payload.title) || undefined, durationMs: NOTIFICATION_TOAST_MS });
          break;
        }
        case 'notification.changed':
          void utils.notifications.invalidate();
          break;
        case 'invites.changed':
          void utils.invites.overview.invalidate();
          break;
        default:
          break;
      }
    },
  });
}
