import { type Kysely, sql } from 'kysely';

// Notifications leave the app: reminders and expiry notices (once each, by a
// dedupe key), preferences per user, web push subscriptions and the
// deployment's VAPID keys; a rental item has at most one rental in progress.
// The job queue's own tables (schema pgboss) are created by pg-boss at start.
// Frozen in time: never import app code here.

const OLD_TYPES = `'account_approved', 'account_rejected', 'listing_approved', 'listing_rejected',
        'listing_paused', 'reminder_pickup', 'reminder_return', 'status_update', 'payment_due', 'order_status'`;
const NEW_TYPES = `${OLD_TYPES}, 'listing_expiring', 'listing_expired'`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${sql.raw(NEW_TYPES)}))`.execute(db);
  // A reminder or notice made twice (two instances, a retried job) is one row.
  await db.schema.alterTable('notifications').addColumn('dedupe_key', 'text').execute();
  await db.schema.createIndex('notifications_dedupe_key').on('notifications').column('dedupe_key').unique().execute();
  // The centre's pages: newest first, keyset on (created_at, id).
  await db.schema.createIndex('notifications_user_page_idx').on('notifications').columns(['user_id', 'created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('push', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('email', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('orders', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('messages', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('pickup_reminders', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('return_reminders', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('push_subscriptions_endpoint_check', sql`endpoint LIKE 'https://%' AND length(endpoint) <= 1000`)
    .addCheckConstraint('push_subscriptions_keys_check', sql`length(p256dh) BETWEEN 80 AND 100 AND length(auth) BETWEEN 16 AND 32`)
    .execute();
  // One subscription per device: the push service's endpoint names the device.
  await db.schema.createIndex('push_subscriptions_endpoint_key').on('push_subscriptions').column('endpoint').unique().execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('vapid_keys')
    .addColumn('id', 'boolean', (col) => col.primaryKey().defaultTo(true))
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('vapid_keys_single_row_check', sql`id`)
    .execute();

  // A rental item is with one neighbour at a time: a second rental of it cannot
  // go in progress. The listing row is locked so two deliveries cannot race.
  await sql`
    CREATE FUNCTION orders_one_rental_in_progress() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status <> 'in_progress' THEN
        RETURN NEW;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        IF OLD.status = 'in_progress' THEN
          RETURN NEW;
        END IF;
      END IF;
      PERFORM 1 FROM listings WHERE id = NEW.listing_id AND type = 'rental' FOR UPDATE;
      IF FOUND AND EXISTS (SELECT 1 FROM orders WHERE listing_id = NEW.listing_id AND status = 'in_progress' AND id <> NEW.id) THEN
        RAISE EXCEPTION 'rental already in progress' USING ERRCODE = 'unique_violation', CONSTRAINT = 'orders_one_rental_in_progress';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER orders_one_rental_in_progress BEFORE INSERT OR UPDATE OF status ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_one_rental_in_progress()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS orders_one_rental_in_progress ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_one_rental_in_progress()`.execute(db);
  await db.schema.dropTable('vapid_keys').ifExists().execute();
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
  await db.schema.dropTable('notification_preferences').ifExists().execute();
  await db.schema.dropIndex('notifications_user_page_idx').ifExists().execute();
  await db.schema.dropIndex('notifications_dedupe_key').ifExists().execute();
  await db.schema.alterTable('notifications').dropColumn('dedupe_key').execute();
  await sql`DELETE FROM notifications WHERE type IN ('listing_expiring', 'listing_expired')`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${sql.raw(OLD_TYPES)}))`.execute(db);
}
