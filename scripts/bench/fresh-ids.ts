import type pg from 'pg';
import type { LoggedStatement } from './pg-log.ts';

// Ids a captured request made for itself: its notification's (made by the app, so the notification,
// its event and its delivery job can go in one statement) and its delivery job's. The app makes new
// ones for every request; pgbench replaying the captured values would meet the first transaction's
// rows (a duplicate key, or ON CONFLICT DO NOTHING skipping the job), so each transaction draws its own.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The parameters of the statements that are ids (uuids), each once. */
export function uuidParameters(statements: readonly LoggedStatement[]): string[] {
  return [...new Set(statements.flatMap((statement) => statement.params.filter((value): value is string => value !== null && UUID.test(value))))];
}

/** Columns of a targets table that draw a new id per transaction. */
export const FRESH_ID_COLUMNS = 'gen_random_uuid() AS notification_id, gen_random_uuid() AS job_id';

/**
 * Which of the captured parameters are the request's new notification and delivery job: a value →
 * the targets table's column (FRESH_ID_COLUMNS) for pgbench's `varying`. A request that made more
 * than one of either cannot be replayed by one column: refused.
 */
export async function freshIdColumns(client: pg.Client, statements: readonly LoggedStatement[]): Promise<Record<string, string>> {
  const ids = uuidParameters(statements);
  const notifications = (await client.query<{ id: string }>('SELECT id::text FROM notifications WHERE id = ANY($1::uuid[])', [ids])).rows;
  const jobs = (await client.query<{ id: string }>('SELECT id::text FROM pgboss.job WHERE id = ANY($1::uuid[])', [ids])).rows;
  if (notifications.length > 1 || jobs.length > 1) {
    throw new Error(`the captured request made ${notifications.length} notifications and ${jobs.length} jobs: the targets table draws one of each per transaction`);
  }
  return Object.fromEntries([...notifications.map((row) => [row.id, 'notification_id']), ...jobs.map((row) => [row.id, 'job_id'])]);
}
