import { type Kysely, sql } from 'kysely';

// A reservation takes its batch's portions when its transaction commits, not when its row is
// written: the batch's one row is then locked only inside the COMMIT, never across a round trip
// to the app (which, under load, waits its turn in the app's event loop while every other
// reservation of the batch waits on the lock). The rule is the same: the portions are taken, or
// the commit fails with 'fornadas_sold_out' / 'fornadas_closed' and nothing is written.
// Frozen in time: never import app code here.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER orders_take_fornada_portions ON orders`.execute(db);
  // The same function (0701's): an AFTER trigger's return value is ignored.
  await sql`
    CREATE CONSTRAINT TRIGGER orders_take_fornada_portions AFTER INSERT ON orders
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (NEW.fornada_id IS NOT NULL) EXECUTE FUNCTION orders_take_fornada_portions()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER orders_take_fornada_portions ON orders`.execute(db);
  await sql`
    CREATE TRIGGER orders_take_fornada_portions BEFORE INSERT ON orders
    FOR EACH ROW WHEN (NEW.fornada_id IS NOT NULL) EXECUTE FUNCTION orders_take_fornada_portions()
  `.execute(db);
}
