import { type Kysely, sql } from 'kysely';

// Ready food may say when it can be picked up: a window of the day ('das 17:00 às 20:00', the
// condominium's wall clock), both ends or neither, the start before the end, food only. An order
// of it keeps its pickup time in orders.scheduled_at. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('pickup_from', 'time(0)').addColumn('pickup_until', 'time(0)').execute();
  await sql`ALTER TABLE listings ADD CONSTRAINT listings_pickup_window_check
    CHECK ((pickup_from IS NULL) = (pickup_until IS NULL) AND (pickup_from IS NULL OR pickup_from < pickup_until))`.execute(db);
  await sql`ALTER TABLE listings ADD CONSTRAINT listings_pickup_window_food_check CHECK (pickup_from IS NULL OR type = 'food')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').dropColumn('pickup_from').dropColumn('pickup_until').execute();
}
