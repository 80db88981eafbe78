import { type Kysely, sql } from 'kysely';

// Hand-over at the portaria: a 'portaria' role for the front desk's account, and
// one row per way an order's item goes through the desk (to the requester, back
// to the owner) with the state of that leg and its 6-digit code. The code is
// kept only as an HMAC with this deployment's key (shown again by deriving it
// from the key), and no two live codes are equal. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check`.execute(db);
  await sql`ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin', 'moderator', 'portaria'))`.execute(db);

  await db.schema
    .createTable('desk_code_keys')
    .addColumn('id', 'boolean', (col) => col.primaryKey().defaultTo(true))
    .addColumn('secret', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('desk_code_keys_single_row_check', sql`id AND octet_length(secret) = 32`)
    .execute();

  await db.schema
    .createTable('desk_handovers')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('leg', 'text', (col) => col.notNull().check(sql`leg IN ('delivery', 'return')`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('waiting').check(sql`status IN ('waiting', 'at_desk', 'done', 'cancelled')`))
    // Which derivation of the code is live: bumped when a derived code collides with another live one.
    .addColumn('code_serial', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('code_hash', 'text', (col) => col.notNull().check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('started_by', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz')
    .addColumn('received_by', 'uuid', (col) => col.references('users.id'))
    .addColumn('handed_at', 'timestamptz')
    .addColumn('handed_by', 'uuid', (col) => col.references('users.id'))
    .addColumn('cancelled_at', 'timestamptz')
    .addUniqueConstraint('desk_handovers_order_leg_key', ['order_id', 'leg'])
    .addCheckConstraint(
      'desk_handovers_steps_check',
      sql`(status = 'waiting' AND received_at IS NULL AND handed_at IS NULL)
        OR (status = 'at_desk' AND received_at IS NOT NULL AND received_by IS NOT NULL AND handed_at IS NULL)
        OR (status = 'done' AND received_at IS NOT NULL AND handed_at IS NOT NULL AND handed_by IS NOT NULL)
        OR (status = 'cancelled' AND cancelled_at IS NOT NULL)`,
    )
    .execute();
  await sql`CREATE UNIQUE INDEX desk_handovers_live_code_key ON desk_handovers (code_hash) WHERE status IN ('waiting', 'at_desk')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('desk_handovers').ifExists().execute();
  await db.schema.dropTable('desk_code_keys').ifExists().execute();
  await sql`DELETE FROM user_roles WHERE role = 'portaria'`.execute(db);
  await sql`ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check`.execute(db);
  await sql`ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin', 'moderator'))`.execute(db);
}
