import { type Kysely, sql } from 'kysely';
import { allowedValues, setAllowedValues } from './lib/check-values.ts';

// Staff are told of what waits for them: three notification types (a sign-up, a listing,
// a report waiting), the 'Pendências da administração' switch, and one row per staff
// member saying when their last digest e-mail went out (at most one an hour, whichever
// instance sends it). Frozen in time: never import app code here.

const STAFF_TYPES = ['pending_sign_up', 'pending_listing', 'pending_report'];
const NOTIFICATION_TYPE = { table: 'notifications', constraint: 'notifications_type_check', column: 'type' };

export async function up(db: Kysely<any>): Promise<void> {
  const current = await allowedValues(db, NOTIFICATION_TYPE);
  await setAllowedValues(db, NOTIFICATION_TYPE, [...current, ...STAFF_TYPES.filter((type) => !current.includes(type))]);

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
  await setAllowedValues(db, NOTIFICATION_TYPE, (await allowedValues(db, NOTIFICATION_TYPE)).filter((type) => !STAFF_TYPES.includes(type)));
}
