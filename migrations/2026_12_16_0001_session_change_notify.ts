import { type Kysely, sql } from 'kysely';

// Every instance keeps validated sessions in memory. Whatever changes a
// session or what its person may do (logout, password change, suspension, role or
// approval change, sliding expiry, housekeeping, a maintainer's SQL) tells every
// instance on commit, through one NOTIFY carrying the person's id. Frozen in time:
// never import app code here (the channel name is copied from server/src/realtime/notify-channels.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- TG_ARGV[0]: the column holding the person's id (users.id, sessions.user_id, user_roles.user_id).
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('vizinhanca_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
      ELSE
        PERFORM pg_notify('vizinhanca_sessions', to_jsonb(NEW) ->> TG_ARGV[0]);
        IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[0]) THEN
          PERFORM pg_notify('vizinhanca_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
        END IF;
      END IF;
      RETURN NULL;
    END;
    $$`.execute(db);
  // A new session was never cached: only changes and deletions matter.
  await sql`
    CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION notify_session_change('user_id')`.execute(db);
  // Only the columns a session carries (AuthUser): a profile edit does not empty the caches.
  await sql`
    CREATE TRIGGER users_notify_change AFTER UPDATE OF email, full_name, approval_status, is_suspended ON users
    FOR EACH ROW WHEN ((OLD.email, OLD.full_name, OLD.approval_status, OLD.is_suspended) IS DISTINCT FROM (NEW.email, NEW.full_name, NEW.approval_status, NEW.is_suspended))
    EXECUTE FUNCTION notify_session_change('id')`.execute(db);
  await sql`
    CREATE TRIGGER users_notify_delete AFTER DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_session_change('id')`.execute(db);
  await sql`
    CREATE TRIGGER user_roles_notify_change AFTER INSERT OR UPDATE OR DELETE ON user_roles
    FOR EACH ROW EXECUTE FUNCTION notify_session_change('user_id')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER user_roles_notify_change ON user_roles`.execute(db);
  await sql`DROP TRIGGER users_notify_delete ON users`.execute(db);
  await sql`DROP TRIGGER users_notify_change ON users`.execute(db);
  await sql`DROP TRIGGER sessions_notify_change ON sessions`.execute(db);
  await sql`DROP FUNCTION notify_session_change()`.execute(db);
}
