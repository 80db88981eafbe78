import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { notificationTypeSchema } from '../notifications/notification.types.ts';
import { APPROVAL_STATUSES } from '../users/user.types.ts';

/** Each kind's name, declared once: the server's services publish these and the schema below accepts them. */
export const ACCOUNT_CHANGED_KIND = 'account.changed' as const;
export const NOTIFICATION_CREATED_KIND = 'notification.created' as const;
export const NOTIFICATIONS_CHANGED_KIND = 'notification.changed' as const;
export const MESSAGES_CHANGED_KIND = 'messages.changed' as const;
export const INVITES_CHANGED_KIND = 'invites.changed' as const;
export const ADMIN_SUMMARY_CHANGED_KIND = 'admin.summary.changed' as const;
export const ANNOUNCEMENT_PUBLISHED_KIND = 'announcement.published' as const;
export const ANNOUNCEMENTS_CHANGED_KIND = 'announcements.changed' as const;
export const PROBLEM_THREAD_CHANGED_KIND = 'problems.thread.changed' as const;

/**
 * The realtime channel's contract: every event a browser can receive, with its
 * payload. The server publishes only events of this union (checked when written)
 * and `realtime.onEvent` declares it as its output.
 */
export const realtimeEventSchema = z.discriminatedUnion('kind', [
  /** First event of a fresh subscription: its cursor, so a reconnect catches up from there. */
  z.object({ kind: z.literal('ready'), payload: z.object({}) }),
  /** The account's approval, suspension or roles changed: guards and the profile reload. */
  z.object({ kind: z.literal(ACCOUNT_CHANGED_KIND), payload: z.object({ approvalStatus: z.enum(APPROVAL_STATUSES).optional(), isSuspended: z.boolean().optional() }) }),
  /** A new notification for this person: a toast, and the screens its type concerns reload. */
  z.object({
    kind: z.literal(NOTIFICATION_CREATED_KIND),
    payload: z.object({ id: z.string(), title: z.string(), message: z.string(), type: notificationTypeSchema, relatedId: z.string().nullable().default(null) }),
  }),
  /** Notifications were read (on any device): badges and the list reload. */
  z.object({ kind: z.literal(NOTIFICATIONS_CHANGED_KIND), payload: z.object({}) }),
  /**
   * A message was sent or read in an order's conversation: that thread, /mensagens and the unread counts reload.
   * `newMessageFrom`: the sender's name, only to the recipient of a new message whose 'Mensagens' switch is on (the toast).
   */
  z.object({ kind: z.literal(MESSAGES_CHANGED_KIND), payload: z.object({ orderId: z.string(), newMessageFrom: z.string().optional() }) }),
  /** One of the person's invites changed (accepted, expired): the Convites page reloads. */
  z.object({ kind: z.literal(INVITES_CHANGED_KIND), payload: z.object({}) }),
  /** Staff only: a count on /admin's summary cards moved (sign-up, moderation, an order, billing...): the cards and the open section reload. */
  z.object({ kind: z.literal(ADMIN_SUMMARY_CHANGED_KIND), payload: z.object({}) }),
  /**
   * A new announcement reached this person (one payload for every recipient, so the bus reads and encodes
   * it once): the toast 'Comunicado: {título}', the notifications, /comunicados and home's pinned banner reload.
   */
  z.object({ kind: z.literal(ANNOUNCEMENT_PUBLISHED_KIND), payload: z.object({ id: z.string(), title: z.string(), message: z.string() }) }),
  /** An announcement was edited or removed: /comunicados and home's pinned banner reload. */
  z.object({ kind: z.literal(ANNOUNCEMENTS_CHANGED_KIND), payload: z.object({}) }),
  /** Staff only: a message was written in the thread of an order with an open problem: that thread, if open in /admin 'Problemas', reloads. */
  z.object({ kind: z.literal(PROBLEM_THREAD_CHANGED_KIND), payload: z.object({ orderId: z.string() }) }),
]);

export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventKind = RealtimeEvent['kind'];
/** What the server publishes: any event but the subscription's own 'ready'. */
export type PublishedEvent = Exclude<RealtimeEvent, { kind: 'ready' }>;
