import { type Kysely, sql } from 'kysely';

// LGPD: anonymising a person blanks the personal values of the audit entries about
// them, their listings and their orders (a listing's text or title kept then, a reason
// naming them). The log stays append-only for everything else: an update may only
// replace values of `before`/`after` (same keys), the reason and the kept title with
// the marker below; who did what, when and to what never changes, and nothing is ever deleted.
// Frozen in time: never import app code here (the app writes the same marker).
const REDACTED = 'Removido (LGPD)';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION audit_values_only_redacted(old_values jsonb, new_values jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
      SELECT old_values IS NOT DISTINCT FROM new_values
          OR (jsonb_typeof(old_values) = 'object' AND jsonb_typeof(new_values) = 'object'
              AND (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(old_values) AS k)
                = (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(new_values) AS k)
              AND NOT EXISTS (
                SELECT 1 FROM jsonb_each(new_values) AS n
                 WHERE n.value <> old_values -> n.key AND n.value <> to_jsonb(${sql.lit(REDACTED)}::text)))
    $$`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_allow_redaction_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE'
         AND (to_jsonb(NEW) - 'before' - 'after' - 'reason' - 'target_label') = (to_jsonb(OLD) - 'before' - 'after' - 'reason' - 'target_label')
         AND (NEW.reason IS NOT DISTINCT FROM OLD.reason OR NEW.reason = ${sql.lit(REDACTED)})
         AND (NEW.target_label IS NOT DISTINCT FROM OLD.target_label OR NEW.target_label = ${sql.lit(REDACTED)})
         AND audit_values_only_redacted(OLD.before, NEW.before)
         AND audit_values_only_redacted(OLD.after, NEW.after) THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
    END;
    $$`.execute(db);
  await sql`DROP TRIGGER audit_log_append_only ON audit_log`.execute(db);
  await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_allow_redaction_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER audit_log_append_only ON audit_log`.execute(db);
  await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_log_allow_redaction_only()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_values_only_redacted(jsonb, jsonb)`.execute(db);
}
