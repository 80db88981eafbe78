import { type Kysely, sql } from 'kysely';

// A conversation per order, the owner's Pix key and 'Pago' on orders
// (decisions.md "Conversations and Pix"). Frozen in time: never import app code here
// (the limits below are copied from shared/src/messages and shared/src/pix as they were today).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_messages')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Insertion order: two messages of the same instant still read in the order they were written.
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('sender_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    // The other person of the order: unread counts read one index, no join.
    .addColumn('recipient_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    // Made by the sender's tab: a message re-sent after a dropped connection is stored once.
    .addColumn('client_id', 'uuid', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('reported_at', 'timestamptz')
    .addColumn('reported_by', 'uuid', (col) => col.references('users.id').onDelete('restrict'))
    .addColumn('report_reason', 'text')
    .addCheckConstraint('order_messages_body_check', sql`length(btrim(body)) BETWEEN 1 AND 2000`)
    .addCheckConstraint('order_messages_not_self_check', sql`sender_id <> recipient_id`)
    .addCheckConstraint('order_messages_report_check', sql`(reported_at IS NULL) = (reported_by IS NULL) AND (report_reason IS NULL OR reported_at IS NOT NULL)`)
    .addCheckConstraint('order_messages_report_reason_check', sql`length(report_reason) <= 500`)
    .addCheckConstraint('order_messages_reporter_check', sql`reported_by IS NULL OR reported_by = recipient_id`)
    .execute();
  await db.schema.createIndex('order_messages_client_id_key').on('order_messages').columns(['sender_id', 'client_id']).unique().execute();
  await db.schema.createIndex('order_messages_thread_idx').on('order_messages').columns(['order_id', 'created_at', 'seq']).execute();
  await db.schema.createIndex('order_messages_unread_idx').on('order_messages').columns(['recipient_id', 'order_id']).where(sql.ref('read_at'), 'is', null).execute();
  await db.schema.createIndex('order_messages_reported_idx').on('order_messages').column('reported_at').where(sql.ref('reported_at'), 'is not', null).execute();

  // Only the two people of the order write to each other in its thread, whatever the caller.
  await sql`
    CREATE FUNCTION order_messages_participants_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (
        SELECT 1 FROM orders o
        WHERE o.id = NEW.order_id
          AND ((o.owner_id = NEW.sender_id AND o.renter_id = NEW.recipient_id)
            OR (o.renter_id = NEW.sender_id AND o.owner_id = NEW.recipient_id))
      ) THEN
        RAISE EXCEPTION 'sender and recipient must be the two people of the order'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'order_messages_participants_check';
      END IF;
      RETURN NEW;
    END;
    $$`.execute(db);
  await sql`
    CREATE TRIGGER order_messages_participants_check
    BEFORE INSERT OR UPDATE OF order_id, sender_id, recipient_id ON order_messages
    FOR EACH ROW EXECUTE FUNCTION order_messages_participants_check()`.execute(db);

  await db.schema
    .createTable('pix_keys')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('key_type', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'pix_keys_key_check',
      sql`(key_type = 'cpf' AND key ~ '^[0-9]{11}$')
        OR (key_type = 'phone' AND key ~ '^\\+55[1-9]{2}[0-9]{8,9}$')
        OR (key_type = 'email' AND length(key) <= 77 AND key ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$' AND key = lower(key))
        OR (key_type = 'random' AND key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')`,
    )
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('paid_by', 'uuid', (col) => col.references('users.id').onDelete('restrict'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addCheckConstraint(
      'orders_paid_check',
      sql`(paid_at IS NULL) = (paid_by IS NULL) AND (paid_at IS NULL OR (approved_at IS NOT NULL AND paid_by IN (owner_id, renter_id)))`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropConstraint('orders_paid_check').execute();
  await db.schema.alterTable('orders').dropColumn('paid_by').dropColumn('paid_at').execute();
  await db.schema.dropTable('pix_keys').execute();
  await sql`DROP TRIGGER order_messages_participants_check ON order_messages`.execute(db);
  await sql`DROP FUNCTION order_messages_participants_check()`.execute(db);
  await db.schema.dropTable('order_messages').execute();
}
