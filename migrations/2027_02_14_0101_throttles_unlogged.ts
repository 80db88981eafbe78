import { type Kysely, sql } from 'kysely';

// A limit's hit (a login, an order, a message, a reservation) is a statement of its own, before the
// request's transaction, so that a refused or failed request still counts. Its commit waited for the
// WAL to reach the disk: one flush more on every limited request. The counters of a few minutes'
// windows need not outlive a crash of Postgres (which empties an unlogged table; a clean restart
// keeps it), so the table writes no WAL and its commits wait for no flush (decision 057).
// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE throttles SET UNLOGGED`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE throttles SET LOGGED`.execute(db);
}
