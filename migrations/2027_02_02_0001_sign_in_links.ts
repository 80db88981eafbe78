import { type Kysely, sql } from 'kysely';

// Sign-in links: a browser that never signed in to an account (so no device
// cookie) gets in while someone else's guesses keep the account's login slowed,
// through a short-lived, single-use link e-mailed to the account's address.
// Only the SHA-256 of the link's token is kept, as for password resets.
// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_links')
    .addColumn('token_hash', 'text', (col) => col.primaryKey().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sign_in_links_expiry_check', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('sign_in_links_user_idx').on('sign_in_links').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_links').execute();
}
