import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Logger } from 'pino';
import { trackPool } from '../observability/metrics.ts';
import type { Database } from './schema.ts';

// Calendar dates stay 'YYYY-MM-DD' strings (no shifting through Date);
// bigint ids and counts arrive as strings and are converted where used.
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);

export type Db = Kysely<Database>;

/**
 * Streamed reads (CSV exports) keep one cursor open while a slow connection
 * reads 100,000 rows: the pool's 20 s read timeout is meant for a screen's
 * query, so a cursor gets 30 minutes (pg reads query_timeout from the submitted query).
 */
class ExportCursor<Row> extends Cursor<Row> {
  readonly query_timeout = 30 * 60 * 1000;
}

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** A pool that survives Postgres restarts: idle-client errors are logged, never thrown. */
export function createDatabase(connectionString: string, logger: Logger, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    query_timeout: 20_000,
    application_name: 'vizinhanca',
  });
  pool.on('error', (error: Error & { code?: string }) => logger.warn({ error: error.message, code: error.code }, 'postgres pool client error'));
  // A client checked out between two statements (inside a transaction, say) has no
  // pool listener: a Postgres restart then emitted an unhandled 'error' that killed
  // the process. Its next statement fails on its own; here it is only logged.
  pool.on('connect', (client) => {
    client.on('error', (error: Error & { code?: string }) => logger.warn({ error: error.message, code: error.code }, 'postgres client error'));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: ExportCursor }) });
  const untrack = trackPool(pool);
  return {
    db,
    pool,
    async close() {
      untrack();
      await db.destroy();
    },
  };
}
