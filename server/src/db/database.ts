import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Logger } from 'pino';
import type { Database } from './schema.ts';

// Calendar dates stay 'YYYY-MM-DD' strings (no shifting through Date);
// bigint ids and counts arrive as strings and are converted where used.
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);

export type Db = Kysely<Database>;

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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  return {
    db,
    pool,
    async close() {
      await db.destroy();
    },
  };
}
