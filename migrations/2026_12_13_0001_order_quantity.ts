import { type Kysely, sql } from 'kysely';

// Food is ordered by quantity (1-99), limited per order by the portions the owner
// offers (optional, per listing). Rentals and services are always one.
// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('max_portions', 'smallint').execute();
  await db.schema.alterTable('listings').addCheckConstraint('listings_max_portions_check', sql`max_portions IS NULL OR (max_portions BETWEEN 1 AND 99 AND type = 'food')`).execute();
  await db.schema.alterTable('orders').addColumn('quantity', 'smallint', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema
    .alterTable('orders')
    .addCheckConstraint('orders_quantity_check', sql`quantity BETWEEN 1 AND 99 AND (start_date IS NULL OR quantity = 1)`)
    .execute();
  // A new order never asks for more portions than its listing offers (whatever path wrote it).
  await sql`
    CREATE FUNCTION orders_quantity_within_portions() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      listing_type text;
      portions smallint;
    BEGIN
      SELECT type, max_portions INTO listing_type, portions FROM listings WHERE id = NEW.listing_id;
      IF NEW.quantity > 1 AND listing_type <> 'food' THEN
        RAISE EXCEPTION 'only food is ordered by quantity' USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_quantity_portions_check';
      END IF;
      IF portions IS NOT NULL AND NEW.quantity > portions THEN
        RAISE EXCEPTION 'quantity above the portions offered' USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_quantity_portions_check';
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER orders_quantity_within_portions BEFORE INSERT ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_quantity_within_portions()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS orders_quantity_within_portions ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_quantity_within_portions()`.execute(db);
  await db.schema.alterTable('orders').dropConstraint('orders_quantity_check').execute();
  await db.schema.alterTable('orders').dropColumn('quantity').execute();
  await db.schema.alterTable('listings').dropConstraint('listings_max_portions_check').execute();
  await db.schema.alterTable('listings').dropColumn('max_portions').execute();
}
