import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { countRows } from '../../db/count.ts';
import { wantsDelivery } from '../../db/notification-preferences.ts';
import { type Db, prepared, writeLater } from '../../db/database.ts';
import { compiledOnce } from '../../db/query-templates.ts';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import type { NotificationCursor, NotificationPreferences, PushSubscriptionInput } from '@vizinhanca/shared/notifications/notification.schema';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId?: string | null;
  /** A reminder or notice that must exist once: a second insert with this key is ignored. */
  dedupeKey?: string | null;
  /** A notification written with a past (the demo seed): read or not, and when; a new one is unread, stamped now. */
  history?: { read: boolean; createdAt: Date };
}

/** The new row, dated `at` (the app's clock) unless it has a past; undefined when its dedupe key was already used. */
/** A notification's columns as values, every one given (a value left out would change the statement). */
function notificationValues(notification: NewNotification, at: Date) {
  return {
    userId: notification.userId,
    type: notification.type,
    title: notification.title,
    message: notification.message,
    relatedId: notification.relatedId ?? null,
    dedupeKey: notification.dedupeKey ?? null,
    createdAt: notification.history?.createdAt ?? at,
  };
}

export function insertNotificationQuery(db: Db, values: ReturnType<typeof notificationValues> & { id?: string }, history?: NewNotification['history']) {
  return db
    .insertInto('notifications')
    .values({
      ...(values.id === undefined ? {} : { id: values.id }),
      user_id: values.userId,
      type: values.type,
      title: values.title,
      message: values.message,
      related_id: values.relatedId,
      dedupe_key: values.dedupeKey,
      created_at: values.createdAt,
      ...(history ? { read: history.read } : {}),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning(['id', 'created_at']);
}

export async function insertNotification(db: Db, notification: NewNotification, at: Date) {
  const values = notificationValues(notification, at);
  // Named, and compiled once for a new one: most changes notify someone (an order notifies its owner).
  const query = notification.history
    ? insertNotificationQuery(db, values, notification.history)
    : compiledOnce('notifications.insert', values, (templateValues) => insertNotificationQuery(db, templateValues));
  const [row] = await prepared(db, query);
  return row;
}

/**
 * A new notification without a dedupe key (nothing can stop it being written): its id is made here,
 * so the row can wait for the transaction's next statement (database.ts's writeLater), with its
 * event and its delivery job.
 */
export async function insertNotificationLater(db: Db, notification: NewNotification, at: Date) {
  const values = { id: randomUUID(), ...notificationValues({ ...notification, dedupeKey: null, history: undefined }, at) };
  await writeLater(db, compiledOnce('notifications.insert.withId', values, (templateValues) => insertNotificationQuery(db, templateValues)));
  return { id: values.id, created_at: values.createdAt };
}

/** Newest first; the page after `cursor` by (created_at, id). */
export function listNotifications(db: Db, userId: string, options: { unreadOnly: boolean; limit: number; cursor: NotificationCursor | null }) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'type', 'title', 'message', 'read', 'related_id', 'created_at'])
    .where('user_id', '=', userId);
  if (options.unreadOnly) query = query.where('read', '=', false);
  const cursor = options.cursor;
  if (cursor) query = query.where(sql<boolean>`(created_at, id) < (${cursor.createdAt}, ${cursor.id}::uuid)`);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export function countUnread(db: Db, userId: string) {
  return countRows(db.selectFrom('notifications').where('user_id', '=', userId).where('read', '=', false));
}

export function findOwned(db: Db, userId: string, notificationId: string) {
  return db.selectFrom('notifications').select(['id', 'read']).where('id', '=', notificationId).where('user_id', '=', userId).executeTakeFirst();
}

/** Scoped to the owner: marking someone else's notification changes nothing. */
export function markRead(db: Db, userId: string, notificationId: string | null) {
  let query = db.updateTable('notifications').set({ read: true }).where('user_id', '=', userId).where('read', '=', false);
  if (notificationId) query = query.where('id', '=', notificationId);
  return query.returning('id').execute();
}

function forDeliveryQuery(db: Db, notificationId: string) {
  return db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .leftJoin('notification_preferences as np', 'np.user_id', 'notifications.user_id')
    .leftJoin('orders as o', 'o.id', 'notifications.related_id')
    .select([
      'notifications.id',
      'notifications.user_id',
      'notifications.type',
      'notifications.title',
      'notifications.message',
      'notifications.related_id',
      'notifications.read',
      'users.email',
      'users.full_name',
      'users.is_suspended',
      preferencesOfJoinedRow.as('preferences'),
      'o.owner_id as order_owner_id',
      'o.renter_id as order_renter_id',
      'o.status as order_status',
      sql<string[]>`(SELECT coalesce(json_agg(ps.id ORDER BY ps.id), '[]'::json) FROM push_subscriptions ps WHERE ps.user_id = notifications.user_id)`.as('device_ids'),
    ])
    .where('notifications.id', '=', notificationId);
}

/**
 * What delivering a notification needs, in one statement compiled once: the notification, its
 * person's address and switches under the API's names (null: no row, never changed, all on), the
 * order it names if it names one (for its link), and the person's devices (for the pushes). The
 * order is joined whatever the type; only order notices read it.
 */
export async function findForDelivery(db: Db, notificationId: string) {
  const [row] = await prepared(db, compiledOnce('notifications.forDelivery', { notificationId }, (values) => forDeliveryQuery(db, values.notificationId)));
  return row;
}

// ---- Preferences ----

const PREFERENCE_COLUMNS = {
  push: 'push',
  email: 'email',
  orders: 'orders',
  messages: 'messages',
  announcements: 'announcements',
  pickupReminders: 'pickup_reminders',
  returnReminders: 'return_reminders',
  staffPending: 'staff_pending',
} as const;

/** The switches of the row joined as `np` as one JSON object under the API's names; null without a row. */
const preferencesOfJoinedRow = sql<NotificationPreferences | null>`CASE WHEN np.user_id IS NULL THEN NULL ELSE json_build_object(${sql.join(
  Object.entries(PREFERENCE_COLUMNS).map(([key, column]) => sql`${sql.lit(key)}, ${sql.ref(`np.${column}`)}`),
)}) END`;

/** The user's switches, read under the API's names; a user who never changed one has no row (all on). */
export async function findPreferences(db: Db, userId: string): Promise<NotificationPreferences | null> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['push', 'email', 'orders', 'messages', 'announcements', 'pickup_reminders as pickupReminders', 'return_reminders as returnReminders', 'staff_pending as staffPending'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export async function setPreference(db: Db, userId: string, key: keyof NotificationPreferences, enabled: boolean, now: Date) {
  const column = PREFERENCE_COLUMNS[key];
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, [column]: enabled, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: enabled, updated_at: now }))
    .execute();
}

// ---- Web push ----

/** One row per device (endpoint): a device that changes hands moves to its new user. */
export async function upsertPushSubscription(db: Db, userId: string, subscription: PushSubscriptionInput, at: Date) {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, created_at: at })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }),
    )
    .execute();
}

export function deletePushSubscription(db: Db, userId: string, endpoint: string) {
  return db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

export function deletePushSubscriptionById(db: Db, id: string) {
  return db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function listPushSubscriptions(db: Db, userId: string) {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
}

/** The devices of all these people, one query (an announcement's pushes). */
export function listPushSubscriptionsOfUsers(db: Db, userIds: readonly string[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').select(['id', 'user_id']).where('user_id', 'in', userIds).execute();
}

export function findPushSubscription(db: Db, id: string) {
  return db.selectFrom('push_subscriptions').select(['id', 'user_id', 'endpoint', 'p256dh', 'auth']).where('id', '=', id).executeTakeFirst();
}

/** The deployment's VAPID keys: the first instance to ask creates them, every later read gets the same. */
export async function findOrCreateVapidKeys(db: Db, generate: () => { publicKey: string; privateKey: string }) {
  const existing = await db.selectFrom('vapid_keys').select(['public_key', 'private_key']).executeTakeFirst();
  if (existing) return { publicKey: existing.public_key, privateKey: existing.private_key };
  const fresh = generate();
  await db
    .insertInto('vapid_keys')
    .values({ public_key: fresh.publicKey, private_key: fresh.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('vapid_keys').select(['public_key', 'private_key']).executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** The read model of orders a notification's link needs: who is on each side and where the order stands now. */
export function findOrderSidesAndStatus(db: Db, ids: readonly string[]) {
  return db.selectFrom('orders').select(['id', 'owner_id', 'renter_id', 'status']).where('id', 'in', ids).execute();
}

// ---- Staff ----

/** Approved, active people holding any of these roles: who hears of a pending item. */
export async function listStaffIds(db: Db, roles: readonly ('admin' | 'moderator')[]): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.approval_status', '=', 'approved')
    .where('users.is_suspended', '=', false)
    .where((eb) => eb.exists(eb.selectFrom('user_roles').select('user_roles.role').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role', 'in', roles)))
    .orderBy('users.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Staff members due a digest at `now`: told of a pending item since their last digest
 * (or ever), none sent in the hour before `now`, still staff, and with both the e-mail
 * and the 'Pendências da administração' switches on.
 */
export function listDigestRecipients(db: Db, now: Date, types: readonly NotificationType[]) {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  return db
    .selectFrom('users as u')
    .leftJoin('staff_digests as d', 'd.user_id', 'u.id')
    .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.full_name'])
    .select((eb) => eb.exists(eb.selectFrom('user_roles as r').select('r.role').whereRef('r.user_id', '=', 'u.id').where('r.role', '=', 'admin')).as('is_admin'))
    .where('u.approval_status', '=', 'approved')
    .where('u.is_suspended', '=', false)
    .where(wantsDelivery('email', 'staff_pending'))
    .where((eb) => eb.or([eb('d.sent_at', 'is', null), eb('d.sent_at', '<=', hourAgo)]))
    .where((eb) => eb.exists(eb.selectFrom('user_roles as r').select('r.role').whereRef('r.user_id', '=', 'u.id').where('r.role', 'in', ['admin', 'moderator'])))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notifications as n')
          .select('n.id')
          .whereRef('n.user_id', '=', 'u.id')
          .where('n.type', 'in', types)
          .where(sql<boolean>`n.created_at > coalesce(d.sent_at, '-infinity'::timestamptz)`),
      ),
    )
    .orderBy('u.id')
    .execute();
}

/**
 * Takes the person's digest slot for the hour: true for exactly one caller, whatever the
 * instances, while the last digest is under an hour old (the row is locked by the upsert).
 */
export async function claimDigestSlot(db: Db, userId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insertInto('staff_digests')
    .values({ user_id: userId, sent_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ sent_at: (eb) => eb.ref('excluded.sent_at') })
        .where('staff_digests.sent_at', '<=', new Date(now.getTime() - 3_600_000)),
    )
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}
