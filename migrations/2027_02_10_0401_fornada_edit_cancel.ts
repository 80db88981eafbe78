import { type Kysely, sql } from 'kysely';

// Fornadas the seller changes or cancels. A cancelled batch is closed too (the reservation
// trigger refuses it like any closed one) and no longer holds its day: the dish may have
// another batch that day. Whoever writes, a batch never has fewer portions than its standing
// reservations: changing the portions recounts what is left from them, or is refused.
// Frozen in time: never import app code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fornadas').addColumn('cancelled_at', 'timestamptz').execute();
  await sql`ALTER TABLE fornadas ADD CONSTRAINT fornadas_cancelled_check CHECK (cancelled_at IS NULL OR closed_at IS NOT NULL)`.execute(db);
  await sql`ALTER TABLE fornadas DROP CONSTRAINT fornadas_listing_day_key`.execute(db);
  await sql`CREATE UNIQUE INDEX fornadas_listing_day_key ON fornadas (listing_id, day) WHERE cancelled_at IS NULL`.execute(db);

  await sql`
    CREATE FUNCTION fornadas_recount_portions() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      reserved integer;
    BEGIN
      SELECT COALESCE(sum(quantity), 0) INTO reserved FROM orders
       WHERE fornada_id = NEW.id AND status NOT IN ('cancelled', 'rejected');
      IF NEW.portions < reserved THEN
        RAISE EXCEPTION 'fewer portions than are reserved' USING ERRCODE = 'check_violation', CONSTRAINT = 'fornadas_below_reserved';
      END IF;
      NEW.remaining := NEW.portions - reserved;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER fornadas_recount_portions BEFORE UPDATE OF portions ON fornadas
    FOR EACH ROW WHEN (NEW.portions IS DISTINCT FROM OLD.portions) EXECUTE FUNCTION fornadas_recount_portions()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS fornadas_recount_portions ON fornadas`.execute(db);
  await sql`DROP FUNCTION IF EXISTS fornadas_recount_portions()`.execute(db);
  // With a cancelled batch and another on the same day of a dish, this step refuses and nothing is undone.
  await sql`DROP INDEX fornadas_listing_day_key`.execute(db);
  await sql`ALTER TABLE fornadas ADD CONSTRAINT fornadas_listing_day_key UNIQUE (listing_id, day)`.execute(db);
  await sql`ALTER TABLE fornadas DROP CONSTRAINT fornadas_cancelled_check`.execute(db);
  await db.schema.alterTable('fornadas').dropColumn('cancelled_at').execute();
}
