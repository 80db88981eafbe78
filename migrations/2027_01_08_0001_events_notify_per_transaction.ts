import { type Kysely, sql } from 'kysely';

// Fan-out: one NOTIFY per transaction instead of one per event. A
// transaction notifying 1,000 people sent 1,000 NOTIFYs; the listener parsed them in
// pieces and read the rows in several batches, the later ones waiting behind the
// first one's delivery. Now every event row carries its transaction's id, and a
// statement trigger NOTIFYs that id on a new channel; Postgres folds identical NOTIFYs
// of one transaction into one, so one message announces all of its events, and any
// insert (the app, a maintainer's SQL) announces itself. A new channel, so that an
// instance still running the old code during a rolling deploy never takes a
// transaction id for an event id (its tabs catch up when they reconnect).
// Frozen in time: never import app code here (the channel name is copied from
// server/src/realtime/notify-channels.ts).
export async function up(db: Kysely<any>): Promise<void> {
  // Existing rows get this migration's transaction id: harmless, nobody waits for them.
  await sql`ALTER TABLE events ADD COLUMN xact_id xid8 NOT NULL DEFAULT pg_current_xact_id()`.execute(db);
  await sql`CREATE INDEX events_xact_id_idx ON events (xact_id)`.execute(db);
  await sql`
    CREATE FUNCTION notify_events_committed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('vizinhanca_event_transactions', pg_current_xact_id()::text);
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`
    CREATE TRIGGER events_notify_committed AFTER INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION notify_events_committed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER events_notify_committed ON events`.execute(db);
  await sql`DROP FUNCTION notify_events_committed()`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN xact_id`.execute(db);
}
