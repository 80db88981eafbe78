import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { type Db, preparedWhenParameterised, writeLater } from '../db/database.ts';

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
