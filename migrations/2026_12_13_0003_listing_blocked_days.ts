import { type Kysely, sql } from 'kysely';

// Owner-blocked days of a rental (travel, repair): nobody can order them, like
// booked days. Both sides are guarded in the database: an order over a blocked
// day is refused, and so is blocking a day an open order already holds. A block
// locks the listing row first; ordering already takes that lock before its
// insert (decision 004), so an order and a block written at once take turns.
// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing_blocked_days')
    .addColumn('listing_id', 'uuid', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('listing_blocked_days_pkey', ['listing_id', 'day'])
    .execute();

  await sql`
    CREATE FUNCTION orders_not_on_blocked_days() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.start_date IS NULL OR NEW.status NOT IN ('pending', 'approved', 'in_progress') THEN
        RETURN NEW;
      END IF;
      IF EXISTS (
        SELECT 1 FROM listing_blocked_days b
        WHERE b.listing_id = NEW.listing_id AND b.day BETWEEN NEW.start_date AND NEW.end_date
      ) THEN
        RAISE EXCEPTION 'the period has a day the owner blocked'
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'orders_blocked_day_excl';
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER orders_not_on_blocked_days BEFORE INSERT OR UPDATE OF start_date, end_date, status, listing_id ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_not_on_blocked_days()
  `.execute(db);

  await sql`
    CREATE FUNCTION blocked_days_not_booked() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM listings WHERE id = NEW.listing_id FOR NO KEY UPDATE;
      IF EXISTS (
        SELECT 1 FROM orders o
        WHERE o.listing_id = NEW.listing_id
          AND o.status IN ('pending', 'approved', 'in_progress')
          AND NEW.day BETWEEN o.start_date AND o.end_date
      ) THEN
        RAISE EXCEPTION 'an open order holds this day'
          USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'listing_blocked_days_booked_excl';
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER blocked_days_not_booked BEFORE INSERT OR UPDATE ON listing_blocked_days
    FOR EACH ROW EXECUTE FUNCTION blocked_days_not_booked()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS orders_not_on_blocked_days ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_not_on_blocked_days()`.execute(db);
  await db.schema.dropTable('listing_blocked_days').ifExists().execute();
  await sql`DROP FUNCTION IF EXISTS blocked_days_not_booked()`.execute(db);
}
