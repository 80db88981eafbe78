import type { Db } from '../../db/database.ts';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId?: string | null;
}

export function insertNotification(db: Db, notification: NewNotification) {
  return db
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      type: notification.type,
      title: notification.title,
      message: notification.message,
      related_id: notification.relatedId ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function listNotifications(db: Db, userId: string, options: { unreadOnly: boolean; limit: number }) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'type', 'title', 'message', 'read', 'related_id', 'created_at'])
    .where('user_id', '=', userId);
  if (options.unreadOnly) query = query.where('read', '=', false);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export function countUnread(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('read', '=', false)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/** Scoped to the owner: marking someone else's notification changes nothing. */
export function markRead(db: Db, userId: string, notificationId: string | null) {
  let query = db.updateTable('notifications').set({ read: true }).where('user_id', '=', userId).where('read', '=', false);
  if (notificationId) query = query.where('id', '=', notificationId);
  return query.returning('id').execute();
}
