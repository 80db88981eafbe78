import { type Kysely, sql } from 'kysely';

// Administration: the append-only audit log, billing and its overdue
// rule, and the mark of an anonymised person. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // Null for what nobody did by hand (the daily billing job).
    .addColumn('actor_id', 'uuid', (col) => col.references('users.id').onDelete('restrict'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'uuid')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('audit_log_action_check', sql`length(action) BETWEEN 1 AND 60`)
    .addCheckConstraint('audit_log_target_type_check', sql`target_type IN ('user', 'listing', 'order', 'billing')`)
    .execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
  // The log is append-only for everyone, the app's own role included: history is never rewritten.
  await sql`
    CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
    END;
    $$`.execute(db);
  await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`.execute(db);

  await db.schema
    .createTable('billings')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('due_date', 'date', (col) => col.notNull())
    .addColumn('auto_renewal', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('billings_amount_check', sql`amount_cents > 0 AND amount_cents <= 10000000`)
    .addCheckConstraint('billings_status_check', sql`status IN ('pending', 'overdue', 'paid')`)
    .addCheckConstraint('billings_paid_at_check', sql`(status = 'paid') = (paid_at IS NOT NULL)`)
    .execute();
  await db.schema.createIndex('billings_status_due_idx').on('billings').columns(['status', 'due_date']).execute();
  await db.schema.createIndex('billings_user_status_idx').on('billings').columns(['user_id', 'status']).execute();

  await db.schema.alterTable('users').addColumn('anonymized_at', 'timestamptz').execute();
  // The users section pages by (created_at, id), newest first, over every resident.
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_created_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('anonymized_at').execute();
  await db.schema.dropTable('billings').ifExists().execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await sql`DROP FUNCTION IF EXISTS audit_log_refuse_change()`.execute(db);
}
