// Named statements (database.ts, `prepared`): a marked query is parsed once per
// connection under a name Postgres keeps; anything else stays unnamed.
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { createDatabase, type DatabaseHandle, prepared } from './database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDatabase(database.url, pino({ level: 'silent' }), { max: 1 });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

const preparedNames = async () =>
  (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(handle.db)).rows;

it('a marked query runs as one named statement per connection, whatever its values; unmarked ones stay unnamed', async () => {
  const query = (email: string) => handle.db.selectFrom('users').select('id').where('email', '=', email);
  expect(await prepared(handle.db, query('ninguem@teste.com'))).toEqual([]);
  expect(await prepared(handle.db, query('outro@teste.com'))).toEqual([]);
  await query('terceiro@teste.com').execute();
  // One connection (max 1): the statement parsed by the two marked runs is still there, once.
  const named = (await preparedNames()).filter((row) => row.statement.includes('"email" = $1'));
  expect(named).toHaveLength(1);
  expect(named[0]!.name).toMatch(/^vz_[0-9a-f]{24}$/);
});

it('inside a transaction, on the transaction connection', async () => {
  const rows = await handle.db.transaction().execute(async (trx) => {
    await prepared(trx, trx.selectFrom('listings').select('id').where('title', '=', 'nada'));
    return (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(trx)).rows;
  });
  expect(rows.some((row) => row.statement.includes('"title" = $1'))).toBe(true);
});
