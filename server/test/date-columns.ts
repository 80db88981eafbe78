import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/** Every date and timestamp column of the app's tables (the migrator's own tables aside): what the clock tests read. */
export async function dateColumns(db: Db): Promise<{ table_name: string; column_name: string }[]> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('timestamp with time zone', 'timestamp without time zone', 'date')
      AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name, column_name`.execute(db);
  return rows;
}
