import type { Db } from '../../db/database.ts';
import { ORDER_REQUEST_COLUMNS, ordersWithPeople, takesPart } from '../../db/order-reads.ts';

// The data export reads every table that holds something about one person, by
// named columns: secrets (password hash, session ids, reset tokens) never leave.

/** What the export adds to the profile: the shareable code, who invited, approval and change dates. */
export function findAccountExtras(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'invite_code',
      eb.selectFrom('users as inviter').select('inviter.full_name').whereRef('inviter.id', '=', 'users.invited_by').as('invited_by_name'),
      'approved_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function listRoles(db: Db, userId: string) {
  return db.selectFrom('user_roles').select(['role', 'created_at']).where('user_id', '=', userId).execute();
}

export function listSessions(db: Db, userId: string) {
  return db.selectFrom('sessions').select(['created_at', 'expires_at', 'ip', 'user_agent']).where('user_id', '=', userId).orderBy('created_at').execute();
}

export function listLoginAttempts(db: Db, email: string) {
  return db.selectFrom('login_attempts').select(['ip', 'succeeded', 'created_at']).where('email', '=', email).orderBy('created_at').execute();
}

export function listNotifications(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['type', 'title', 'message', 'read', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function listImages(db: Db, userId: string) {
  return db.selectFrom('images').select(['id', 'purpose', 'width', 'height', 'bytes', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}

export function listListings(db: Db, userId: string) {
  return db
    .selectFrom('listings')
    .select([
      'id',
      'type',
      'title',
      'description',
      'price_cents',
      'price_unit',
      'image_id',
      'tags',
      'delivery_options',
      'status',
      'rejection_reason',
      'published_at',
      'expires_at',
      'created_at',
      'updated_at',
      'deleted_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Orders the person made or received; the other side is named, not exposed. */
export function listOrders(db: Db, userId: string) {
  return ordersWithPeople(db)
    .select([
      'o.id',
      'l.title as listing_title',
      'w.full_name as owner_name',
      'r.full_name as requester_name',
      'o.status',
      'o.total_cents',
      ...ORDER_REQUEST_COLUMNS,
      'o.created_at',
      'o.completed_at',
    ])
    .where(takesPart(userId))
    .orderBy('o.created_at')
    .execute();
}

export function listReviews(db: Db, userId: string) {
  return db
    .selectFrom('reviews')
    .innerJoin('users as reviewer', 'reviewer.id', 'reviews.reviewer_id')
    .innerJoin('users as reviewee', 'reviewee.id', 'reviews.reviewee_id')
    .select([
      'reviews.order_id',
      'reviewer.full_name as reviewer_name',
      'reviewee.full_name as reviewee_name',
      'reviews.rating',
      'reviews.comment',
      'reviews.created_at',
    ])
    .where((eb) => eb.or([eb('reviews.reviewer_id', '=', userId), eb('reviews.reviewee_id', '=', userId)]))
    .orderBy('reviews.created_at')
    .execute();
}

/** Messages the person wrote or received in their orders' conversations. */
export function listMessages(db: Db, userId: string) {
  return db
    .selectFrom('order_messages')
    .select(['order_id', 'sender_id', 'recipient_id', 'body', 'created_at', 'read_at', 'reported_at', 'report_reason'])
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
    .orderBy('created_at')
    .execute();
}

export function listFavorites(db: Db, userId: string) {
  return db
    .selectFrom('favorites')
    .innerJoin('listings', 'listings.id', 'favorites.listing_id')
    .select(['favorites.listing_id', 'listings.title as listing_title', 'favorites.created_at'])
    .where('favorites.user_id', '=', userId)
    .orderBy('favorites.created_at')
    .execute();
}

export function listPixKeys(db: Db, userId: string) {
  return db.selectFrom('pix_keys').select(['key_type', 'key', 'updated_at']).where('user_id', '=', userId).execute();
}

export function listBillings(db: Db, userId: string) {
  return db
    .selectFrom('billings')
    .select(['id', 'amount_cents', 'status', 'due_date', 'auto_renewal', 'paid_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function listNotificationPreferences(db: Db, userId: string) {
  return db
    .selectFrom('notification_preferences')
    .select(['push', 'email', 'orders', 'messages', 'pickup_reminders', 'return_reminders', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
}

/** The devices that receive web push: the push service's address, never the encryption keys. */
export function listPushSubscriptions(db: Db, userId: string) {
  return db.selectFrom('push_subscriptions').select(['endpoint', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}
