import { type Kysely, sql } from 'kysely';

// A reported message always says why: one reason code from the shared list
// (shared/src/reports/report.reasons.ts, copied here as it is today), and the free
// text becomes the optional details. Reports made before this migration had no
// reason: they read 'Outro'. Frozen in time: never import app code here.
const MESSAGE_REPORT_REASONS = ['fraud', 'offensive', 'harassment', 'other'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_messages').addColumn('report_reason_code', 'text').execute();
  await sql`UPDATE order_messages SET report_reason_code = 'other' WHERE reported_at IS NOT NULL`.execute(db);
  const reasons = sql.join(MESSAGE_REPORT_REASONS.map((reason) => sql.lit(reason)));
  await sql`ALTER TABLE order_messages ADD CONSTRAINT order_messages_report_reason_code_check
    CHECK ((reported_at IS NULL) = (report_reason_code IS NULL) AND (report_reason_code IS NULL OR report_reason_code IN (${reasons})))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_messages').dropColumn('report_reason_code').execute();
}
