import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Resolves when the database answers a query (rejects when it does not): /health. */
export async function databaseAnswers(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
