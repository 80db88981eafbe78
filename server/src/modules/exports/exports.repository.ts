import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** How long one export may take: a slow connection reading 100,000 rows, not the 15 s of a screen's query. */
const EXPORT_STATEMENT_TIMEOUT = '30min';

/**
 * Runs an export in one read-only, repeatable-read transaction: every page of
 * the cursor sees the same snapshot, and the cursor (one statement for
 * Postgres, however long the client takes to read) gets its own timeout.
 */
export function inExportTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`SELECT set_config('statement_timeout', ${EXPORT_STATEMENT_TIMEOUT}, true)`.execute(trx);
      return work(trx);
    });
}
