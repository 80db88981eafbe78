import { type Kysely, sql } from 'kysely';

// Reviews both ways: after a completed order the requester rates the owner
// (reviewee_role 'owner') and the owner rates the requester ('requester'), once
// each. A review stays hidden until visible_at: the moment both sides reviewed,
// or 14 days after the order was completed. Reviews written before this change
// were already public. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('reviewee_role', 'text', (col) => col.notNull().defaultTo('owner')).execute();
  await db.schema.alterTable('reviews').alterColumn('reviewee_role', (col) => col.dropDefault()).execute();
  await db.schema.alterTable('reviews').addCheckConstraint('reviews_reviewee_role_check', sql`reviewee_role IN ('owner', 'requester')`).execute();
  await db.schema.alterTable('reviews').addColumn('visible_at', 'timestamptz').execute();
  await sql`UPDATE reviews SET visible_at = created_at`.execute(db);
  await db.schema.alterTable('reviews').alterColumn('visible_at', (col) => col.setNotNull()).execute();

  // One review per order and side.
  await db.schema.dropIndex('reviews_order_id_key').execute();
  await db.schema.createIndex('reviews_order_role_key').on('reviews').columns(['order_id', 'reviewee_role']).unique().execute();

  // Only the two people of a completed order review each other, each the other side.
  await sql`
    CREATE FUNCTION reviews_participants() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      o record;
    BEGIN
      SELECT owner_id, renter_id, status INTO o FROM orders WHERE id = NEW.order_id;
      IF o.status IS DISTINCT FROM 'completed'
        OR (NEW.reviewee_role = 'owner' AND (NEW.reviewer_id <> o.renter_id OR NEW.reviewee_id <> o.owner_id))
        OR (NEW.reviewee_role = 'requester' AND (NEW.reviewer_id <> o.owner_id OR NEW.reviewee_id <> o.renter_id)) THEN
        RAISE EXCEPTION 'only the two sides of a completed order review each other'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'reviews_participants_check';
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER reviews_participants BEFORE INSERT OR UPDATE OF order_id, reviewer_id, reviewee_id, reviewee_role ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_participants()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS reviews_participants ON reviews`.execute(db);
  await sql`DROP FUNCTION IF EXISTS reviews_participants()`.execute(db);
  // The old table held one review per order, of the owner: the requesters' reviews cannot stay.
  await sql`DELETE FROM reviews WHERE reviewee_role = 'requester'`.execute(db);
  await db.schema.dropIndex('reviews_order_role_key').execute();
  await db.schema.createIndex('reviews_order_id_key').on('reviews').column('order_id').unique().execute();
  await db.schema.alterTable('reviews').dropColumn('visible_at').execute();
  await db.schema.alterTable('reviews').dropConstraint('reviews_reviewee_role_check').execute();
  await db.schema.alterTable('reviews').dropColumn('reviewee_role').execute();
}
