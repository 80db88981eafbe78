import { type Kysely, sql } from 'kysely';

// A service priced per hour is ordered for 1 to 12 hours: the order keeps how many
// (null for everything else), and its total is hours x price. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('hours', 'smallint').execute();
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_hours_check CHECK (hours BETWEEN 1 AND 12)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('hours').execute();
}
