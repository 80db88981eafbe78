import { type Kysely, sql } from 'kysely';

// /busca sorted by price or by rating without a term lists every type: the sort indexes begin with
// the type (2026_12_13_0004, 2026_12_20_0001), so Postgres sorted every published listing for each
// page (about 100-135 ms at 100,000 listings). These give those orders across the types, so a page
// reads its own rows (about 0.5 ms). Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX listings_price_every_type_idx ON listings (status, price_cents, id)`.execute(db);
  await sql`CREATE INDEX listings_rating_every_type_idx ON listings (status, owner_rating DESC, published_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS listings_rating_every_type_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS listings_price_every_type_idx`.execute(db);
}
