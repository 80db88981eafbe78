import { NOTIFICATION_CREATED_KIND } from '@vizinhanca/shared/realtime/realtime-event';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ERASED_TEXTS } from '@vizinhanca/shared/privacy/privacy.schema';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { ORDER_REQUEST_COLUMNS, ordersWithListing, ordersWithPeople, takesPart } from '../../db/order-reads.ts';
import { invitedByName } from '../../db/residents.ts';
import { REVIEW_TEXT_COLUMNS, reviewsWithReviewer } from '../../db/review-reads.ts';

// The data export reads every table that holds something about one person, by
// named columns: secrets (password hash, session ids, reset tokens) never leave.

/** What the export adds to the profile: the shareable code, who invited, approval and change dates. */
export function findAccountExtras(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['invite_code', invitedByName, 'approved_at', 'updated_at', 'anonymized_at'])
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
    columns: ['order_id', 'sender_id', 'recipient_id', 'body', 'created_at', 'read_at'],
    ownedBy: ['sender_id', 'recipient_id'],
    orderBy: 'created_at',
  }),
  // 'Procura-se': what they looked for, deleted ones included.
  wantedRequests: owned({
    table: 'wanted_requests',
    columns: ['id', 'type', 'title', 'description', 'start_date', 'end_date', 'max_price_cents', 'status', 'renewals', 'expires_at', 'created_at', 'updated_at', 'found_at', 'deleted_at'],
    ownedBy: ['author_id'],
    orderBy: 'created_at',
  }),
  pixKeys: owned({ table: 'pix_keys', columns: ['key_type', 'key', 'updated_at'], ownedBy: ['user_id'] }),
  billings: owned({ table: 'billings', columns: ['id', 'amount_cents', 'status', 'due_date', 'auto_renewal', 'paid_at', 'created_at'], ownedBy: ['user_id'], orderBy: 'created_at' }),
  notificationPreferences: owned({
    table: 'notification_preferences',
    columns: ['push', 'email', 'orders', 'messages', 'pickup_reminders', 'return_reminders', 'staff_pending', 'updated_at'],
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
      'o.deposit_cents',
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

/**
 * Reports the person made: what they reported, why, in their words, and whether staff handled
 * it. Never the outcome: what was decided about someone else is not the reporter's data.
 */
export function listReportsMade(db: Db, userId: string) {
  return db
    .selectFrom('reports as rp')
    .innerJoin('users as person', 'person.id', 'rp.person_id')
    .leftJoin('listings as l', 'l.id', 'rp.listing_id')
    .select(['rp.id', 'rp.target_type', 'l.title as listing_title', 'person.full_name as person_name', 'rp.reason', 'rp.details', 'rp.created_at', 'rp.decided_at as handled_at'])
    .where('rp.reporter_id', '=', userId)
    .orderBy('rp.created_at')
    .execute();
}

/** The people the person blocked (who blocked them is not theirs to know). */
export function listBlocked(db: Db, userId: string) {
  return db
    .selectFrom('user_blocks as b')
    .innerJoin('users as blocked', 'blocked.id', 'b.blocked_id')
    .select(['blocked.full_name as blocked_name', 'b.created_at'])
    .where('b.blocker_id', '=', userId)
    .orderBy('b.created_at')
    .execute();
}

/** The ids of a record's photos in their order (the files are in `images` of whoever took them, while they are kept). */
const photoIds = (table: 'order_handover_photos' | 'deposit_settlement_photos' | 'order_problem_photos', where: RawBuilder<boolean>) =>
  sql<string[]>`COALESCE((SELECT array_agg(ph.image_id::text ORDER BY ph.position) FROM ${sql.table(table)} ph WHERE ${where}), '{}')`;

/** The condition of their rentals' items at the hand-over and the return: the owner's note and photos, the requester's confirmation. */
export function listHandoverConditions(db: Db, userId: string) {
  return ordersWithPeople(db)
    .innerJoin('order_handover_conditions as c', 'c.order_id', 'o.id')
    .select(['c.order_id', 'l.title as listing_title', 'w.full_name as owner_name', 'r.full_name as requester_name', 'c.stage', 'c.note', 'c.recorded_at', 'c.confirmed_at'])
    .select(photoIds('order_handover_photos', sql<boolean>`ph.order_id = c.order_id AND ph.stage = c.stage`).as('photo_ids'))
    .where(takesPart(userId))
    .orderBy('c.recorded_at')
    .execute();
}

/** The deposit records of their orders, as owner or requester: what was returned or retained, why, the photos, the answer and a contest's words. */
export function listDepositRecords(db: Db, userId: string) {
  return ordersWithPeople(db)
    .innerJoin('deposit_settlements as s', 's.order_id', 'o.id')
    .select(['s.order_id', 'l.title as listing_title', 'w.full_name as owner_name', 'r.full_name as requester_name'])
    .select(['s.deposit_cents', 's.outcome', 's.retained_cents', 's.reason', 's.settled_at', 's.answer', 's.answered_at', 's.contest_text'])
    .select(photoIds('deposit_settlement_photos', sql<boolean>`ph.order_id = s.order_id`).as('photo_ids'))
    .where(takesPart(userId))
    .orderBy('s.settled_at')
    .execute();
}

/** Problems on their orders (theirs or the other person's, as both read them on the order), with the photos and the decision. */
export function listProblems(db: Db, userId: string) {
  return ordersWithListing(db)
    .innerJoin('order_problems as p', 'p.order_id', 'o.id')
    .innerJoin('users as opener', 'opener.id', 'p.opened_by')
    .select(['p.id', 'p.order_id', 'l.title as listing_title', 'opener.full_name as opened_by_name', 'p.kind', 'p.details', 'p.status', 'p.decision', 'p.created_at', 'p.resolved_at'])
    .select(photoIds('order_problem_photos', sql<boolean>`ph.problem_id = p.id`).as('photo_ids'))
    .where(takesPart(userId))
    .orderBy('p.created_at')
    .execute();
}

/** The administration's messages in their orders' threads, answering a problem (the two people's own messages are in `messages`); never which staff member wrote. */
export function listProblemMessages(db: Db, userId: string) {
  return db
    .selectFrom('order_messages as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select(['m.problem_id', 'm.order_id', 'm.body', 'm.created_at', 'm.read_at'])
    .where('m.problem_id', 'is not', null)
    .where(takesPart(userId))
    .orderBy('m.created_at')
    .execute();
}

/** 'Eu tenho': the listings they offered for others' requests, and those offered for theirs. */
export function listWantedOffers(db: Db, userId: string) {
  return db
    .selectFrom('wanted_offers as f')
    .innerJoin('wanted_requests as q', 'q.id', 'f.request_id')
    .innerJoin('listings as l', 'l.id', 'f.listing_id')
    .innerJoin('users as offerer', 'offerer.id', 'f.offerer_id')
    .select(['f.request_id', 'q.title as request_title', 'l.title as listing_title', 'offerer.full_name as offerer_name', 'f.created_at'])
    .where((eb) => eb.or([eb('f.offerer_id', '=', userId), eb('q.author_id', '=', userId)]))
    .orderBy('f.created_at')
    .execute();
}

/** The sellers whose next batches they asked to hear of ('Avise-me das próximas fornadas'); who follows them is not theirs to know. */
export function listFornadaFollows(db: Db, userId: string) {
  return db
    .selectFrom('fornada_followers as f')
    .innerJoin('users as seller', 'seller.id', 'f.seller_id')
    .select(['seller.full_name as seller_name', 'f.created_at'])
    .where('f.follower_id', '=', userId)
    .orderBy('f.created_at')
    .execute();
}

// ---- Erasure (LGPD anonymisation), in the anonymising transaction ----

/** The person's own rows that mean nothing without them: deleted on anonymisation. */
const ERASED_ROWS = [
  { table: 'pix_keys', ownedBy: 'user_id' },
  { table: 'push_subscriptions', ownedBy: 'user_id' },
  { table: 'notification_preferences', ownedBy: 'user_id' },
  { table: 'staff_digests', ownedBy: 'user_id' },
  { table: 'notifications', ownedBy: 'user_id' },
  { table: 'login_devices', ownedBy: 'user_id' },
  { table: 'password_reset_tokens', ownedBy: 'user_id' },
  { table: 'sign_in_links', ownedBy: 'user_id' },
  { table: 'favorites', ownedBy: 'user_id' },
  // Blocks either way: they were between two people, one of whom is gone.
  { table: 'user_blocks', ownedBy: 'blocker_id' },
  { table: 'user_blocks', ownedBy: 'blocked_id' },
  { table: 'events', ownedBy: 'user_id' },
  // Following a seller's batches either way: a link to someone who is gone.
  { table: 'fornada_followers', ownedBy: 'follower_id' },
  { table: 'fornada_followers', ownedBy: 'seller_id' },
  // Invites they sent: other people's e-mail addresses.
  { table: 'invites', ownedBy: 'inviter_id' },
] as const satisfies readonly { table: keyof Database; ownedBy: string }[];

export async function deleteOwnedRows(db: Db, userId: string) {
  // Each device's login throttle is keyed by the device, which is about to go.
  const devices = await db.selectFrom('login_devices').select('token_hash').where('user_id', '=', userId).execute();
  if (devices.length) await db.deleteFrom('throttles').where('key', 'in', devices.map((device) => `login-device:${device.token_hash}`)).execute();
  for (const { table, ownedBy } of ERASED_ROWS) await (db as Kysely<any>).deleteFrom(table).where(ownedBy, '=', userId).execute();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What was kept by the address typed, not by the account: sign-in attempts and
 * throttles keyed by the e-mail or by an address the person signed in from.
 */
export async function deleteByEmail(db: Db, email: string) {
  const attempts = await db.selectFrom('login_attempts').select('ip').distinct().where('email', '=', email).execute();
  const keySuffixes = [email, ...attempts.map((attempt) => attempt.ip)].map((value) => `%:${escapeLike(value)}`);
  await db.deleteFrom('throttles').where((eb) => eb.or(keySuffixes.map((suffix) => eb('key', 'like', suffix)))).execute();
  await db.deleteFrom('login_attempts').where('email', '=', email).execute();
}

/** The invite that brought the person in was addressed to them: it now names the anonymised address. */
export function eraseAcceptedInvite(db: Db, userId: string, anonymisedEmail: string) {
  return db.updateTable('invites').set({ email: anonymisedEmail, apartment: null }).where('accepted_user_id', '=', userId).execute();
}

/** The listings stay (orders point to them) with nothing the person wrote: title, description, tags, a moderator's reason. */
export async function eraseListingTexts(db: Db, userId: string) {
  const rows = await db
    .updateTable('listings')
    .set({ title: ERASED_TEXTS.listingTitle, description: ERASED_TEXTS.listingDescription, tags: [], rejection_reason: null })
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Staff's notices that a sign-up or a listing of the person waits (and their live events):
 * the items are gone, and the notices named them.
 */
export async function deleteStaffNoticesAbout(db: Db, relatedIds: string[], staffTypes: readonly NotificationType[]) {
  await db.deleteFrom('notifications').where('type', 'in', staffTypes).where('related_id', 'in', relatedIds).execute();
  await db
    .deleteFrom('events')
    .where('kind', '=', NOTIFICATION_CREATED_KIND)
    .where(sql`payload->>'type'`, 'in', staffTypes)
    .where(sql`payload->>'relatedId'`, 'in', relatedIds)
    .execute();
}

/**
 * Staff's notices of reports about the person's listings quoted the listing's title: they
 * read the given text now (and so do their live events). The reports themselves stay open.
 */
export async function rewriteNoticesOfListingReports(db: Db, ownerId: string, notice: { type: NotificationType; title: string; message: string }) {
  const reports = await db.selectFrom('reports').select('id').where('person_id', '=', ownerId).where('target_type', '=', 'listing').execute();
  if (reports.length === 0) return;
  const reportIds = reports.map((report) => report.id);
  await db.updateTable('notifications').set({ title: notice.title, message: notice.message }).where('type', '=', notice.type).where('related_id', 'in', reportIds).execute();
  await db
    .updateTable('events')
    .set({ payload: sql<string>`payload || jsonb_build_object('title', ${notice.title}::text, 'message', ${notice.message}::text)` })
    .where('kind', '=', NOTIFICATION_CREATED_KIND)
    .where(sql`payload->>'type'`, '=', notice.type)
    .where(sql`payload->>'relatedId'`, 'in', reportIds)
    .execute();
}

/**
 * Orders stay, as 'Ex-morador''s, without what the person wrote in them: the request's
 * message and address, their cancellation reason (not the account closure's), their
 * rejection reason as owner. Returns the orders, and the reasons the other side's
 * notices quoted.
 */
export async function eraseOrderTexts(db: Db, userId: string, keptReasons: readonly string[]) {
  const written = await db
    .selectFrom('orders')
    .select(['cancellation_reason as reason'])
    .where('renter_id', '=', userId)
    .where('cancellation_reason', 'not in', keptReasons)
    .union(db.selectFrom('orders').select(['rejection_reason as reason']).where('owner_id', '=', userId).where('rejection_reason', 'is not', null))
    .execute();
  await db
    .updateTable('orders')
    .set({
      message: null,
      delivery_address: sql<string | null>`CASE WHEN delivery_method = 'delivery' THEN ${ERASED_TEXTS.deliveryAddress} END`,
    })
    .where('renter_id', '=', userId)
    .execute();
  await db.updateTable('orders').set({ cancellation_reason: null }).where('renter_id', '=', userId).where('cancellation_reason', 'not in', keptReasons).execute();
  await db.updateTable('orders').set({ rejection_reason: null }).where('owner_id', '=', userId).execute();
  const rows = await db.selectFrom('orders as o').select('o.id').where(takesPart(userId)).execute();
  return { orderIds: rows.map((row) => row.id), quotedReasons: written.map((row) => row.reason!) };
}

/** The notes she wrote on the condition of her rentals' items (her photos go with her uploads). */
export async function eraseHandoverNotes(db: Db, userId: string) {
  await db.updateTable('order_handover_conditions').set({ note: null }).where('recorded_by', '=', userId).execute();
}

/** The deposit records of their orders stay (what was retained, when) without their words: a retention reads 'Motivo removido', a contest has no text. */
export async function eraseDepositReasons(db: Db, userId: string) {
  await db
    .updateTable('deposit_settlements')
    .set({ reason: sql<string | null>`CASE WHEN outcome = 'retained' THEN ${ERASED_TEXTS.depositReason} END` })
    .where('settled_by', '=', userId)
    .execute();
  await db
    .updateTable('deposit_settlements')
    .set({ contest_text: null })
    .where('order_id', 'in', db.selectFrom('orders').select('id').where('renter_id', '=', userId))
    .execute();
}

/** Their messages read 'Mensagem removida' in the other person's conversation (their reports lose their words with the other reports). */
export async function eraseMessages(db: Db, userId: string) {
  await db.updateTable('order_messages').set({ body: ERASED_TEXTS.message }).where('sender_id', '=', userId).execute();
}

/** Reports stay (the administration's history) without words: none they wrote, none written about them. */
export async function eraseReportTexts(db: Db, userId: string) {
  await db.updateTable('reports').set({ details: null }).where('reporter_id', '=', userId).execute();
  await db.updateTable('reports').set({ details: null, decision_note: null }).where('person_id', '=', userId).execute();
}

/** Problems on their orders stay (the administration's history) without words: none they wrote, no decision about them. */
export async function eraseProblemTexts(db: Db, userId: string) {
  await db.updateTable('order_problems').set({ details: null }).where('opened_by', '=', userId).execute();
  await db
    .updateTable('order_problems')
    .set({ decision: null })
    .where('status', '=', 'resolved')
    .where('order_id', 'in', db.selectFrom('orders as o').select('o.id').where(takesPart(userId)))
    .execute();
}

/**
 * Texts that stay with other people (their notifications, messages, reviews and live
 * events) and named the person: the name becomes the new one. Events hold JSON, so
 * the name is matched as JSON writes it.
 */
export async function replaceNameInKeptTexts(db: Db, formerName: string, newName: string) {
  const containing = `%${escapeLike(formerName)}%`;
  await replaceInNotifications(db, formerName, newName, null);
  await db.updateTable('order_messages').set({ body: sql<string>`replace(body, ${formerName}, ${newName})` }).where('body', 'like', containing).execute();
  await db.updateTable('reviews').set({ comment: sql<string>`replace(comment, ${formerName}, ${newName})` }).where('comment', 'like', containing).execute();
  await replaceInEvents(db, formerName, newName, null);
}

/** The reasons the person wrote, quoted in the other side's notices of these orders: only there, so a short reason changes nothing else. */
export async function eraseQuotedTexts(db: Db, orderIds: string[], texts: string[], erased: string) {
  if (orderIds.length === 0) return;
  for (const text of texts) {
    await replaceInNotifications(db, text, erased, orderIds);
    await replaceInEvents(db, text, erased, orderIds);
  }
}

function replaceInNotifications(db: Db, former: string, replacement: string, relatedIds: string[] | null) {
  const containing = `%${escapeLike(former)}%`;
  let query = db
    .updateTable('notifications')
    .set({ title: sql<string>`replace(title, ${former}, ${replacement})`, message: sql<string>`replace(message, ${former}, ${replacement})` })
    .where((eb) => eb.or([eb('title', 'like', containing), eb('message', 'like', containing)]));
  if (relatedIds) query = query.where('related_id', 'in', relatedIds);
  return query.execute();
}

function replaceInEvents(db: Db, former: string, replacement: string, relatedIds: string[] | null) {
  const jsonFormer = JSON.stringify(former).slice(1, -1);
  const jsonReplacement = JSON.stringify(replacement).slice(1, -1);
  let query = db
    .updateTable('events')
    .set({ payload: sql<string>`replace(payload::text, ${jsonFormer}, ${jsonReplacement})::jsonb` })
    .where(sql`payload::text`, 'like', `%${escapeLike(jsonFormer)}%`);
  if (relatedIds) query = query.where(sql`payload->>'relatedId'`, 'in', relatedIds);
  return query.execute();
}
