import { useEffect } from 'react';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import type { RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { toast } from '../../../components/ui/toast-store.ts';
import { closeRealtimeSocket, trpc } from '../../../lib/trpc.ts';

/** How long a live notification stays on screen (docs/product.md, notifications). */
export const NOTIFICATION_TOAST_MS = 5_000;

type Utils = ReturnType<typeof trpc.useUtils>;

/** The queries a notification's underlying change touches, beyond the notifications themselves. */
function invalidateWhatChanged(utils: Utils, type: NotificationType, relatedId: string | null) {
  switch (type) {
    case 'listing_approved':
    case 'listing_rejected':
    case 'listing_paused':
      // The owner's listing changed state: their lists, its owner view, and the public feed and counts.
      void utils.listings.mine.invalidate();
      if (relatedId) void utils.listings.ownerView.invalidate({ id: relatedId });
      void utils.listings.list.invalidate();
      void utils.listings.countsByType.invalidate();
      break;
    case 'order_status':
    case 'status_update':
    case 'reminder_pickup':
    case 'reminder_return':
      // An order moved: both sides' lists and counters, the rental calendars, the profile's stats and reviews.
      void utils.orders.mine.invalidate();
      void utils.orders.received.invalidate();
      void utils.orders.occupiedDates.invalidate();
      void utils.users.stats.invalidate();
      void utils.reviews.forUser.invalidate();
      // The status and 'Pago' on top of an open conversation.
      if (relatedId) void utils.messages.thread.invalidate({ orderId: relatedId });
      break;
    case 'account_approved':
    case 'account_rejected':
      void utils.auth.me.invalidate();
      break;
    case 'payment_due':
      break;
  }
}

/**
 * The signed-in user's live events (every open tab gets them; a reconnect resumes
 * from the last event id). Each event invalidates exactly the queries it changes.
 */
export function useRealtimeEvents(signedIn: boolean) {
  const utils = trpc.useUtils();

  useEffect(() => {
    // Signed out: stop any reconnect loop (the server refuses sockets without a session).
    if (!signedIn) closeRealtimeSocket();
  }, [signedIn]);

  trpc.realtime.onEvent.useSubscription(undefined, {
    enabled: signedIn,
    onData: ({ data }) => handle(utils, data),
  });
}

function handle(utils: Utils, event: RealtimeEvent) {
  switch (event.kind) {
    case 'ready':
      break;
    case 'account.changed':
      void utils.auth.me.invalidate();
      void utils.users.me.invalidate();
      break;
    case 'notification.created': {
      const { title, message, type, relatedId } = event.payload;
      void utils.notifications.list.invalidate();
      void utils.notifications.unreadCount.invalidate();
      void utils.activity.recent.invalidate();
      invalidateWhatChanged(utils, type, relatedId);
      if (message) toast.info(message, { title: title || undefined, durationMs: NOTIFICATION_TOAST_MS });
      break;
    }
    case 'notification.changed':
      void utils.notifications.list.invalidate();
      void utils.notifications.unreadCount.invalidate();
      break;
    case 'admin.summary.changed':
      // The cards on /admin and the section open under them (only mounted queries refetch).
      void utils.admin.summary.invalidate();
      void utils.admin.pendencies.invalidate();
      void utils.listings.countsByType.invalidate();
      void utils.admin.pendingUsers.invalidate();
      void utils.admin.activity.invalidate();
      void utils.admin.users.list.invalidate();
      void utils.admin.users.advertisers.invalidate();
      void utils.listings.moderation.invalidate();
      void utils.orders.moderation.list.invalidate();
      void utils.billing.overview.invalidate();
      break;
    case 'invites.changed':
      void utils.invites.overview.invalidate();
      break;
    case 'messages.changed':
      // Exactly the changed thread, and the unread counts of the cards, home and profile.
      void utils.messages.thread.invalidate({ orderId: event.payload.orderId });
      void utils.messages.unread.invalidate();
      break;
  }
}
