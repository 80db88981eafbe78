import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { type Db, prepared, preparedWhenParameterised, writeLater } from '../db/database.ts';

// The job queue's own statements: pg-boss's, run on our pool or in our transaction, and the turn taken to create a queue.

/**
 * A statement of pg-boss's on a connection of the pool's own, rolled back on that connection if it
 * fails. pg-boss installs and migrates its schema in one text that opens its own transaction
 * (BEGIN; ...; COMMIT); a statement failing inside it (the second of two instances installing at
 * once meets 'already exists', which pg-boss then takes as installed) leaves the connection in the
 * aborted transaction, and back in the pool it would fail every later statement with 'current
 * transaction is aborted'. The ROLLBACK ends it; with no transaction open it only draws a warning.
 */
function executeRollingBackFailure(db: Db, query: CompiledQuery): Promise<{ rows: unknown[] }> {
  return db.connection().execute(async (connection) => {
    try {
      return await connection.executeQuery(query);
    } catch (error) {
      await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => {});
      throw error;
    }
  });
}

/**
 * pg-boss's statements on our pool, or in a transaction of ours (a failure there is the transaction's
 * to roll back); `onFailure` also sees each failure, awaited by pg-boss or not.
 */
export function executorFor(db: Db, onFailure?: (error: unknown) => void): PgBoss.Db {
  return {
    executeSql(text, values) {
      // Every job sent, fetched and completed runs one of a few texts: named, Postgres plans each once per connection.
      const query = preparedWhenParameterised(text, values ?? []);
      const statement = db.isTransaction ? db.executeQuery(query) : executeRollingBackFailure(db, query);
      const result = statement.then((done) => ({ rows: done.rows as unknown[] }));
      // pg-boss's own workers (its cron sender) record results without awaiting them: a refusal
      // there (a pool exhausted under load) would be an unhandled rejection that ends the
      // process. A handler on every statement prevents that; an awaiting caller still gets the error.
      if (onFailure) result.catch(onFailure);
      return result;
    },
  };
}

/**
 * pg-boss's statements for jobs sent in a transaction of ours: nobody reads the new job's id, so its
 * insert waits for the transaction's next statement (database.ts's writeLater) and goes with the
 * transaction's other such writes. pg-boss then answers no id, which our callers never ask for.
 */
export function heldExecutorFor(trx: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      await writeLater(trx, preparedWhenParameterised(text, values ?? []));
      return { rows: [] };
    },
  };
}

/**
 * pg-boss creates a queue in one transaction: its row in `queue`, then a partition of `job`
 * attached for its name. An instance creating the same queue at the same moment skips it as
 * soon as it sees that row committed, and sends its first job at once. Postgres makes a commit
 * visible a moment before it tells the other sessions about the catalog change (the
 * invalidation goes out after the commit, before the locks are released), and attaching a
 * partition does not block inserts into `job`: that send could be routed with the old list of
 * partitions and fail with 'no partition of relation "job" found for row' (what job-queue.test.ts's
 * instances starting together met once, under load). So each creation runs in our own
 * transaction that first takes an advisory lock: a second creator waits until the first has
 * released its locks, by which time every session learns of the partition (taking a lock on
 * `job` reads the invalidations). Creators taking turns also cannot deadlock on the
 * partition's DDL. The lock and the transaction are ours, the creation pg-boss's public
 * createQueue: nothing here depends on pg-boss's internals.
 */
const QUEUE_CREATION_LOCK = sql`hashtext('vizinhanca: pg-boss queue creation')`;

/** Runs `work` in a transaction of ours that first takes the queue-creation lock (one connection: a pool of one, global-setup's, cannot wait on itself). */
export async function inQueueCreationTurn(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${QUEUE_CREATION_LOCK})`.execute(trx);
    await work(trx);
  });
}

/** The queue's tables live in their own schema, created by pg-boss itself on first start. */
export const QUEUE_SCHEMA = 'pgboss';

/** The index that lets a fetch stop after its batch (createFetchOrderIndex); pg-boss names none of its own so. */
export const FETCH_ORDER_INDEX = 'job_fetch_order';

/**
 * pg-boss 10 takes a queue's next jobs in the order `priority DESC, created_on, id`, but its only index
 * for that read is on (name, start_after): Postgres read every job of the queue's partition (completed
 * ones stay there until archived, 12 hours) and sorted them to hand out ten, so each fetch cost more the
 * longer the queue and draining a backlog took time that grew with its square. An index in the fetch's
 * own order, over the jobs not yet taken, lets it read its batch and stop. Made on the partitioned
 * table, it reaches every queue's partition, the ones attached later included; made in the creation
 * turn, instances starting together make it once.
 */
export async function createFetchOrderIndex(db: Db): Promise<void> {
  await inQueueCreationTurn(db, async (trx) => {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(FETCH_ORDER_INDEX)} ON ${sql.id(QUEUE_SCHEMA, 'job')} (name, priority DESC, created_on, id) WHERE state < 'active'`.execute(trx);
  });
}

/**
 * Of these queues, the ones with a job to take now: waiting (not yet active) and past its start time,
 * as pg-boss's fetch looks for them. One statement for every queue: each partition's index on
 * (name, start_after) over the waiting jobs answers it without reading a queue's completed jobs.
 */
export async function queuesWithJobsDue(db: Db, names: readonly string[]): Promise<string[]> {
  const rows = await prepared(
    db,
    sql<{ name: string }>`SELECT q.name FROM unnest(${[...names]}::text[]) AS q(name)
      WHERE EXISTS (SELECT FROM ${sql.id(QUEUE_SCHEMA, 'job')} j WHERE j.name = q.name AND j.state < 'active' AND j.start_after < now())`.compile(db),
  );
  return rows.map((row) => row.name);
}
