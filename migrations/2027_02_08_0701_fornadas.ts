import { type Kysely, sql } from 'kysely';
import { allowedValues, setAllowedValues } from './lib/check-values.ts';

// Fornadas: a batch of a food listing on a day, with a pickup (or delivery) window, a
// number of portions and an order deadline. A reservation is an order of the listing that
// points at its batch; the batch's `remaining` never goes below zero whatever the
// concurrency: the insert of a reservation takes its portions in the same statement (a
// trigger with a conditional UPDATE), and refuses it once sold out or past the deadline.
// A cancelled or rejected reservation gives its portions back. Residents follow a seller
// to hear of the next batches. Frozen in time: never import app code here.

const NEW_TYPES = ['fornada_opened', 'fornada_closed'];
const NOTIFICATION_TYPE = { table: 'notifications', constraint: 'notifications_type_check', column: 'type' };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fornadas')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('listing_id', 'uuid', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('seller_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The condominium's calendar day of the batch, and its window as instants.
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('order_deadline', 'timestamptz', (col) => col.notNull())
    .addColumn('portions', 'smallint', (col) => col.notNull())
    .addColumn('remaining', 'smallint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // Set by the closing job at the deadline (reservations stop at the deadline whether or not it ran).
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint('fornadas_portions_check', sql`portions BETWEEN 1 AND 999`)
    .addCheckConstraint('fornadas_remaining_check', sql`remaining BETWEEN 0 AND portions`)
    .addCheckConstraint('fornadas_window_check', sql`ends_at > starts_at`)
    .addCheckConstraint('fornadas_deadline_check', sql`order_deadline <= starts_at`)
    .addUniqueConstraint('fornadas_listing_day_key', ['listing_id', 'day'])
    .execute();
  await db.schema.createIndex('fornadas_open_idx').on('fornadas').columns(['order_deadline']).where(sql.ref('closed_at'), 'is', null).execute();
  await db.schema.createIndex('fornadas_day_idx').on('fornadas').columns(['day']).execute();

  await db.schema.alterTable('orders').addColumn('fornada_id', 'uuid', (col) => col.references('fornadas.id').onDelete('set null')).execute();
  await db.schema.createIndex('orders_fornada_idx').on('orders').columns(['fornada_id']).where(sql.ref('fornada_id'), 'is not', null).execute();

  // A reservation takes its portions when it is written, or is refused: never more than the batch has.
  await sql`
    CREATE FUNCTION orders_take_fornada_portions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE fornadas SET remaining = remaining - NEW.quantity
       WHERE id = NEW.fornada_id AND listing_id = NEW.listing_id AND closed_at IS NULL
         AND order_deadline > NEW.created_at AND remaining >= NEW.quantity;
      IF FOUND THEN
        RETURN NEW;
      END IF;
      IF EXISTS (SELECT 1 FROM fornadas WHERE id = NEW.fornada_id AND listing_id = NEW.listing_id AND closed_at IS NULL AND order_deadline > NEW.created_at) THEN
        RAISE EXCEPTION 'not enough portions left' USING ERRCODE = 'check_violation', CONSTRAINT = 'fornadas_sold_out';
      END IF;
      RAISE EXCEPTION 'the batch is closed' USING ERRCODE = 'check_violation', CONSTRAINT = 'fornadas_closed';
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER orders_take_fornada_portions BEFORE INSERT ON orders
    FOR EACH ROW WHEN (NEW.fornada_id IS NOT NULL) EXECUTE FUNCTION orders_take_fornada_portions()
  `.execute(db);
  // A reservation that ends without being handed over gives its portions back.
  await sql`
    CREATE FUNCTION orders_return_fornada_portions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE fornadas SET remaining = remaining + OLD.quantity WHERE id = OLD.fornada_id;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER orders_return_fornada_portions AFTER UPDATE OF status ON orders
    FOR EACH ROW WHEN (OLD.fornada_id IS NOT NULL AND OLD.status IN ('pending', 'approved') AND NEW.status IN ('cancelled', 'rejected'))
    EXECUTE FUNCTION orders_return_fornada_portions()
  `.execute(db);
  // Reservations of a batch are not moved to another one.
  await sql`
    CREATE FUNCTION orders_keep_fornada() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'a reservation stays in its batch' USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_fornada_fixed';
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER orders_keep_fornada BEFORE UPDATE OF fornada_id, quantity ON orders
    FOR EACH ROW WHEN (OLD.fornada_id IS NOT NULL AND NEW.fornada_id IS NOT NULL AND (OLD.fornada_id, OLD.quantity) IS DISTINCT FROM (NEW.fornada_id, NEW.quantity))
    EXECUTE FUNCTION orders_keep_fornada()
  `.execute(db);

  await db.schema
    .createTable('fornada_followers')
    .addColumn('seller_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('follower_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('fornada_followers_pkey', ['seller_id', 'follower_id'])
    .addCheckConstraint('fornada_followers_not_self_check', sql`seller_id <> follower_id`)
    .execute();
  await db.schema.createIndex('fornada_followers_follower_idx').on('fornada_followers').columns(['follower_id']).execute();

  const current = await allowedValues(db, NOTIFICATION_TYPE);
  await setAllowedValues(db, NOTIFICATION_TYPE, [...current, ...NEW_TYPES.filter((type) => !current.includes(type))]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM notifications WHERE type IN (${sql.join(NEW_TYPES.map((type) => sql.lit(type)))})`.execute(db);
  await setAllowedValues(db, NOTIFICATION_TYPE, (await allowedValues(db, NOTIFICATION_TYPE)).filter((type) => !NEW_TYPES.includes(type)));
  await db.schema.dropTable('fornada_followers').ifExists().execute();
  await sql`DROP TRIGGER IF EXISTS orders_keep_fornada ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_keep_fornada()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS orders_return_fornada_portions ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_return_fornada_portions()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS orders_take_fornada_portions ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_take_fornada_portions()`.execute(db);
  await db.schema.alterTable('orders').dropColumn('fornada_id').execute();
  await db.schema.dropTable('fornadas').ifExists().execute();
}
