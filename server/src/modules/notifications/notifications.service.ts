import { preferenceOf } from '@vizinhanca/shared/notifications/notification.rules';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_MESSAGES,
  STAFF_PREFERENCE_KEYS,
  type NotificationCursor,
  type NotificationItem,
  type NotificationPage,
  type NotificationPreferenceKey,
  type NotificationPreferences,
  type PushSubscriptionInput,
} from '@vizinhanca/shared/notifications/notification.schema';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import { isStaff, type Role } from '@vizinhanca/shared/users/user.types';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { deliverNotificationJob } from './notification-delivery.ts';
import { hrefsFor } from './notification-links.ts';
import * as notifications from './notifications.repository.ts';
import { isPushServiceEndpoint } from './web-push.ts';
import { NOTIFICATION_CREATED_KIND, NOTIFICATIONS_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';

/**
 * Writes the notification, its live event and its delivery job (push, e-mail)
 * in the caller's transaction. With a dedupe key that was already used, nothing
 * is written and it returns null: a reminder is made once however often a job runs.
 */
export async function notify(deps: AppDeps, db: Db, notification: notifications.NewNotification) {
  // Without a dedupe key nothing is read back: the three writes wait for the transaction's next statement and go as one.
  const row =
    notification.dedupeKey || notification.history
      ? await notifications.insertNotification(db, notification, deps.clock.now())
      : await notifications.insertNotificationLater(db, notification, deps.clock.now());
  if (!row) return null;
  await deps.bus.publish(db, {
    userId: notification.userId,
    kind: NOTIFICATION_CREATED_KIND,
    payload: { id: row.id, title: notification.title, message: notification.message, type: notification.type, relatedId: notification.relatedId ?? null },
  });
  await deps.queue.enqueue(db, deliverNotificationJob, { notificationId: row.id }, { key: `notification:${row.id}` });
  return row;
}

export async function list(
  deps: AppDeps,
  userId: string,
  options: { unreadOnly: boolean; limit: number; cursor?: NotificationCursor | null },
): Promise<NotificationPage> {
  // One extra row says whether there is a next page.
  const rows = await notifications.listNotifications(deps.db, userId, { ...options, cursor: options.cursor ?? null, limit: options.limit + 1 });
  const page = rows.slice(0, options.limit);
  const href = await hrefsFor(deps, userId, page);
  const items: NotificationItem[] = page.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    relatedId: row.related_id,
    href: href(row),
    createdAt: row.created_at,
  }));
  const last = page[page.length - 1];
  return { items, nextCursor: rows.length > options.limit && last ? { createdAt: last.created_at, id: last.id } : null };
}

export function unreadCount(deps: AppDeps, userId: string) {
  return notifications.countUnread(deps.db, userId);
}

/** Marks one (or, with null, all) of the user's notifications read; every open tab and device updates its badge. */
export async function markRead(deps: AppDeps, userId: string, notificationId: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    if (notificationId && !(await notifications.findOwned(trx, userId, notificationId))) {
      throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
    }
    const changed = await notifications.markRead(trx, userId, notificationId);
    if (changed.length) await deps.bus.publish(trx, { userId, kind: NOTIFICATIONS_CHANGED_KIND, payload: {} });
  });
}

// ---- Preferences ----

export async function preferences(deps: AppDeps, userId: string, db: Db = deps.db): Promise<NotificationPreferences> {
  return (await notifications.findPreferences(db, userId)) ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

export async function setPreference(deps: AppDeps, user: { id: string; roles: readonly Role[] }, { key, enabled }: { key: NotificationPreferenceKey; enabled: boolean }) {
  if (STAFF_PREFERENCE_KEYS.includes(key) && !isStaff(user.roles)) throw new AppError('FORBIDDEN', NOTIFICATION_MESSAGES.staffOnlyPreference);
  const userId = user.id;
  await notifications.setPreference(deps.db, userId, key, enabled, deps.clock.now());
  return preferences(deps, userId);
}

/** Whether this user wants notifications of this type at all (the reminder switches); others always are recorded. */
export async function wants(deps: AppDeps, db: Db, { userId, type }: { userId: string; type: notifications.NewNotification['type'] }): Promise<boolean> {
  const key = preferenceOf(type);
  if (key !== 'pickupReminders' && key !== 'returnReminders') return true;
  return (await preferences(deps, userId, db))[key];
}

// ---- The staff's digest of pending items ----

export function digestRecipients(deps: AppDeps, now: Date, types: readonly NotificationType[]) {
  return notifications.listDigestRecipients(deps.db, now, types);
}

/** Whether this run may e-mail the person's digest now (false: one went out less than an hour ago). */
export function takeDigestSlot(db: Db, userId: string, now: Date) {
  return notifications.claimDigestSlot(db, userId, now);
}

// ---- Web push ----

export async function subscribePush(deps: AppDeps, userId: string, subscription: PushSubscriptionInput) {
  if (!isPushServiceEndpoint(subscription.endpoint)) throw new AppError('BAD_REQUEST', NOTIFICATION_MESSAGES.foreignEndpoint);
  await notifications.upsertPushSubscription(deps.db, userId, subscription, deps.clock.now());
}

export async function unsubscribePush(deps: AppDeps, userId: string, endpoint: string) {
  await notifications.deletePushSubscription(deps.db, userId, endpoint);
}

// What other modules (home activity) may read of notifications.
export { listNotifications } from './notifications.repository.ts';

// Pushes that are not notification-centre items (new messages) go out the same way.
export { pushToDevices, pushToDevicesOfEach, FAN_OUT_CHUNK } from './notification-delivery.ts';
