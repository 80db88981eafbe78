import { type Kysely, sql } from 'kysely';

// /mensagens read, for each conversation of its page, the thread's last message (a descent of the
// thread index and its row) and the unread count (the partial unread index): two of the five
// lookups a conversation cost, about 40% of the page's Postgres time. order_conversations now
// keeps both: the last message's id, sender and body, and how many messages of the thread the
// person has not read. The database keeps them, whoever writes messages: the insert trigger sets
// the last message and adds the new unread ones; an update trigger takes off those marked read
// and copies a changed body (erasure, a renamed person) where it is a conversation's last.
// Frozen in time: never import app code here.

const FOLLOW_INSERTS = `CREATE OR REPLACE FUNCTION order_conversations_follow() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    -- Each order's newest message of the statement, for both of its people, in one order of rows
    -- (so two statements lock shared rows in the same order); the last message moves only when
    -- newer, the unread count always grows by the statement's messages to that person. The counts
    -- are grouped once and joined: a subquery per row would read the statement's rows once per
    -- conversation (a bulk insert of 100,000 messages took minutes).
    INSERT INTO order_conversations AS c (order_id, person_id, last_created_at, last_seq, last_message_id, last_sender_id, last_body, unread)
    SELECT o.id, side.person_id, n.created_at, n.seq, n.id, n.sender_id, n.body, coalesce(u.unread, 0)
      FROM (SELECT DISTINCT ON (order_id) order_id, created_at, seq, id, sender_id, body FROM new_rows ORDER BY order_id, created_at DESC, seq DESC) n
      JOIN orders o ON o.id = n.order_id
      CROSS JOIN LATERAL (VALUES (o.renter_id), (o.owner_id)) AS side(person_id)
      LEFT JOIN (SELECT order_id, recipient_id, count(*)::int AS unread FROM new_rows
                  WHERE recipient_id IS NOT NULL AND read_at IS NULL GROUP BY order_id, recipient_id) u
        ON u.order_id = o.id AND u.recipient_id = side.person_id
     ORDER BY o.id, side.person_id
    ON CONFLICT (order_id, person_id) DO UPDATE SET
       last_created_at = CASE WHEN (excluded.last_created_at, excluded.last_seq) > (c.last_created_at, c.last_seq) THEN excluded.last_created_at ELSE c.last_created_at END,
       last_seq = CASE WHEN (excluded.last_created_at, excluded.last_seq) > (c.last_created_at, c.last_seq) THEN excluded.last_seq ELSE c.last_seq END,
       last_message_id = CASE WHEN (excluded.last_created_at, excluded.last_seq) > (c.last_created_at, c.last_seq) THEN excluded.last_message_id ELSE c.last_message_id END,
       last_sender_id = CASE WHEN (excluded.last_created_at, excluded.last_seq) > (c.last_created_at, c.last_seq) THEN excluded.last_sender_id ELSE c.last_sender_id END,
       last_body = CASE WHEN (excluded.last_created_at, excluded.last_seq) > (c.last_created_at, c.last_seq) THEN excluded.last_body ELSE c.last_body END,
       unread = c.unread + excluded.unread;
    RETURN NULL;
  END;
  $$`;

const FOLLOW_UPDATES = `CREATE FUNCTION order_conversations_follow_updates() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    -- Read marks: each (order, recipient) loses the messages marked read, gains any unmarked.
    UPDATE order_conversations c SET unread = c.unread - r.marked
      FROM (SELECT n.order_id, n.recipient_id, sum(CASE WHEN n.read_at IS NULL THEN -1 ELSE 1 END)::int AS marked
              FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.recipient_id IS NOT NULL AND (o.read_at IS NULL) <> (n.read_at IS NULL)
             GROUP BY n.order_id, n.recipient_id) r
     WHERE c.order_id = r.order_id AND c.person_id = r.recipient_id;
    -- Bodies: where a changed message is a conversation's last, its copy follows.
    UPDATE order_conversations c SET last_body = n.body
      FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.body IS DISTINCT FROM n.body
     WHERE c.order_id = n.order_id AND c.last_message_id = n.id;
    RETURN NULL;
  END;
  $$`;

// down() puts back 2027_02_12_0101's function as it was: copied, since a migration never reads another's text.
const FOLLOW_INSERTS_BEFORE = `CREATE OR REPLACE FUNCTION order_conversations_follow() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    -- Each order's newest message of the statement, for both of its people, in one order of
    -- rows (so two statements lock shared rows in the same order), kept only when newer.
    INSERT INTO order_conversations AS c (order_id, person_id, last_created_at, last_seq)
    SELECT o.id, side.person_id, n.created_at, n.seq
      FROM (SELECT DISTINCT ON (order_id) order_id, created_at, seq FROM new_rows ORDER BY order_id, created_at DESC, seq DESC) n
      JOIN orders o ON o.id = n.order_id
      CROSS JOIN LATERAL (VALUES (o.renter_id), (o.owner_id)) AS side(person_id)
     ORDER BY o.id, side.person_id
    ON CONFLICT (order_id, person_id) DO UPDATE SET last_created_at = excluded.last_created_at, last_seq = excluded.last_seq
     WHERE (excluded.last_created_at, excluded.last_seq) > (c.last_created_at, c.last_seq);
    RETURN NULL;
  END;
  $$`;

export async function up(db: Kysely<any>): Promise<void> {
  // Messages written while the columns fill would miss them: writers wait, readers go on.
  await sql`LOCK TABLE order_messages IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`
    ALTER TABLE order_conversations
      ADD COLUMN last_message_id uuid,
      ADD COLUMN last_sender_id uuid,
      ADD COLUMN last_body text,
      ADD COLUMN unread integer NOT NULL DEFAULT 0 CONSTRAINT order_conversations_unread_check CHECK (unread >= 0)`.execute(db);
  await sql`
    UPDATE order_conversations c SET last_message_id = m.id, last_sender_id = m.sender_id, last_body = m.body
      FROM order_messages m
     WHERE m.order_id = c.order_id AND m.created_at = c.last_created_at AND m.seq = c.last_seq`.execute(db);
  await sql`
    UPDATE order_conversations c SET unread = u.unread
      FROM (SELECT order_id, recipient_id, count(*)::int AS unread FROM order_messages
             WHERE recipient_id IS NOT NULL AND read_at IS NULL GROUP BY order_id, recipient_id) u
     WHERE c.order_id = u.order_id AND c.person_id = u.recipient_id`.execute(db);
  await sql`
    ALTER TABLE order_conversations
      ALTER COLUMN last_message_id SET NOT NULL,
      ALTER COLUMN last_sender_id SET NOT NULL,
      ALTER COLUMN last_body SET NOT NULL`.execute(db);
  await sql.raw(FOLLOW_INSERTS).execute(db);
  await sql.raw(FOLLOW_UPDATES).execute(db);
  await sql`
    CREATE TRIGGER order_conversations_follow_updates
    AFTER UPDATE ON order_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION order_conversations_follow_updates()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER order_conversations_follow_updates ON order_messages`.execute(db);
  await sql`DROP FUNCTION order_conversations_follow_updates()`.execute(db);
  await sql.raw(FOLLOW_INSERTS_BEFORE).execute(db);
  await sql`
    ALTER TABLE order_conversations
      DROP COLUMN last_message_id, DROP COLUMN last_sender_id, DROP COLUMN last_body, DROP COLUMN unread`.execute(db);
}
