import { sql } from 'kysely';
import { countRows } from '../../db/count.ts';
import { prepared, type Db } from '../../db/database.ts';
import { BOTH_PEOPLE_COLUMNS, ordersWithPeople } from '../../db/order-reads.ts';
import { activeStaffIds } from '../../realtime/published-events.repository.ts';

export interface NewMessage {
  orderId: string;
  senderId: string;
  recipientId: string;
  clientId: string;
  body: string;
  createdAt: Date;
  /** Only a message written with a past (the demo seed) is read already. */
  readAt?: Date | null;
}

/**
 * Stores the message once per (sender, clientId): a tab that sends again after a
 * dropped connection gets the first row back. `created` says whether this call wrote it.
 */
export async function insertOnce(db: Db, message: NewMessage) {
  const inserted = await db
    .insertInto('order_messages')
    .values({
      order_id: message.orderId,
      sender_id: message.senderId,
      recipient_id: message.recipientId,
      client_id: message.clientId,
      body: message.body,
      created_at: message.createdAt,
      read_at: message.readAt ?? null,
    })
    .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
    .returning(['id', 'order_id', 'client_id', 'created_at'])
    .executeTakeFirst();
  if (inserted) return { ...inserted, created: true };
  return { ...(await findSent(db, message.senderId, message.clientId)), created: false };
}

/** The message a sender stored with this clientId (a retry's first attempt). */
export function findSent(db: Db, senderId: string, clientId: string) {
  return db
    .selectFrom('order_messages')
    .select(['id', 'order_id', 'client_id', 'created_at'])
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
}

/** What `sendToOrder` answers: the order as its sender sees it, and the message if this call stored it. */
export interface SendRow {
  id: string;
  renter_id: string;
  owner_id: string;
  completed_at: Date | null;
  rejected_at: Date | null;
  cancelled_at: Date | null;
  /** null: nothing stored (the sender already stored a message with this clientId). */
  message_id: string | null;
  message_order_id: string | null;
  message_client_id: string | null;
  message_created_at: Date | null;
}

/**
 * A chat message in one statement (one round trip, the send's hot path): the order,
 * only if the sender takes part in it (no row otherwise, and nothing written); the
 * message to the other person, stored once per (sender, clientId); and, only when this
 * statement stored it, `event` for both people, requester first (its payloads already
 * checked against the realtime contract: realtime/event-content.ts, eventPayloadText). The recipient
 * gets `recipientPayloadText` (the toast) while their 'mensagens' switch is on (no row:
 * on), the sender and a recipient who switched it off get `payloadText`. While the order
 * has an open problem, every active staff member gets `staffEvent` too (their open thread
 * in /admin 'Problemas' reloads). Whether the thread is still open is the caller's to decide
 * from the order's dates, in the same transaction (a refusal rolls the message and the events back).
 */
export async function sendToOrder(
  db: Db,
  message: { orderId: string; senderId: string; clientId: string; body: string; createdAt: Date },
  event: { kind: string; payloadText: string; recipientPayloadText: string; staffEvent: { kind: string; payloadText: string } },
): Promise<SendRow | undefined> {
  const query = sql<SendRow>`
    WITH o AS (
      SELECT id, renter_id, owner_id, completed_at, rejected_at, cancelled_at
        FROM orders
       WHERE id = ${message.orderId}::uuid AND (renter_id = ${message.senderId}::uuid OR owner_id = ${message.senderId}::uuid)
    ), m AS (
      INSERT INTO order_messages (order_id, sender_id, recipient_id, client_id, body, created_at)
      SELECT o.id, ${message.senderId}::uuid, CASE WHEN o.renter_id = ${message.senderId}::uuid THEN o.owner_id ELSE o.renter_id END,
             ${message.clientId}::uuid, ${message.body}::text, ${message.createdAt}::timestamptz
        FROM o
      ON CONFLICT (sender_id, client_id) DO NOTHING
      RETURNING id, order_id, client_id, created_at
    ), e AS (
      INSERT INTO events (user_id, kind, payload)
      SELECT people.user_id, ${event.kind}::text,
             CASE WHEN people.user_id <> ${message.senderId}::uuid AND COALESCE(p.messages, true)
                  THEN ${event.recipientPayloadText}::jsonb ELSE ${event.payloadText}::jsonb END
        FROM o CROSS JOIN m CROSS JOIN LATERAL (VALUES (1, o.renter_id), (2, o.owner_id)) AS people(place, user_id)
        LEFT JOIN notification_preferences p ON p.user_id = people.user_id
       ORDER BY people.place
    ), s AS (
      INSERT INTO events (user_id, kind, payload)
      SELECT staff.user_id, ${event.staffEvent.kind}::text, ${event.staffEvent.payloadText}::jsonb
        FROM m CROSS JOIN (${activeStaffIds}) staff
       WHERE EXISTS (SELECT 1 FROM order_problems op WHERE op.order_id = m.order_id AND op.status = 'open')
    )
    SELECT o.*, m.id AS message_id, m.order_id AS message_order_id, m.client_id AS message_client_id, m.created_at AS message_created_at
      FROM o LEFT JOIN m ON true`;
  const [row] = await prepared(db, { compile: () => query.compile(db) });
  return row;
}

/** One row of /mensagens: the order's end (read-only after 30 days), the other person, the listing, the last message, the unread count. */
export interface InboxRow {
  order_id: string;
  completed_at: Date | null;
  rejected_at: Date | null;
  cancelled_at: Date | null;
  counterpart_id: string;
  counterpart_full_name: string;
  counterpart_avatar_url: string | null;
  listing_title: string;
  listing_image_id: string | null;
  listing_deleted_at: Date | null;
  last_id: string;
  last_body: string;
  last_mine: boolean;
  last_created_at: Date;
  unread: number;
}

/**
 * A page of the person's conversations (their orders, either side, with at least one message),
 * the most recently active first; with someone blocked either way, only those of orders still
 * open (they run to their end). In one statement: the person's conversations in that order from
 * order_conversations' index (the database keeps there where each thread's last message sits,
 * that message and the person's unread count), read until the page is full, so a page costs its
 * own rows whatever the person's number of conversations; for those rows only, the order, the
 * listing and the other person.
 * Keyset on the last message (created_at, seq), after `cursor`, one of the person's own messages
 * (anyone else's reads as no cursor). Fetches limit + 1 rows: the extra one says a next page exists.
 */
export async function listInbox(db: Db, userId: string, page: { cursor: string | null; limit: number; previewLength: number }): Promise<InboxRow[]> {
  const counterpart = sql`CASE WHEN o.renter_id = ${userId}::uuid THEN o.owner_id ELSE o.renter_id END`;
  const query = sql<InboxRow>`
    WITH after AS (
      SELECT created_at, seq FROM order_messages
       WHERE id = ${page.cursor}::uuid AND (sender_id = ${userId}::uuid OR recipient_id = ${userId}::uuid)
    ), latest AS (
      SELECT o.id, o.listing_id, o.completed_at, o.rejected_at, o.cancelled_at,
             ${counterpart} AS counterpart_id,
             c.last_created_at, c.last_seq, c.last_message_id, c.last_sender_id, c.last_body, c.unread
        FROM order_conversations c
        JOIN orders o ON o.id = c.order_id
       WHERE c.person_id = ${userId}::uuid
         AND (NOT EXISTS (SELECT 1 FROM after) OR (c.last_created_at, c.last_seq) < (SELECT created_at, seq FROM after))
         AND ((o.completed_at IS NULL AND o.rejected_at IS NULL AND o.cancelled_at IS NULL)
              OR NOT EXISTS (SELECT 1 FROM user_blocks b
                              WHERE (b.blocker_id = ${userId}::uuid AND b.blocked_id = ${counterpart})
                                 OR (b.blocker_id = ${counterpart} AND b.blocked_id = ${userId}::uuid)))
       ORDER BY c.last_created_at DESC, c.last_seq DESC
       LIMIT ${page.limit + 1}::int
    )
    SELECT latest.id AS order_id, latest.completed_at, latest.rejected_at, latest.cancelled_at,
           cp.id AS counterpart_id, cp.full_name AS counterpart_full_name, cp.avatar_url AS counterpart_avatar_url,
           l.title AS listing_title, l.image_id AS listing_image_id, l.deleted_at AS listing_deleted_at,
           latest.last_message_id AS last_id, left(latest.last_body, ${page.previewLength}::int) AS last_body,
           latest.last_sender_id = ${userId}::uuid AS last_mine, latest.last_created_at, latest.unread
      FROM latest
      JOIN listings l ON l.id = latest.listing_id
      JOIN users cp ON cp.id = latest.counterpart_id
     ORDER BY latest.last_created_at DESC, latest.last_seq DESC`;
  return prepared(db, { compile: () => query.compile(db) });
}

/**
 * The newest messages of a thread, oldest first, with their authors' names and whether
 * `reportedBy` reported each one (anyone, when null: staff reading a reported thread).
 */
export async function listThread(db: Db, orderId: string, options: { limit: number; reportedBy: string | null }) {
  const { limit, reportedBy } = options;
  const rows = await db
    .selectFrom('order_messages as m')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .select(['m.id', 'm.client_id', 'm.sender_id', 'm.body', 'm.created_at', 'm.read_at', 'm.problem_id', 's.full_name as sender_full_name'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('reports as r')
            .select('r.id')
            .whereRef('r.message_id', '=', 'm.id')
            .$if(reportedBy !== null, (query) => query.where('r.reporter_id', '=', reportedBy!)),
        )
        .$castTo<boolean>()
        .as('reported'),
    )
    .where('m.order_id', '=', orderId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/**
 * A staff message answering a problem of the order: no recipient (both people read it),
 * stored once per (sender, clientId). The database refuses it unless the sender is staff
 * and the problem is open on this order (order_messages_participants_check).
 */
export async function insertStaffMessage(db: Db, message: { orderId: string; problemId: string; senderId: string; clientId: string; body: string; createdAt: Date }) {
  const inserted = await db
    .insertInto('order_messages')
    .values({
      order_id: message.orderId,
      problem_id: message.problemId,
      sender_id: message.senderId,
      recipient_id: null,
      client_id: message.clientId,
      body: message.body,
      created_at: message.createdAt,
    })
    .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return inserted ?? null;
}

/** The recipient opened the thread: what they had not read is read now. Returns how many changed. */
export async function markRead(db: Db, orderId: string, recipientId: string, at: Date): Promise<number> {
  const rows = await db
    .updateTable('order_messages')
    .set({ read_at: at })
    .where('order_id', '=', orderId)
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Unread messages per order for this person (served by the partial unread index), as /mensagens
 * lists them: from someone blocked either way, only those of orders still open.
 */
export function unreadByOrder(db: Db, userId: string) {
  return db
    .selectFrom('order_messages as m')
    .select(['m.order_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('m.recipient_id', '=', userId)
    .where('m.read_at', 'is', null)
    .where(
      sql<boolean>`(NOT EXISTS (SELECT 1 FROM user_blocks b
                                 WHERE (b.blocker_id = ${userId}::uuid AND b.blocked_id = m.sender_id)
                                    OR (b.blocker_id = m.sender_id AND b.blocked_id = ${userId}::uuid))
                    OR EXISTS (SELECT 1 FROM orders o
                                WHERE o.id = m.order_id AND o.completed_at IS NULL AND o.rejected_at IS NULL AND o.cancelled_at IS NULL))`,
    )
    .groupBy('m.order_id')
    .execute();
}

/** A message about to be reported, locked: its order and its two people. */
export function findForReport(db: Db, id: string) {
  return db
    .selectFrom('order_messages as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .innerJoin('listings as l', 'l.id', 'o.listing_id')
    .select(['m.id', 'm.order_id', 'm.sender_id', 'm.recipient_id', 'l.title as listing_title'])
    .where('m.id', '=', id)
    .forUpdate('m')
    .executeTakeFirst();
}

/** An order with its listing's title and both people, as the administration reads them. */
function orderWithPeople(db: Db) {
  return ordersWithPeople(db)
    .select(['o.id as order_id', 'l.title as listing_title', 'o.renter_id', 'o.owner_id'])
    .select(BOTH_PEOPLE_COLUMNS);
}

/** A thread staff may read (one of its messages was reported): the order and both people; undefined otherwise. */
export function findReportedThread(db: Db, orderId: string) {
  return orderWithPeople(db)
    .where('o.id', '=', orderId)
    .where(sql<boolean>`EXISTS (SELECT 1 FROM reports r JOIN order_messages rm ON rm.id = r.message_id WHERE rm.order_id = o.id)`)
    .executeTakeFirst();
}

/** A message with what its e-mail and push need: both names, the recipient's address, the listing's title. */
export function findForDelivery(db: Db, id: string) {
  return db
    .selectFrom('order_messages as m')
    .where('m.id', '=', id)
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .innerJoin('listings as l', 'l.id', 'o.listing_id')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .innerJoin('users as r', 'r.id', 'm.recipient_id')
    .select(['m.id', 'm.seq', 'm.order_id', 'm.body', 'm.read_at', 'm.recipient_id', 'l.title as listing_title'])
    .select(['s.full_name as sender_full_name', 'r.full_name as recipient_full_name', 'r.email as recipient_email', 'r.is_suspended as recipient_suspended'])
    .$narrowType<{ recipient_id: string }>()
    .executeTakeFirst();
}

/** The recipient's unread messages of one thread (served by the partial unread index). */
function unreadInThread(db: Db, orderId: string, recipientId: string) {
  return db.selectFrom('order_messages').where('order_id', '=', orderId).where('recipient_id', '=', recipientId).where('read_at', 'is', null);
}

/** Whether the recipient had an unread message of this thread before this one (its e-mail is already on the way). */
export async function hasEarlierUnread(db: Db, message: { order_id: string; recipient_id: string; seq: string }): Promise<boolean> {
  const row = await unreadInThread(db, message.order_id, message.recipient_id).select('id').where('seq', '<', message.seq).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The recipient's unread messages of a thread, the newest `limit`, oldest first. */
export async function listUnread(db: Db, orderId: string, recipientId: string, limit: number) {
  const rows = await unreadInThread(db, orderId, recipientId).select(['id', 'body', 'created_at']).orderBy('seq', 'desc').limit(limit).execute();
  return rows.reverse();
}

/** How many messages of a thread the recipient has not read. */
export function countUnread(db: Db, orderId: string, recipientId: string): Promise<number> {
  return countRows(unreadInThread(db, orderId, recipientId));
}
