import { type Kysely, sql } from 'kysely';

// Announcements ('Comunicados'): the administration writes to every approved resident.
// Each recipient at publishing time is a row of announcement_recipients (whether and when
// they read it: 'Lido por N de M moradores'), a notification of the new type
// 'announcement' and a switch of its own in the preferences (on unless turned off).
// An announcement's photo is an upload of its own purpose, and edits and removals
// are audited with 'announcement' as their target. Frozen in time: never import app code here.

const OLD_NOTIFICATION_TYPES = `'account_approved', 'account_rejected', 'listing_approved', 'listing_rejected',
        'listing_paused', 'reminder_pickup', 'reminder_return', 'status_update', 'payment_due', 'order_status',
        'listing_expiring', 'listing_expired'`;
const NEW_NOTIFICATION_TYPES = `${OLD_NOTIFICATION_TYPES}, 'announcement'`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('author_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    // The photo goes if its uploader is anonymised (their uploads are erased); the text stays.
    .addColumn('image_id', 'uuid', (col) => col.references('images.id').onDelete('set null'))
    .addColumn('pinned_until', 'date')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('edited_at', 'timestamptz')
    .addColumn('removed_at', 'timestamptz')
    .addCheckConstraint('announcements_title_check', sql`length(btrim(title)) BETWEEN 1 AND 120`)
    .addCheckConstraint('announcements_body_check', sql`length(btrim(body)) BETWEEN 1 AND 5000`)
    .execute();
  await db.schema.createIndex('announcements_created_idx').on('announcements').columns(['created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('announcement_recipients')
    .addColumn('announcement_id', 'uuid', (col) => col.notNull().references('announcements.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz')
    .addPrimaryKeyConstraint('announcement_recipients_pkey', ['announcement_id', 'user_id'])
    .execute();
  await db.schema.createIndex('announcement_recipients_user_idx').on('announcement_recipients').columns(['user_id', 'announcement_id']).execute();

  await db.schema.alterTable('notification_preferences').addColumn('announcements', 'boolean', (col) => col.notNull().defaultTo(true)).execute();

  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${sql.raw(NEW_NOTIFICATION_TYPES)}))`.execute(db);

  await sql`ALTER TABLE images DROP CONSTRAINT images_purpose_check`.execute(db);
  await sql`ALTER TABLE images ADD CONSTRAINT images_purpose_check CHECK (purpose IN ('listing', 'avatar', 'announcement'))`.execute(db);

  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check CHECK (target_type IN ('user', 'listing', 'order', 'billing', 'announcement'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_target_type_check`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check CHECK (target_type IN ('user', 'listing', 'order', 'billing'))`.execute(db);

  await db.schema.dropTable('announcement_recipients').ifExists().execute();
  await db.schema.dropTable('announcements').ifExists().execute();

  await sql`DELETE FROM images WHERE purpose = 'announcement'`.execute(db);
  await sql`ALTER TABLE images DROP CONSTRAINT images_purpose_check`.execute(db);
  await sql`ALTER TABLE images ADD CONSTRAINT images_purpose_check CHECK (purpose IN ('listing', 'avatar'))`.execute(db);

  await sql`DELETE FROM notifications WHERE type = 'announcement'`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${sql.raw(OLD_NOTIFICATION_TYPES)}))`.execute(db);

  await db.schema.alterTable('notification_preferences').dropColumn('announcements').execute();
}
