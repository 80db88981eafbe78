import { type Kysely, sql } from 'kysely';

// Staff are told of what waits for them: three notification types (a sign-up, a listing,
// a report waiting), the 'Pendências da administração' switch, and one row per staff
// member saying when their last digest e-mail went out (at most one an hour, whichever
// instance sends it). Frozen in time: never import app code here.

const STAFF_TYPES = ['pending_sign_up', 'pending_listing', 'pending_report'];

/**
 * The types the notifications check allows now. Other migrations of the same days widen
 * the same check: reading it, rather than restating the list, keeps what they added.
 */
async function allowedTypes(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conname = 'notifications_type_check' AND conrelid = 'notifications'::regclass`.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

async function setAllowedTypes(db: Kysely<any>, types: string[]) {
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${sql.join(types.map((type) => sql.lit(type)))}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const current = await allowedTypes(db);
  await setAllowedTypes(db, [...current, ...STAFF_TYPES.filter((type) => !current.includes(type))]);

  await db.schema
    .alterTable('notification_preferences')
    .addColumn('staff_pending', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('staff_digests')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_digests').ifExists().execute();
  await db.schema.alterTable('notification_preferences').dropColumn('staff_pending').execute();
  await sql`DELETE FROM notifications WHERE type IN (${sql.join(STAFF_TYPES.map((type) => sql.lit(type)))})`.execute(db);
  await setAllowedTypes(db, (await allowedTypes(db)).filter((type) => !STAFF_TYPES.includes(type)));
}
