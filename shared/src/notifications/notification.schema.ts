import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

// Notifications: the centre (spec 2.18), the preferences of /configuracoes →
// Notificações (spec 2.20; decisions.md "Notifications") and web push subscriptions.

export const NOTIFICATION_TYPES = [
  'account_approved',
  'account_rejected',
  'listing_approved',
  'listing_rejected',
  'listing_paused',
  'listing_expiring',
  'listing_expired',
  'reminder_pickup',
  'reminder_return',
  'status_update',
  'payment_due',
  'order_status',
  'pending_sign_up',
  'pending_listing',
  'pending_report',
  'pending_problem',
  'announcement',
  'fornada_opened',
  'fornada_closed',
  'wanted_offer',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

import { NOTIFICATION_PAGE_SIZE } from './notification.constants.ts';

export { NOTIFICATION_PAGE_SIZE };

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notificação não encontrada',
  unknownPreference: 'Preferência de notificação desconhecida',
  invalidSubscription: 'Inscrição de notificações inválida',
  foreignEndpoint: 'Este endereço não é de um serviço de notificações push',
  preferenceSaved: 'Preferência salva',
  staffOnlyPreference: 'Só a administração e a moderação recebem as pendências da administração',
} as const;

const cursorSchema = z.object({ createdAt: z.date(), id: z.uuid({ message: NOTIFICATION_MESSAGES.notFound }) });
export type NotificationCursor = z.infer<typeof cursorSchema>;

export const notificationListInput = z
  .object({
    unreadOnly: z.boolean().default(false),
    limit: z.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
    cursor: cursorSchema.nullish(),
  })
  .default({ unreadOnly: false, limit: NOTIFICATION_PAGE_SIZE });

export const notificationIdInput = z.object({ id: z.uuid({ message: NOTIFICATION_MESSAGES.notFound }) });

export const notificationItemSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  relatedId: z.string().nullable(),
  /** Where tapping the item leads (an order in the right tab, the listing...), or null. */
  href: z.string().nullable(),
  createdAt: z.date(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationItemSchema),
  nextCursor: cursorSchema.nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/**
 * The switches of /configuracoes → Notificações, plus the two reminder switches of the centre.
 * 'staffPending' ('Pendências da administração') is shown to administrators and moderators only.
 */
export const NOTIFICATION_PREFERENCE_KEYS = ['push', 'email', 'orders', 'messages', 'announcements', 'pickupReminders', 'returnReminders', 'staffPending'] as const;
/** The switches only staff have: a resident setting one is refused. */
export const STAFF_PREFERENCE_KEYS: readonly NotificationPreferenceKey[] = ['staffPending'];
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  push: true,
  email: true,
  orders: true,
  messages: true,
  announcements: true,
  pickupReminders: true,
  returnReminders: true,
  staffPending: true,
};

export const notificationPreferencesSchema = z.object({
  push: z.boolean(),
  email: z.boolean(),
  orders: z.boolean(),
  messages: z.boolean(),
  announcements: z.boolean(),
  pickupReminders: z.boolean(),
  returnReminders: z.boolean(),
  staffPending: z.boolean(),
});

export const setPreferenceInput = z.object({
  key: z.enum(NOTIFICATION_PREFERENCE_KEYS, { message: NOTIFICATION_MESSAGES.unknownPreference }),
  enabled: z.boolean({ message: NOTIFICATION_MESSAGES.unknownPreference }),
});

/** A browser's PushSubscription (toJSON()); keys are base64url of a P-256 point (65 bytes) and a 16-byte secret. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ message: NOTIFICATION_MESSAGES.invalidSubscription }).max(1000, NOTIFICATION_MESSAGES.invalidSubscription),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, NOTIFICATION_MESSAGES.invalidSubscription),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, NOTIFICATION_MESSAGES.invalidSubscription),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushEndpointInput = z.object({ endpoint: z.string().max(1000, NOTIFICATION_MESSAGES.invalidSubscription) });
