import { type Kysely, sql } from 'kysely';

// Every instance read every transaction's events, though it hands them only to the people with a
// tab open on it: with several instances each transaction was read by all of them, and an order
// whose owner had no tab open anywhere was read for nobody. The NOTIFY now also names the people
// of the statement's events, so an instance reads a transaction only when one of them listens on
// it. It names nobody (the transaction alone: read it) when a statement wrote a system event (every
// instance's hooks see those) or events for more than PEOPLE_NAMED people (a broadcast: its
// payload would grow past what a NOTIFY should carry, and most instances want it anyway). A
// statement that wrote no row announces nothing. Postgres folds identical NOTIFYs of one
// transaction: a transaction sends one per distinct set of people, and the reader reads the
// transaction once. A new channel, as in 2027_01_08_0001: an instance still running the old
// code hears nothing rather than taking a list of people for a transaction id (its tabs catch up
// when they reconnect). Frozen in time: never import app code here (the channel's name and the
// system kinds' prefix are copied from server/src/realtime/).
const PEOPLE_NAMED = 50;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER events_notify_committed ON events`.execute(db);
  await sql`DROP FUNCTION notify_events_committed()`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION notify_events_people() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      written bigint;
      everyone boolean;
      people text;
    BEGIN
      SELECT count(*), count(DISTINCT user_id) > ${PEOPLE_NAMED} OR coalesce(bool_or(kind LIKE 'system.%'), false), string_agg(DISTINCT user_id::text, ',')
        INTO written, everyone, people
        FROM inserted;
      IF written = 0 THEN
        RETURN NULL;
      END IF;
      -- 'transaction id' when everyone may want it, else 'transaction id:person,person' (an event for
      -- nobody in particular, with no person and no system kind, reaches no tab: it names nobody).
      PERFORM pg_notify('vizinhanca_event_people', pg_current_xact_id()::text || CASE WHEN everyone THEN '' ELSE ':' || coalesce(people, '') END);
      RETURN NULL;
    END;
    $$`,
    )
    .execute(db);
  await sql`
    CREATE TRIGGER events_notify_people AFTER INSERT ON events
    REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION notify_events_people()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER events_notify_people ON events`.execute(db);
  await sql`DROP FUNCTION notify_events_people()`.execute(db);
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
