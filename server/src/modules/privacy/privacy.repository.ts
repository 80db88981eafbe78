import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { ORDER_REQUEST_COLUMNS, ordersWithPeople, takesPart } from '../../db/order-reads.ts';
import { invitedByName } from '../../db/residents.ts';
import { REVIEW_TEXT_COLUMNS, reviewsWithReviewer } from '../../db/review-reads.ts';

// The data export reads every table that holds something about one person, by
// named columns: secrets (password hash, session ids, reset tokens) never leave.

/** What the export adds to the profile: the shareable code, who invited, approval and change dates. */
export function findAccountExtras(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['invite_code', invitedByName, 'approved_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A table whose rows belong to one person through one column: what the export copies of them, and in which order. */
interface OwnedRows<T extends keyof Database> {
  table: T;
  columns: readonly (keyof Database[T] & string)[];
  /** The columns that name the person, any of them (a message is its sender's and its recipient's): their id, or their e-mail for login attempts (kept by the address typed). */
  ownedBy: readonly (keyof Database[T] & string)[];
  orderBy?: keyof Database[T] & string;
}

/** Checks each entry's column names against its own table. */
function owned<T extends keyof Database>(rows: OwnedRows<T>): OwnedRows<T> {
  return rows;
}

/** The person's own rows, table by table (what takes a join is a query of its own below). */
const OWNED_ROWS = {
  roles: owned({ table: 'user_roles', columns: ['role', 'created_at'], ownedBy: ['user_id'] }),
  sessions: owned({ table: 'sessions', columns: ['created_at', 'expires_at', 'ip', 'user_agent'], ownedBy: ['user_id'], orderBy: 'created_at' }),
  loginAttempts: owned({ table: 'login_attempts', columns: ['ip', 'succeeded', 'created_at'], ownedBy: ['email'], orderBy: 'created_at' }),
  notifications: owned({ table: 'notifications', columns: ['type', 'title', 'message', 'read', 'created_at'], ownedBy: ['user_id'], orderBy: 'created_at' }),
  images: owned({ table: 'images', columns: ['id', 'purpose', 'width', 'height', 'bytes', 'created_at'], ownedBy: ['user_id'], orderBy: 'created_at' }),
  listings: owned({
    table: 'listings',
    columns: [
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
    ],
    ownedBy: ['user_id'],
    orderBy: 'created_at',
  }),
  // Messages the person wrote or received in their orders' conversations.
  messages: owned({
    table: 'order_messages',
    columns: ['order_id', 'sender_id', 'recipient_id', 'body', 'created_at', 'read_at', 'reported_at', 'report_reason'],
    ownedBy: ['sender_id', 'recipient_id'],
    orderBy: 'created_at',
  }),
  pixKeys: owned({ table: 'pix_keys', columns: ['key_type', 'key', 'updated_at'], ownedBy: ['user_id'] }),
  billings: owned({ table: 'billings', columns: ['id', 'amount_cents', 'status', 'due_date', 'auto_renewal', 'paid_at', 'created_at'], ownedBy: ['user_id'], orderBy: 'created_at' }),
  notificationPreferences: owned({
    table: 'notification_preferences',
    columns: ['push', 'email', 'orders', 'messages', 'pickup_reminders', 'return_reminders', 'updated_at'],
    ownedBy: ['user_id'],
  }),
  // The devices that receive web push: the push service's address, never the encryption keys.
  pushSubscriptions: owned({ table: 'push_subscriptions', columns: ['endpoint', 'created_at'], ownedBy: ['user_id'], orderBy: 'created_at' }),
};

export type OwnedRowsKey = keyof typeof OWNED_ROWS;

/** One entry of OWNED_ROWS once its names were checked against the schema there: the query is built from them by name. */
interface NamedRows {
  table: keyof Database;
  columns: readonly string[];
  ownedBy: readonly string[];
  orderBy?: string;
}

function listOwned(db: Db, rows: NamedRows, person: { id: string; email: string }) {
  let query = (db as Kysely<any>)
    .selectFrom(rows.table)
    .select(rows.columns)
    .where((eb) => eb.or(rows.ownedBy.map((column) => eb(column, '=', column === 'email' ? person.email : person.id))));
  if (rows.orderBy) query = query.orderBy(rows.orderBy);
  return query.execute() as Promise<Record<string, unknown>[]>;
}

/** Every table of OWNED_ROWS for this person, under the same keys. */
export async function listOwnedRows(db: Db, person: { id: string; email: string }): Promise<Record<OwnedRowsKey, Record<string, unknown>[]>> {
  const tables = Object.entries(OWNED_ROWS) as [OwnedRowsKey, NamedRows][];
  const lists = await Promise.all(tables.map(([, rows]) => listOwned(db, rows, person)));
  return Object.fromEntries(tables.map(([key], index) => [key, lists[index]])) as Record<OwnedRowsKey, Record<string, unknown>[]>;
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
  return reviewsWithReviewer(db)
    .innerJoin('users as reviewee', 'reviewee.id', 'rv.reviewee_id')
    .select(['rv.order_id', 'reviewer.full_name as reviewer_name', 'reviewee.full_name as reviewee_name', ...REVIEW_TEXT_COLUMNS])
    .where((eb) => eb.or([eb('rv.reviewer_id', '=', userId), eb('rv.reviewee_id', '=', userId)]))
    .orderBy('rv.created_at')
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
