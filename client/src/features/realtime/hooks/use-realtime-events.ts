import { useEffect } from 'react';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import { conversationHref, newMessageTitle } from '@vizinhanca/shared/messages/message.rules';
import { eventIdOf } from '@vizinhanca/shared/realtime/live-cursor';
import type { RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { toast } from '../../../components/ui/toast-store.ts';
import { refreshAfterLiveEvent, type LiveChangedQuery } from '../../../lib/refresh-after-change.ts';
import { closeRealtimeSocket, trpc } from '../../../lib/trpc.ts';

/** How long a live notification stays on screen (docs/product.md, notifications). */
export const NOTIFICATION_TOAST_MS = 5_000;

type Utils = ReturnType<typeof trpc.useUtils>;

/** Marks each of these queries stale; only the mounted ones refetch (a first answer in flight, once more after it: refreshAfterLiveEvent). */
function invalidate(...queries: LiveChangedQuery[]) {
  for (const query of queries) refreshAfterLiveEvent(query);
}

/** The queries a notification's underlying change touches, beyond the notifications themselves. */
function invalidateWhatChanged(utils: Utils, type: NotificationType, relatedId: string | null) {
  switch (type) {
    case 'listing_approved':
    case 'listing_rejected':
    case 'listing_paused':
    case 'payment_due':
      // The owner's listing changed state (an overdue charge pauses them all): their lists, its owner view, and the public feed and counts.
      invalidate(utils.listings.mine, utils.listings.list, utils.listings.countsByType);
      if (relatedId) refreshAfterLiveEvent(utils.listings.ownerView, { id: relatedId });
      break;
    case 'order_status':
    case 'status_update':
    case 'reminder_pickup':
    case 'reminder_return':
      // An order moved: both sides' lists and counters, the rental calendars, the profile's stats and reviews.
      invalidate(utils.orders.mine, utils.orders.received, utils.orders.occupiedDates, utils.users.stats, utils.reviews.forUser, utils.portaria.mine);
      // The status and 'Pago' on top of an open conversation, and its problems ('Em análise', 'Resolvido: …').
      if (relatedId) refreshAfterLiveEvent(utils.messages.thread, { orderId: relatedId });
      if (relatedId) refreshAfterLiveEvent(utils.problems.forOrder, { orderId: relatedId });
      break;
    case 'pending_problem':
      // A new problem on an order waits in /admin 'Problemas'.
      invalidate(utils.problems.moderation.open, utils.admin.summary);
      break;
    case 'wanted_offer':
      // 'Eu tenho' on one of the user's requests: the list's counts and the request's offers.
      invalidate(utils.wanted.list);
      if (relatedId) refreshAfterLiveEvent(utils.wanted.byId, { id: relatedId });
      break;
    case 'account_approved':
    case 'account_rejected':
      invalidate(utils.auth.me);
      break;
  }
}

/**
 * The toast of a new message ('Nova mensagem de {nome}'), unless its thread is the screen open now.
 * The server names the sender only to a recipient whose 'Mensagens' switch is on.
 */
export function newMessageToast(payload: { orderId: string; newMessageFrom?: string }, openPath: string): string | null {
  if (!payload.newMessageFrom || openPath === conversationHref(payload.orderId)) return null;
  return newMessageTitle(payload.newMessageFrom);
}

/** Event ids a tab remembers having handled: more than a reconnect replays (the server's catch-up limit, 500). */
const REMEMBERED_EVENT_IDS = 1_000;

/**
 * The event ids this tab handled lately. A reconnect replays every event whose transaction
 * committed after the tab's cursor, some of which the tab already had (docs/decisions/022-live-cursor.md).
 */
export class HandledEvents {
  private readonly ids = new Set<string>();

  /** Whether this event (its tracked id) comes for the first time; remembers it. */
  firstTime(trackedId: string): boolean {
    const id = eventIdOf(trackedId);
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > REMEMBERED_EVENT_IDS) this.ids.delete(this.ids.values().next().value!);
    return true;
  }
}

const handledEvents = new HandledEvents();

/**
 * The signed-in user's live events (every open tab gets them; a reconnect resumes
 * from the last event's cursor). Each event invalidates exactly the queries it changes,
 * once however many times it arrives.
 */
export function useRealtimeEvents(signedIn: boolean) {
  const utils = trpc.useUtils();

  useEffect(() => {
    // Signed out: stop any reconnect loop (the server refuses sockets without a session).
    if (!signedIn) closeRealtimeSocket();
  }, [signedIn]);

  trpc.realtime.onEvent.useSubscription(undefined, {
    enabled: signedIn,
    onData: ({ id, data }) => {
      if (data.kind === 'ready' || handledEvents.firstTime(id)) handleRealtimeEvent(utils, data);
    },
  });
}

/** What one live event changes in this tab: the queries it makes stale, and its toast. */
export function handleRealtimeEvent(utils: Utils, event: RealtimeEvent) {
  switch (event.kind) {
    case 'ready':
      // Listening from now on, with nothing replayed: what the screens show was read before (the
      // server's first render, the first queries, the copy saved on the device), so all is read again.
      // The session too: an approval or a role change committed before the channel listened is only seen so.
      refreshAfterLiveEvent(utils);
      break;
    case 'account.changed':
      invalidate(utils.auth.me, utils.users.me);
      break;
    case 'notification.created': {
      const { title, message, type, relatedId } = event.payload;
      invalidate(utils.notifications.list, utils.notifications.unreadCount, utils.activity.recent);
      invalidateWhatChanged(utils, type, relatedId);
      if (message) toast.info(message, { title: title || undefined, durationMs: NOTIFICATION_TOAST_MS });
      break;
    }
    case 'notification.changed':
      invalidate(utils.notifications.list, utils.notifications.unreadCount);
      break;
    case 'admin.summary.changed':
      // The cards on /admin and the section open under them (only mounted queries refetch).
      invalidate(utils.admin.summary, utils.admin.pendencies, utils.listings.countsByType, utils.admin.pendingUsers, utils.admin.activity);
      invalidate(utils.admin.users.list, utils.admin.users.advertisers, utils.listings.moderation, utils.orders.moderation.list, utils.billing.overview, utils.reports.moderation.open);
      break;
    case 'invites.changed':
      invalidate(utils.invites.overview);
      break;
    case 'announcement.published':
      // The centre's badge and list, /comunicados and home's pinned banner; the toast names it.
      invalidate(utils.notifications.list, utils.notifications.unreadCount, utils.activity.recent, utils.announcements.list, utils.announcements.pinned);
      toast.info(event.payload.message, { title: event.payload.title, durationMs: NOTIFICATION_TOAST_MS });
      break;
    case 'announcements.changed':
      invalidate(utils.announcements.list, utils.announcements.pinned);
      break;
    case 'problems.thread.changed': {
      // Staff: the thread of that order's open problem, if it is open in /admin 'Problemas' (only mounted queries refetch).
      const problem = utils.problems.moderation.open.getData()?.items.find((item) => item.orderId === event.payload.orderId);
      if (problem) refreshAfterLiveEvent(utils.problems.moderation.thread, { problemId: problem.id });
      break;
    }
    case 'messages.changed': {
      // Exactly the changed thread, /mensagens, and the unread counts of the cards, home and profile.
      refreshAfterLiveEvent(utils.messages.thread, { orderId: event.payload.orderId });
      invalidate(utils.messages.inbox, utils.messages.unread);
      const title = event.payload.newMessageFrom ? newMessageToast(event.payload, window.location.pathname) : null;
      if (title) toast.info(title, { durationMs: NOTIFICATION_TOAST_MS });
      break;
    }
  }
}
