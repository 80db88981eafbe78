import { type Kysely, sql } from 'kysely';

// Throttling that holds under parallel requests and across instances: one row per
// key ("login-account:<email>", "login-address:<ip>", "reset-email:<email>"...),
// updated by a single INSERT ... ON CONFLICT that both counts and decides.
// Device cookies: a browser that once signed in to an account keeps a token that
// lets its owner past that account's lock (OWASP "device cookies").
// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('blocked_until', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('throttles_hits_check', sql`hits >= 0`)
    .addCheckConstraint('throttles_key_check', sql`length(key) BETWEEN 1 AND 400`)
    .execute();
  await db.schema.createIndex('throttles_blocked_until_idx').on('throttles').column('blocked_until').execute();

  await db.schema
    .createTable('login_devices')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_devices_user_idx').on('login_devices').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_devices').execute();
  await db.schema.dropTable('throttles').execute();
}
