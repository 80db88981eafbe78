import { type Kysely, sql } from 'kysely';
import { changeAllowed } from './lib/check-values.ts';

// Problems the administration settles: either person of an order opens one (a kind, a
// text, up to 5 photos), staff write in the order's thread (their messages carry the
// problem they answer and have no recipient: both people read them) and close it with
// a decision. One open problem per order. The kinds and the photo limit are copied
// from shared/src/orders/order-problem.schema.ts as they are today. Frozen in time:
// never import app code here.
const KINDS = ['damage', 'not_returned', 'not_delivered', 'not_as_described', 'other'];
const PHOTOS_MAX = 5;

/** The message goes between the order's two people (the check of 2026_12_14_0001, kept for their messages). */
const TWO_PEOPLE = sql.raw(`EXISTS (
  SELECT 1 FROM orders o
  WHERE o.id = NEW.order_id
    AND ((o.owner_id = NEW.sender_id AND o.renter_id = NEW.recipient_id)
      OR (o.renter_id = NEW.sender_id AND o.owner_id = NEW.recipient_id)))`);

const list = (values: string[]) => sql.join(values.map((value) => sql.lit(value)));

const IMAGE_PURPOSE = { table: 'images', constraint: 'images_purpose_check', column: 'purpose' };
const NOTIFICATION_TYPE = { table: 'notifications', constraint: 'notifications_type_check', column: 'type' };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_problems')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('opened_by', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('kind', 'text', (col) => col.notNull())
    // Null only once its writer's account was closed (LGPD).
    .addColumn('details', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('resolved_by', 'uuid', (col) => col.references('users.id').onDelete('restrict'))
    .addColumn('resolved_at', 'timestamptz')
    // Null only once one of the two people's account was closed (LGPD).
    .addColumn('decision', 'text')
    .addCheckConstraint('order_problems_kind_check', sql`kind IN (${list(KINDS)})`)
    .addCheckConstraint('order_problems_details_check', sql`length(btrim(details)) BETWEEN 1 AND 1000`)
    .addCheckConstraint('order_problems_decision_check', sql`length(btrim(decision)) BETWEEN 1 AND 1000`)
    .addCheckConstraint('order_problems_status_check', sql`status IN ('open', 'resolved')`)
    .addCheckConstraint(
      'order_problems_resolved_check',
      sql`(status = 'open' AND resolved_at IS NULL AND resolved_by IS NULL AND decision IS NULL) OR (status = 'resolved' AND resolved_at IS NOT NULL AND resolved_by IS NOT NULL)`,
    )
    .execute();
  // One open problem per order, whoever opens it and however many instances race.
  await sql`CREATE UNIQUE INDEX order_problems_one_open_key ON order_problems (order_id) WHERE status = 'open'`.execute(db);
  await db.schema.createIndex('order_problems_order_idx').on('order_problems').columns(['order_id', 'created_at']).execute();
  // /admin 'Problemas': the open ones, oldest first.
  await sql`CREATE INDEX order_problems_open_idx ON order_problems (created_at) WHERE status = 'open'`.execute(db);

  await db.schema
    .createTable('order_problem_photos')
    .addColumn('problem_id', 'uuid', (col) => col.notNull().references('order_problems.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    // The uploader's images go when their account is closed, and the photo with them.
    .addColumn('image_id', 'uuid', (col) => col.notNull().unique().references('images.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('order_problem_photos_pkey', ['problem_id', 'position'])
    .addCheckConstraint('order_problem_photos_position_check', sql`position >= 0 AND position < ${sql.lit(PHOTOS_MAX)}`)
    .execute();

  await changeAllowed(db, IMAGE_PURPOSE, 'problem', true);
  // Staff are told of a new problem by a notification of its own type ('Pendências da administração').
  await changeAllowed(db, NOTIFICATION_TYPE, 'pending_problem', true);

  // Staff answer a problem in the order's thread: such a message names the problem and has no recipient.
  await db.schema
    .alterTable('order_messages')
    .addColumn('problem_id', 'uuid', (col) => col.references('order_problems.id').onDelete('restrict'))
    .execute();
  await sql`ALTER TABLE order_messages ALTER COLUMN recipient_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE order_messages ADD CONSTRAINT order_messages_staff_check CHECK ((problem_id IS NULL) = (recipient_id IS NOT NULL))`.execute(db);
  await sql`CREATE INDEX order_messages_problem_idx ON order_messages (problem_id) WHERE problem_id IS NOT NULL`.execute(db);
  // The two people write to each other; anyone else only as staff (administrator or moderator) answering an open problem of this order.
  await sql`
    CREATE OR REPLACE FUNCTION order_messages_participants_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.problem_id IS NULL THEN
        IF NOT ${TWO_PEOPLE} THEN
          RAISE EXCEPTION 'sender and recipient must be the two people of the order'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'order_messages_participants_check';
        END IF;
      ELSIF NOT EXISTS (
        SELECT 1 FROM order_problems p
        WHERE p.id = NEW.problem_id AND p.order_id = NEW.order_id AND p.status = 'open'
          AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = NEW.sender_id AND r.role IN ('admin', 'moderator'))
      ) THEN
        RAISE EXCEPTION 'only staff write in a thread they are not part of, answering its open problem'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'order_messages_participants_check';
      END IF;
      RETURN NEW;
    END;
    $$`.execute(db);
  await sql`DROP TRIGGER order_messages_participants_check ON order_messages`.execute(db);
  await sql`
    CREATE TRIGGER order_messages_participants_check
    BEFORE INSERT OR UPDATE OF order_id, sender_id, recipient_id, problem_id ON order_messages
    FOR EACH ROW EXECUTE FUNCTION order_messages_participants_check()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM order_messages WHERE problem_id IS NOT NULL`.execute(db);
  await sql`DROP TRIGGER order_messages_participants_check ON order_messages`.execute(db);
  // Exactly as 2026_12_14_0001 wrote it.
  await sql`
    CREATE OR REPLACE FUNCTION order_messages_participants_check() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await sql`ALTER TABLE order_messages DROP CONSTRAINT order_messages_staff_check`.execute(db);
  await sql`ALTER TABLE order_messages ALTER COLUMN recipient_id SET NOT NULL`.execute(db);
  await db.schema.alterTable('order_messages').dropColumn('problem_id').execute();
  await db.schema.dropTable('order_problem_photos').execute();
  await sql`DELETE FROM images WHERE purpose = 'problem'`.execute(db);
  await changeAllowed(db, IMAGE_PURPOSE, 'problem', false);
  await sql`DELETE FROM notifications WHERE type = 'pending_problem'`.execute(db);
  await changeAllowed(db, NOTIFICATION_TYPE, 'pending_problem', false);
  await db.schema.dropTable('order_problems').execute();
}
