import { type Kysely, sql } from 'kysely';

// Contesting a deposit record opens a problem the administration settles (or joins the one
// already open on the order): the record keeps the requester's words and the problem it went to.
// Records contested before this have neither. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deposit_settlements')
    // Null once the requester's account was closed (LGPD), and on records contested before this.
    .addColumn('contest_text', 'text')
    .addColumn('contest_problem_id', 'uuid', (col) => col.references('order_problems.id').onDelete('restrict'))
    .execute();
  await sql`ALTER TABLE deposit_settlements ADD CONSTRAINT deposit_settlements_contest_check
    CHECK ((answer = 'contested' OR (contest_text IS NULL AND contest_problem_id IS NULL))
      AND (contest_text IS NULL OR length(btrim(contest_text)) BETWEEN 1 AND 1000))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE deposit_settlements DROP CONSTRAINT deposit_settlements_contest_check`.execute(db);
  await db.schema.alterTable('deposit_settlements').dropColumn('contest_problem_id').dropColumn('contest_text').execute();
}
