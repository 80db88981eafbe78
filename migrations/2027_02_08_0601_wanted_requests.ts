import { type Kysely, sql } from 'kysely';
import { changeAllowed } from './lib/check-values.ts';

// 'Procura-se': a resident says what they are looking for (no approval), for 14 days,
// renewable once; neighbours answer 'Eu tenho' with one of their listings. A request can
// be reported like a listing (reports.request_id), its changes are audited with 'request'
// as their target, and its author is told of each offer (notification type 'wanted_offer').
// Frozen in time: never import app code here.

const NOTIFICATION_TYPE = { table: 'notifications', constraint: 'notifications_type_check', column: 'type' };
const AUDIT_TARGET = { table: 'audit_log', constraint: 'audit_log_target_type_check', column: 'target_type' };
const REPORT_TARGET = { table: 'reports', constraint: 'reports_target_type_check', column: 'target_type' };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wanted_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('author_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('max_price_cents', 'integer')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('renewals', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('found_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('wanted_requests_type_check', sql`type IN ('rental', 'food', 'service')`)
    .addCheckConstraint('wanted_requests_title_check', sql`length(btrim(title)) BETWEEN 1 AND 100`)
    .addCheckConstraint('wanted_requests_description_check', sql`length(description) <= 1000`)
    // Dates only for a rental, both or neither, the end not before the start.
    .addCheckConstraint(
      'wanted_requests_dates_check',
      sql`(start_date IS NULL) = (end_date IS NULL) AND (start_date IS NULL OR (type = 'rental' AND end_date >= start_date))`,
    )
    .addCheckConstraint('wanted_requests_max_price_check', sql`max_price_cents IS NULL OR max_price_cents BETWEEN 1 AND 10000000`)
    .addCheckConstraint('wanted_requests_status_check', sql`status IN ('open', 'found')`)
    .addCheckConstraint('wanted_requests_found_check', sql`(status = 'found') = (found_at IS NOT NULL)`)
    // Renewed at most once.
    .addCheckConstraint('wanted_requests_renewals_check', sql`renewals BETWEEN 0 AND 1`)
    .execute();
  // The list: open ones, newest first.
  await sql`CREATE INDEX wanted_requests_open_idx ON wanted_requests (created_at DESC, id DESC) WHERE deleted_at IS NULL AND status = 'open'`.execute(db);
  await db.schema.createIndex('wanted_requests_author_idx').on('wanted_requests').columns(['author_id', 'created_at']).execute();
  // The search, as the listings' (ILIKE '%term%').
  await sql`CREATE INDEX wanted_requests_title_trgm_idx ON wanted_requests USING gin (title gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX wanted_requests_description_trgm_idx ON wanted_requests USING gin (description gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('wanted_offers')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('request_id', 'uuid', (col) => col.notNull().references('wanted_requests.id').onDelete('cascade'))
    .addColumn('listing_id', 'uuid', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('offerer_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // When the author was told: at once for a published listing, at its approval for a new one.
    .addColumn('notified_at', 'timestamptz')
    .addUniqueConstraint('wanted_offers_request_listing_key', ['request_id', 'listing_id'])
    .execute();
  await db.schema.createIndex('wanted_offers_listing_idx').on('wanted_offers').columns(['listing_id']).execute();
  // The offer is the offerer's own listing, never on their own request: whoever writes.
  await sql`
    CREATE FUNCTION wanted_offers_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM listings WHERE id = NEW.listing_id AND user_id = NEW.offerer_id) THEN
        RAISE EXCEPTION 'an offer is one of the offerer''s listings' USING ERRCODE = '23514', CONSTRAINT = 'wanted_offers_own_listing_check';
      END IF;
      IF EXISTS (SELECT 1 FROM wanted_requests WHERE id = NEW.request_id AND author_id = NEW.offerer_id) THEN
        RAISE EXCEPTION 'nobody offers on their own request' USING ERRCODE = '23514', CONSTRAINT = 'wanted_offers_not_own_request_check';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER wanted_offers_check BEFORE INSERT OR UPDATE ON wanted_offers FOR EACH ROW EXECUTE FUNCTION wanted_offers_check()`.execute(db);

  await db.schema.alterTable('reports').addColumn('request_id', 'uuid', (col) => col.references('wanted_requests.id').onDelete('cascade')).execute();
  await changeAllowed(db, REPORT_TARGET, 'request', true);
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_request_check CHECK ((target_type = 'request') = (request_id IS NOT NULL))`.execute(db);
  await sql`CREATE UNIQUE INDEX reports_one_open_request_idx ON reports (reporter_id, request_id) WHERE status = 'open' AND target_type = 'request'`.execute(db);

  await changeAllowed(db, NOTIFICATION_TYPE, 'wanted_offer', true);
  await changeAllowed(db, AUDIT_TARGET, 'request', true);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The log is append-only: with entries about requests this step refuses, and nothing is undone.
  await changeAllowed(db, AUDIT_TARGET, 'request', false);
  await sql`DELETE FROM notifications WHERE type = 'wanted_offer'`.execute(db);
  await changeAllowed(db, NOTIFICATION_TYPE, 'wanted_offer', false);

  await sql`DELETE FROM reports WHERE target_type = 'request'`.execute(db);
  await sql`DROP INDEX reports_one_open_request_idx`.execute(db);
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_request_check`.execute(db);
  await changeAllowed(db, REPORT_TARGET, 'request', false);
  await db.schema.alterTable('reports').dropColumn('request_id').execute();

  await db.schema.dropTable('wanted_offers').execute();
  await sql`DROP FUNCTION wanted_offers_check()`.execute(db);
  await db.schema.dropTable('wanted_requests').execute();
}
