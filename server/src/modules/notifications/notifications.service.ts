import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../context.ts';
import * as notifications from './notifications.repository.ts';

export const NOTIFICATION_CREATED_KIND = 'notification.created' as const;
export const NOTIFICATIONS_CHANGED_KIND = 'notification.changed' as const;

/** Writes the notification and its live event in the caller's transaction. */
export async function notify(deps: AppDeps, db: Db, notification: notifications.NewNotification) {
  const row = await notifications.insertNotification(db, notification);
  await deps.bus.publish(db, {
    userId: notification.userId,
    kind: NOTIFICATION_CREATED_KIND,
    payload: { id: row.id, title: notification.title, message: notification.message, type: notification.type, relatedId: notification.relatedId ?? null },
  });
  return row;
}

export async function list(deps: AppDeps, userId: string, options: { unreadOnly: boolean; limit: number }) {
  const rows = await notifications.listNotifications(deps.db, userId, options);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    relatedId: row.related_id,
    createdAt: row.created_at,
  }));
}

export function unreadCount(deps: AppDeps, userId: string) {
  return notifications.countUnread(deps.db, userId);
}

export async function markRead(deps: AppDeps, userId: string, notificationId: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    const changed = await notifications.markRead(trx, userId, notificationId);
    if (changed.length) await deps.bus.publish(trx, { userId, kind: NOTIFICATIONS_CHANGED_KIND, payload: {} });
  });
}

// What other modules (home activity) may read of notifications.
export { listNotifications } from './notifications.repository.ts';
