import { type Kysely, sql } from 'kysely';

// Browse screens sorted by price: each screen shows one type, so
// (status, type, price_cents, id) serves both directions of the keyset pages
// like listings_feed_idx serves newest first. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX listings_price_idx ON listings (status, type, price_cents, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS listings_price_idx`.execute(db);
}
