import { type Kysely, sql } from 'kysely';

// Trust between neighbours: reports of a listing or a person (staff decide, the reporter
// only learns it was handled), and blocks between two residents (mutual invisibility).
// Messages can now be reported for every reason too. The reason codes and outcomes are
// copied from shared/src/reports/report.reasons.ts as they are today. Frozen in time:
// never import app code here.
const REASONS = ['fraud', 'offensive', 'harassment', 'prohibited_item', 'other'];
const OLD_MESSAGE_REASONS = ['fraud', 'offensive', 'harassment', 'other'];
const STATUSES = ['open', 'archived', 'listing_removed', 'warned', 'suspended'];

const list = (values: string[]) => sql.join(values.map((value) => sql.lit(value)));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reporter_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (col) => col.notNull())
    // The reported person: the listing's owner for a listing.
    .addColumn('person_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('listing_id', 'uuid', (col) => col.references('listings.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('decided_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_note', 'text')
    .addCheckConstraint('reports_target_type_check', sql`target_type IN ('listing', 'person')`)
    .addCheckConstraint('reports_target_check', sql`(target_type = 'listing') = (listing_id IS NOT NULL)`)
    .addCheckConstraint('reports_not_self_check', sql`reporter_id <> person_id`)
    .addCheckConstraint('reports_reason_check', sql`reason IN (${list(REASONS)})`)
    .addCheckConstraint('reports_details_length_check', sql`char_length(details) <= 500`)
    .addCheckConstraint('reports_status_check', sql`status IN (${list(STATUSES)})`)
    .addCheckConstraint('reports_decided_check', sql`(status = 'open') = (decided_at IS NULL)`)
    .execute();
  // One open report of the same listing, or of the same person, by the same reporter.
  await sql`CREATE UNIQUE INDEX reports_one_open_listing_idx ON reports (reporter_id, listing_id) WHERE status = 'open' AND target_type = 'listing'`.execute(db);
  await sql`CREATE UNIQUE INDEX reports_one_open_person_idx ON reports (reporter_id, person_id) WHERE status = 'open' AND target_type = 'person'`.execute(db);
  // /admin 'Denúncias': the open ones, oldest first; earlier reports of a person or a listing.
  await sql`CREATE INDEX reports_open_idx ON reports (created_at) WHERE status = 'open'`.execute(db);
  await db.schema.createIndex('reports_person_idx').on('reports').columns(['person_id', 'created_at']).execute();
  await db.schema.createIndex('reports_listing_idx').on('reports').columns(['listing_id']).execute();

  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_blocks_pkey', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('user_blocks_not_self_check', sql`blocker_id <> blocked_id`)
    .execute();
  await db.schema.createIndex('user_blocks_blocked_idx').on('user_blocks').columns(['blocked_id']).execute();
  // A session carries whom its person blocked and who blocked them: a block or unblock
  // tells every instance's session cache, for both people (function of 2026_12_16_0001).
  await sql`
    CREATE TRIGGER user_blocks_notify_blocker AFTER INSERT OR DELETE ON user_blocks
    FOR EACH ROW EXECUTE FUNCTION notify_session_change('blocker_id')`.execute(db);
  await sql`
    CREATE TRIGGER user_blocks_notify_blocked AFTER INSERT OR DELETE ON user_blocks
    FOR EACH ROW EXECUTE FUNCTION notify_session_change('blocked_id')`.execute(db);

  await sql`ALTER TABLE order_messages DROP CONSTRAINT order_messages_report_reason_code_check`.execute(db);
  await sql`ALTER TABLE order_messages ADD CONSTRAINT order_messages_report_reason_code_check
    CHECK ((reported_at IS NULL) = (report_reason_code IS NULL) AND (report_reason_code IS NULL OR report_reason_code IN (${list(REASONS)})))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE order_messages SET report_reason_code = 'other' WHERE report_reason_code = 'prohibited_item'`.execute(db);
  await sql`ALTER TABLE order_messages DROP CONSTRAINT order_messages_report_reason_code_check`.execute(db);
  await sql`ALTER TABLE order_messages ADD CONSTRAINT order_messages_report_reason_code_check
    CHECK ((reported_at IS NULL) = (report_reason_code IS NULL) AND (report_reason_code IS NULL OR report_reason_code IN (${list(OLD_MESSAGE_REASONS)})))`.execute(db);
  await db.schema.dropTable('user_blocks').execute();
  await db.schema.dropTable('reports').execute();
}
