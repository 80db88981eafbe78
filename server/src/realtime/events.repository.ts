import { createHash } from 'node:crypto';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database.ts';
import { SYSTEM_KIND_PREFIX } from './event-content.ts';

// Every read of the `events` table (the writes are in published-events.repository.ts).

/** The current snapshot's xmin (xid8, decimal): every transaction below it has ended. */
export async function currentSnapshotXmin(db: Db): Promise<string> {
  const row = await sql<{ xmin: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`.execute(db);
  return row.rows[0]!.xmin;
}

/**
 * The transactions at or above `from` (xid8) that wrote events, but those in `skipped`, in
 * commit order as far as the ids tell (by each one's first id).
 */
export async function transactionsWithEventsFrom(db: Db, from: string, skipped: string[]): Promise<string[]> {
  const { rows } = await sql<{ xact_id: string }>`
    SELECT xact_id::text AS xact_id FROM events
     WHERE xact_id >= ${from}::xid8 AND NOT (xact_id = ANY(${skipped}::xid8[]))
     GROUP BY xact_id
     ORDER BY min(id)`.execute(db);
  return rows.map((row) => row.xact_id);
}

/**
 * A row of a grouped reading (see groupedEvents): the events of one part (a transaction)
 * with the same kind, payload and created_at; their ids and people comma-separated in id
 * order (an empty person: no user).
 */
export type EventGroupRow = { part: number; kind: string; payload_text: string | null; created_ms: number; ids: string; user_ids: string; first_id: string; xmin: string };

/**
 * One read of the events matching `condition`, grouped by content: one row per part
 * (`part`: a transaction's place in commit order; one part for a catch-up) and per
 * kind, payload and created_at, with the ids and people of its events as lists in id
 * order. A transaction notifying thousands of people with one content is one row: its
 * payload sent and parsed once, not thousands of rows. Also the reading's own snapshot xmin.
 */
function groupedEvents(db: Db, condition: RawBuilder<boolean>, part: RawBuilder<number>): CompiledQuery<EventGroupRow> {
  return sql<EventGroupRow>`
      SELECT ${part} AS part, kind, payload::text AS payload_text,
             (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
             string_agg(id::text, ',' ORDER BY id) AS ids,
             string_agg(coalesce(user_id::text, ''), ',' ORDER BY id) AS user_ids,
             min(id) AS first_id,
             (SELECT pg_snapshot_xmin(pg_current_snapshot()))::text AS xmin
        FROM events
       WHERE ${condition}
       GROUP BY 1, kind, payload, created_at
       ORDER BY 1, first_id`.compile(db);
}

/** The events of these transactions, grouped, each transaction a part numbered by its place in the list (commit order). */
export function eventsOfTransactions(db: Db, transactionIds: string[]): CompiledQuery<EventGroupRow> {
  return groupedEvents(db, sql<boolean>`xact_id = any(${transactionIds}::xid8[])`, sql<number>`array_position(${transactionIds}::xid8[], xact_id)`);
}

/** These events, grouped, as one part. */
export function eventsWithIds(db: Db, ids: string[]): CompiledQuery<EventGroupRow> {
  return groupedEvents(db, sql<boolean>`id = any(${ids}::bigint[])`, sql<number>`0`);
}

/** A grouped reading on the pool. */
export async function readEventGroups(db: Db, query: CompiledQuery<EventGroupRow>): Promise<EventGroupRow[]> {
  return (await db.executeQuery<EventGroupRow>(query)).rows;
}

/**
 * A grouped reading on one connection (the bus's LISTEN connection: no wait for the pool),
 * as a statement prepared once, row by row as they arrive; `onEnd` runs once the last is in.
 * Both run inside pg's parsing of the connection's data: they must not throw.
 */
export function streamEventGroups(client: pg.Client, query: CompiledQuery<EventGroupRow>, onRow: (row: EventGroupRow) => void, onEnd: () => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const streamed = new pg.Query({ name: statementName(query.sql), text: query.sql, values: [...query.parameters] });
    streamed.on('row', onRow);
    streamed.on('end', () => {
      onEnd();
      resolve();
    });
    streamed.on('error', reject);
    client.query(streamed);
  });
}

/** A name for a prepared statement, from its text (the same text, the same statement, on every connection). */
function statementName(text: string): string {
  return `vz_bus_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

/** A snapshot, and the person's events of the transactions not visible in the tab's cursor (up to one more than replayed, to know when there are too many). */
export interface MissedEvents {
  snapshot: string;
  /** `transactionId`: the writing transaction's (xid8, decimal). */
  rows: { id: string; transactionId: string; kind: string; payload: unknown }[];
}

/**
 * One statement: its snapshot (pg_current_snapshot() is the statement's own), and with a cursor
 * the person's events that committed after it, in id order, `limit` at most. A transaction not
 * visible in the cursor is at or above its xmin, which lets the index on xact_id narrow the search.
 */
export async function readMissedEvents(db: Db, userId: string, from: string | null, limit: number): Promise<MissedEvents> {
  if (from === null) {
    const { rows } = await sql<{ snapshot: string }>`SELECT pg_current_snapshot()::text AS snapshot`.execute(db);
    return { snapshot: rows[0]!.snapshot, rows: [] };
  }
  const { rows } = await sql<{ snapshot: string; id: string | null; xact_id: string; kind: string; payload: unknown }>`
    SELECT reading.snapshot::text AS snapshot, missed.id, missed.xact_id::text AS xact_id, missed.kind, missed.payload
      FROM (SELECT pg_current_snapshot() AS snapshot) reading
      LEFT JOIN LATERAL (
        SELECT id, xact_id, kind, payload FROM events
         WHERE user_id = ${userId}
           AND xact_id >= pg_snapshot_xmin(${from}::pg_snapshot)
           AND NOT pg_visible_in_snapshot(xact_id, ${from}::pg_snapshot)
           AND kind NOT LIKE ${`${SYSTEM_KIND_PREFIX}%`}
         ORDER BY id
         LIMIT ${limit}) missed ON true
     ORDER BY missed.id`.execute(db);
  return {
    snapshot: rows[0]!.snapshot,
    rows: rows.filter((row) => row.id !== null).map((row) => ({ id: String(row.id), transactionId: row.xact_id, kind: row.kind, payload: row.payload })),
  };
}

/** Events are for live delivery and short catch-ups; old rows only take space. */
export async function pruneEventsOlderThan(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('events').where('created_at', '<', before).execute();
}

/** The instant `days` ago on the database's clock, which stamps the events (created_at defaults to now()). */
export async function eventsClockDaysAgo(db: Db, days: number): Promise<Date> {
  const { rows } = await sql<{ before: Date }>`SELECT now() - make_interval(days => ${days}) AS before`.execute(db);
  return rows[0]!.before;
}
