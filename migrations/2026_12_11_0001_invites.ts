import { type Kysely, sql } from 'kysely';

// Invites (decisions.md "Invites"): a resident invites an e-mail with a personal
// link /convite/{code}; each resident also has one shareable code of the same
// form. Codes are 10 uppercase letters and digits, drawn from the database's
// cryptographic generator, so every writer (app, seed, old rows) gets one.
// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION vz_invite_code() RETURNS text LANGUAGE sql VOLATILE AS $$
      SELECT string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', get_byte(bytes, i) % 36 + 1, 1), '' ORDER BY i)
      FROM gen_random_bytes(10) AS bytes, generate_series(0, 9) AS i
    $$`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('invite_code', 'char(10)', (col) => col.notNull().defaultTo(sql`vz_invite_code()`).check(sql`invite_code ~ '^[A-Z0-9]{10}$'`))
    .addColumn('invited_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('users_invite_code_key').on('users').column('invite_code').unique().execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('inviter_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('apartment', 'text')
    .addColumn('code', 'char(10)', (col) => col.notNull().defaultTo(sql`vz_invite_code()`))
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('resident'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('accepted_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('invites_email_check', sql`email = lower(email) AND length(email) BETWEEN 3 AND 254`)
    .addCheckConstraint('invites_apartment_check', sql`length(apartment) <= 40`)
    .addCheckConstraint('invites_code_check', sql`code ~ '^[A-Z0-9]{10}$'`)
    .addCheckConstraint('invites_type_check', sql`type IN ('resident', 'other')`)
    .addCheckConstraint('invites_status_check', sql`status IN ('pending', 'accepted', 'expired', 'cancelled')`)
    .addCheckConstraint('invites_accepted_check', sql`(status = 'accepted') = (accepted_at IS NOT NULL)`)
    .execute();
  await db.schema.createIndex('invites_code_key').on('invites').column('code').unique().execute();
  // One pending invite per e-mail, whoever sent it.
  await db.schema.createIndex('invites_pending_email_key').on('invites').column('email').unique().where(sql.ref('status'), '=', 'pending').execute();
  await db.schema.createIndex('invites_inviter_idx').on('invites').columns(['inviter_id', 'created_at']).execute();
  await db.schema.createIndex('invites_pending_expiry_idx').on('invites').column('expires_at').where(sql.ref('status'), '=', 'pending').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invites').execute();
  await db.schema.dropIndex('users_invite_code_key').execute();
  await db.schema.alterTable('users').dropColumn('invited_by').dropColumn('invite_code').execute();
  await sql`DROP FUNCTION vz_invite_code()`.execute(db);
}
