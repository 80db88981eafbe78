import { type Kysely, sql } from 'kysely';

// LGPD: the personal values of a person's edits (name, phone, block,
// apartment, bio, e-mail, CPF) leave the append-only audit log for a side table,
// one row per entry, deleted when the person is anonymised. The log keeps who did
// what, when and to whom; only the values go. Frozen in time: never import app code here.
const PERSONAL_FIELDS = ['fullName', 'email', 'cpf', 'phone', 'block', 'apartment', 'bio'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_personal_values')
    .addColumn('audit_id', 'bigint', (col) => col.primaryKey().references('audit_log.id').onDelete('restrict'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('before', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('after', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('audit_personal_values_user_idx').on('audit_personal_values').column('user_id').execute();

  // Entries written before this migration: move their personal values out, once, by
  // the maintainer's migration (the app itself can never change a log row).
  const fields = sql.raw(`ARRAY[${PERSONAL_FIELDS.map((field) => `'${field}'`).join(', ')}]`);
  await sql`
    INSERT INTO audit_personal_values (audit_id, user_id, before, after)
    SELECT a.id, a.target_id,
           coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(coalesce(a.before, '{}'::jsonb)) WHERE key = ANY(${fields})), '{}'::jsonb),
           coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(coalesce(a.after, '{}'::jsonb)) WHERE key = ANY(${fields})), '{}'::jsonb)
      FROM audit_log a JOIN users u ON u.id = a.target_id
     WHERE a.target_type = 'user' AND (coalesce(a.before, '{}'::jsonb) ?| ${fields} OR coalesce(a.after, '{}'::jsonb) ?| ${fields})
       AND u.anonymized_at IS NULL`.execute(db);
  await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(db);
  await sql`
    UPDATE audit_log
       SET before = CASE WHEN before IS NULL THEN NULL ELSE before - ${fields} END,
           after = CASE WHEN after IS NULL THEN NULL ELSE after - ${fields} END
     WHERE target_type = 'user' AND (coalesce(before, '{}'::jsonb) ?| ${fields} OR coalesce(after, '{}'::jsonb) ?| ${fields})`.execute(db);
  await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_personal_values').ifExists().execute();
}
