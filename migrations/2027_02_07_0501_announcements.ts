import { type Kysely, sql } from 'kysely';
import { changeAllowed } from './lib/check-values.ts';

// Announcements ('Comunicados'): the administration writes to every approved resident.
// Each recipient at publishing time is a row of announcement_recipients (whether and when
// they read it: 'Lido por N de M moradores'), a notification of the new type
// 'announcement' and a switch of its own in the preferences (on unless turned off).
// An announcement's photo is an upload of its own purpose, and edits and removals
// are audited with 'announcement' as their target. Frozen in time: never import app code here.

const NOTIFICATION_TYPE = { table: 'notifications', constraint: 'notifications_type_check', column: 'type' };
const IMAGE_PURPOSE = { table: 'images', constraint: 'images_purpose_check', column: 'purpose' };
const AUDIT_TARGET = { table: 'audit_log', constraint: 'audit_log_target_type_check', column: 'target_type' };

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

  await changeAllowed(db, NOTIFICATION_TYPE, 'announcement', true);
  await changeAllowed(db, IMAGE_PURPOSE, 'announcement', true);
  await changeAllowed(db, AUDIT_TARGET, 'announcement', true);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The log is append-only: with entries about announcements this step refuses, and nothing is undone.
  await changeAllowed(db, AUDIT_TARGET, 'announcement', false);

  await db.schema.dropTable('announcement_recipients').ifExists().execute();
  await db.schema.dropTable('announcements').ifExists().execute();

  await sql`DELETE FROM images WHERE purpose = 'announcement'`.execute(db);
  await changeAllowed(db, IMAGE_PURPOSE, 'announcement', false);

  await sql`DELETE FROM notifications WHERE type = 'announcement'`.execute(db);
  await changeAllowed(db, NOTIFICATION_TYPE, 'announcement', false);

  await db.schema.alterTable('notification_preferences').dropColumn('announcements').execute();
}
