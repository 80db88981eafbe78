import { type Kysely, sql } from 'kysely';

// /mensagens read every order of the person and each one's last message (a lookup per order)
// to sort them, for a page of 20: about 3 ms of Postgres for someone with 200 conversations.
// order_conversations keeps, per order with messages and per each of its two people, where
// its last message sits in the thread's order (created_at, seq); one index gives a person's
// conversations in the inbox's order, so a page reads its 20 rows. The database keeps it: a
// trigger on every insert of messages, whoever inserts them. Messages are never deleted, and
// their order, time and seq never change (the app updates only bodies and read marks), so
// inserts are all it follows. Frozen in time: never import app code here.

const FOLLOW_FUNCTION = `CREATE FUNCTION order_conversations_follow() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await db.schema
    .createTable('order_conversations')
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    // The renter or the owner of the order: each reads the conversation in their own /mensagens.
    .addColumn('person_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seq', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_conversations_pkey', ['order_id', 'person_id'])
    .execute();
  await sql`CREATE INDEX order_conversations_inbox_idx ON order_conversations (person_id, last_created_at DESC, last_seq DESC)`.execute(db);

  await sql`
    INSERT INTO order_conversations (order_id, person_id, last_created_at, last_seq)
    SELECT o.id, side.person_id, n.created_at, n.seq
      FROM (SELECT DISTINCT ON (order_id) order_id, created_at, seq FROM order_messages ORDER BY order_id, created_at DESC, seq DESC) n
      JOIN orders o ON o.id = n.order_id
      CROSS JOIN LATERAL (VALUES (o.renter_id), (o.owner_id)) AS side(person_id)`.execute(db);

  await sql.raw(FOLLOW_FUNCTION).execute(db);
  await sql`
    CREATE TRIGGER order_conversations_follow
    AFTER INSERT ON order_messages REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION order_conversations_follow()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER order_conversations_follow ON order_messages`.execute(db);
  await sql`DROP FUNCTION order_conversations_follow()`.execute(db);
  await db.schema.dropTable('order_conversations').execute();
}
