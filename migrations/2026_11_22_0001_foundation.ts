import { type Kysely, sql } from 'kysely';

// Foundation: people, roles, sessions, password resets, login throttling,
// notifications and the realtime event log. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pgcrypto`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (col) => col.notNull().check(sql`email = lower(email) AND length(email) BETWEEN 3 AND 254`))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull().check(sql`length(btrim(full_name)) BETWEEN 1 AND 120`))
    // Nullable only for administrators created by the maintainer script; sign-ups always give one.
    .addColumn('cpf', 'char(11)', (col) => col.check(sql`cpf ~ '^[0-9]{11}$'`))
    .addColumn('phone', 'text', (col) => col.check(sql`phone ~ '^[0-9]{10,11}$'`))
    .addColumn('block', 'text', (col) => col.check(sql`length(block) <= 5`))
    .addColumn('apartment', 'text', (col) => col.check(sql`length(apartment) <= 16`))
    .addColumn('bio', 'text', (col) => col.check(sql`length(bio) <= 500`))
    .addColumn('avatar_url', 'text')
    .addColumn('approval_status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`approval_status IN ('pending', 'approved', 'rejected')`),
    )
    .addColumn('rejection_reason', 'text', (col) => col.check(sql`length(rejection_reason) <= 500`))
    .addColumn('is_suspended', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_email_key').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_cpf_key').on('users').column('cpf').unique().execute();
  await db.schema.createIndex('users_pending_idx').on('users').columns(['approval_status', 'created_at']).execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role IN ('admin', 'moderator')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role'])
    .execute();

  // The id is the SHA-256 of the token in the cookie: a leaked table opens no session.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey().check(sql`id ~ '^[0-9a-f]{64}$'`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('succeeded', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_email_idx').on('login_attempts').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) =>
      col.notNull().check(sql`type IN ('account_approved', 'account_rejected', 'listing_approved', 'listing_rejected',
        'listing_paused', 'reminder_pickup', 'reminder_return', 'status_update', 'payment_due', 'order_status')`),
    )
    .addColumn('title', 'text', (col) => col.notNull().check(sql`length(title) BETWEEN 1 AND 200`))
    .addColumn('message', 'text', (col) => col.notNull().check(sql`length(message) <= 2000`))
    .addColumn('read', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('related_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at']).execute();

  // Realtime events are rows first; NOTIFY carries only the id, so a subscriber
  // that reconnects catches up from the last id it saw.
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('events_user_idx').on('events').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['events', 'notifications', 'login_attempts', 'password_reset_tokens', 'sessions', 'user_roles', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`DROP EXTENSION IF EXISTS pgcrypto`.execute(db);
}
