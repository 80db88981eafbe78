import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

/** Every kind of notification a person can receive (the notifications table's `type`). */
export const NOTIFICATION_TYPES = [
  'account_approved',
  'account_rejected',
  'listing_approved',
  'listing_rejected',
  'listing_paused',
  'reminder_pickup',
  'reminder_return',
  'status_update',
  'payment_due',
  'order_status',
  'listing_expiring',
  'listing_expired',
  'pending_sign_up',
  'pending_listing',
  'pending_report',
  'pending_problem',
  'announcement',
  'fornada_opened',
  'fornada_closed',
  'wanted_offer',
] as const;

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;
