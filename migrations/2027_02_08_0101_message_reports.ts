import { type Kysely, sql } from 'kysely';

// A reported chat message becomes a report like a listing's or a person's: one table, one
// list in /admin 'Denúncias', the same decisions and the same 'open' state (a reported
// message used to stay reported forever). The reports already made move over as open
// reports, and the message's own report columns go. The reasons are those of
// shared/src/reports/report.reasons.ts as they are today. Frozen in time: never import app code here.
const REASONS = ['fraud', 'offensive', 'harassment', 'prohibited_item', 'other'];

const list = (values: string[]) => sql.join(values.map((value) => sql.lit(value)));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').addColumn('message_id', 'uuid').execute();
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_target_type_check`.execute(db);
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('listing', 'person', 'message'))`.execute(db);
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_message_check CHECK ((target_type = 'message') = (message_id IS NOT NULL))`.execute(db);
  // A message is reported by the one who received it, about the one who wrote it: the
  // database holds the report to the message's own two people.
  await sql`CREATE UNIQUE INDEX order_messages_people_key ON order_messages (id, sender_id, recipient_id)`.execute(db);
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_message_people_fkey
    FOREIGN KEY (message_id, person_id, reporter_id) REFERENCES order_messages (id, sender_id, recipient_id) ON DELETE CASCADE`.execute(db);
  // A message is reported once (only its recipient can), whatever was decided.
  await sql`CREATE UNIQUE INDEX reports_one_message_idx ON reports (message_id)`.execute(db);

  await sql`
    INSERT INTO reports (reporter_id, target_type, person_id, message_id, reason, details, created_at)
    SELECT reported_by, 'message', sender_id, id, report_reason_code, report_reason, reported_at
      FROM order_messages
     WHERE reported_at IS NOT NULL`.execute(db);

  await db.schema.dropIndex('order_messages_reported_idx').execute();
  await db.schema
    .alterTable('order_messages')
    .dropColumn('reported_at')
    .dropColumn('reported_by')
    .dropColumn('report_reason')
    .dropColumn('report_reason_code')
    .execute();
}

/** Back to the message's own columns: each message report returns there (what staff decided about it is lost). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_messages')
    .addColumn('reported_at', 'timestamptz')
    .addColumn('reported_by', 'uuid', (col) => col.references('users.id').onDelete('restrict'))
    .addColumn('report_reason', 'text')
    .addColumn('report_reason_code', 'text')
    .execute();
  await sql`
    UPDATE order_messages m
       SET reported_at = r.created_at, reported_by = r.reporter_id, report_reason = r.details, report_reason_code = r.reason
      FROM reports r
     WHERE r.message_id = m.id`.execute(db);
  await sql`ALTER TABLE order_messages ADD CONSTRAINT order_messages_report_check
    CHECK ((reported_at IS NULL) = (reported_by IS NULL) AND (report_reason IS NULL OR reported_at IS NOT NULL))`.execute(db);
  await sql`ALTER TABLE order_messages ADD CONSTRAINT order_messages_report_reason_check CHECK (length(report_reason) <= 500)`.execute(db);
  await sql`ALTER TABLE order_messages ADD CONSTRAINT order_messages_reporter_check CHECK (reported_by IS NULL OR reported_by = recipient_id)`.execute(db);
  await sql`ALTER TABLE order_messages ADD CONSTRAINT order_messages_report_reason_code_check
    CHECK ((reported_at IS NULL) = (report_reason_code IS NULL) AND (report_reason_code IS NULL OR report_reason_code IN (${list(REASONS)})))`.execute(db);
  await sql`CREATE INDEX order_messages_reported_idx ON order_messages (reported_at) WHERE reported_at IS NOT NULL`.execute(db);

  await sql`DELETE FROM reports WHERE target_type = 'message'`.execute(db);
  await db.schema.dropIndex('reports_one_message_idx').execute();
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_message_people_fkey`.execute(db);
  await db.schema.dropIndex('order_messages_people_key').execute();
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_message_check`.execute(db);
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_target_type_check`.execute(db);
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('listing', 'person'))`.execute(db);
  await db.schema.alterTable('reports').dropColumn('message_id').execute();
}
