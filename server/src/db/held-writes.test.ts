// Held writes (database.ts's writeLater, held-writes.ts): in a transaction, writes whose results
// nobody reads wait and go to Postgres as one statement before the next statement or the commit.
import { CompiledQuery, sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, interceptStatements } from '../../test/harness.ts';
import { createDatabase, type DatabaseHandle, type Db, writeLater } from './database.ts';
import { combineWrites, cutAtParameters, isHoldable, MAX_WRITES_PER_STATEMENT } from './held-writes.ts';

describe('texts cut at their parameters', () => {
  it('finds $n outside quoted strings, quoted names and comments', () => {
    const cut = cutAtParameters(`insert into "t$1" (a, b) values ($1, '$2 '' $3') -- $4\n returning /* $5 */ $2::int`);
    expect(cut?.numbers).toEqual([1, 2]);
    expect(cut?.pieces.join('§')).toBe(`insert into "t$1" (a, b) values (§, '$2 '' $3') -- $4\n returning /* $5 */ §::int`);
  });

  it('reads a name with $ in it as a name', () => {
    expect(cutAtParameters('insert into t (col$1) values ($1)')?.numbers).toEqual([1]);
  });

  it('refuses what it does not follow: dollar quotes, E strings, an unclosed quote or comment', () => {
    for (const text of ['insert into t values ($$a$$)', "insert into t values (E'\\'')", "insert into t values ('a)", 'insert into t values (1) /* a']) {
      expect(cutAtParameters(text)).toBeNull();
    }
  });

  it('holds single INSERTs only', () => {
    expect(isHoldable('insert into t (a) values ($1)')).toBe(true);
    expect(isHoldable(' INSERT INTO pgboss.job (id) SELECT $1 ON CONFLICT DO NOTHING RETURNING id')).toBe(true);
    expect(isHoldable('update t set a = $1')).toBe(false);
    expect(isHoldable('with x as (select 1) insert into t select * from x')).toBe(false);
    expect(isHoldable('insert into t values ($$a$$)')).toBe(false);
  });
});

describe('held writes combined', () => {
  it('one write is sent as it is', () => {
    const write = { text: 'insert into t (a) values ($1);', values: [1] };
    expect(combineWrites([write])).toEqual([write]);
  });

  it('several become one statement: the first the primary, the others WITH clauses from the last, parameters renumbered', () => {
    const [statement, ...rest] = combineWrites([
      { text: 'insert into a (x, y) values ($1, $2)', values: ['a1', 'a2'] },
      { text: 'insert into b (x) values ($1) returning id;', values: ['b1'] },
      { text: 'insert into c (x, y) values ($2, $1)', values: ['c1', 'c2'] },
    ]);
    expect(rest).toEqual([]);
    expect(statement).toEqual({
      text: 'WITH held_3 AS (insert into c (x, y) values ($5, $4)), held_2 AS (insert into b (x) values ($3) returning id) insert into a (x, y) values ($1, $2)',
      values: ['a1', 'a2', 'b1', 'c1', 'c2'],
    });
  });

  it(`sends at most ${MAX_WRITES_PER_STATEMENT} writes in one statement`, () => {
    const writes = Array.from({ length: MAX_WRITES_PER_STATEMENT + 1 }, (_, i) => ({ text: 'insert into t (a) values ($1)', values: [i] }));
    const statements = combineWrites(writes);
    expect(statements.map((statement) => statement.values.length)).toEqual([MAX_WRITES_PER_STATEMENT, 1]);
  });
});

describe('held writes against Postgres', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  /** Every text the pool's one client sent, in order. */
  const sent: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    handle = createDatabase(database.url, pino({ level: 'silent' }), { max: 1 });
    interceptStatements(handle.pool, (text) => {
      sent.push(text);
    });
    await sql`CREATE TABLE held (id bigserial PRIMARY KEY, tag text NOT NULL UNIQUE, parent text)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    await sql`TRUNCATE held RESTART IDENTITY`.execute(handle.db);
    sent.length = 0;
  });

  const write = (db: Db, tag: string) => writeLater(db, CompiledQuery.raw('insert into held (tag) values ($1) on conflict (tag) do nothing returning id', [tag]));
  const tags = async () => (await sql<{ id: string; tag: string }>`SELECT id, tag FROM held ORDER BY id`.execute(handle.db)).rows.map((row) => row.tag);

  it('in a transaction: sent together before the next statement, in the order written (ids too), then the statement', async () => {
    const seen = await handle.db.transaction().execute(async (trx) => {
      for (const tag of ['first', 'second', 'third']) await write(trx, tag);
      return (await sql<{ tag: string }>`SELECT tag FROM held ORDER BY id`.execute(trx)).rows.map((row) => row.tag);
    });
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(await tags()).toEqual(['first', 'second', 'third']);
    const transaction = sent.slice(0, 4);
    expect(transaction[0]).toBe('begin');
    expect(transaction[1]).toMatch(/^WITH held_3 AS \(insert into held .*\), held_2 AS \(insert into held .*\) insert into held /);
    expect(transaction[2]).toMatch(/^SELECT tag FROM held/);
    expect(transaction[3]).toBe('commit');
  });

  it('a transaction of held writes only is one statement, with no BEGIN or COMMIT; two writes of one key under ON CONFLICT DO NOTHING keep the first', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await write(trx, 'same');
      await writeLater(trx, CompiledQuery.raw("insert into held (tag, parent) values ($1, 'second') on conflict (tag) do nothing", ['same']));
    });
    expect((await sql<{ parent: string | null }>`SELECT parent FROM held`.execute(handle.db)).rows).toEqual([{ parent: null }]);
    expect(sent.slice(0, 2).map((text) => text.slice(0, 10))).toEqual(['WITH held_', 'SELECT par']);
  });

  it('a transaction that sent nothing sends nothing; one with more held writes than a statement takes is BEGIN, the statements, COMMIT', async () => {
    await handle.db.transaction().execute(async () => {});
    expect(sent).toEqual([]);
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i <= MAX_WRITES_PER_STATEMENT; i += 1) await write(trx, `tag ${i}`);
    });
    expect(sent.map((text) => text.slice(0, 10))).toEqual(['begin', 'WITH held_', 'insert int', 'commit']);
    expect(await tags()).toHaveLength(MAX_WRITES_PER_STATEMENT + 1);
  });

  it('a rollback drops what is held: nothing is written', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await write(trx, 'dropped');
        throw new Error('the caller gave up');
      }),
    ).rejects.toThrow('the caller gave up');
    expect(await tags()).toEqual([]);
    expect(sent.filter((text) => text.includes('insert into held'))).toEqual([]);
  });

  it('a held write that fails fails the next statement, and the transaction rolls back whole', async () => {
    await handle.db.transaction().execute((trx) => write(trx, 'taken'));
    const failing = handle.db.transaction().execute(async (trx) => {
      await write(trx, 'kept only if the transaction commits');
      await writeLater(trx, CompiledQuery.raw('insert into held (tag) values ($1)', ['taken']));
      await sql`SELECT 1`.execute(trx);
    });
    await expect(failing).rejects.toThrow(/duplicate key value violates unique constraint/);
    expect(await tags()).toEqual(['taken']);
    expect(sent).not.toContain('SELECT 1');
  });

  it('a failure held to the commit fails the commit: nothing of the transaction is written', async () => {
    await handle.db.transaction().execute((trx) => write(trx, 'taken'));
    const failing = handle.db.transaction().execute(async (trx) => {
      await write(trx, 'not written');
      await writeLater(trx, CompiledQuery.raw('insert into held (tag) values ($1)', ['taken']));
    });
    await expect(failing).rejects.toThrow(/duplicate key value/);
    expect(await tags()).toEqual(['taken']);
    // The one statement was the transaction: no ROLLBACK is sent (Postgres would warn there is none).
    expect(sent).not.toContain('rollback');
  });

  it('a failure before the commit of a transaction that sent statements rolls it back on the server, and the client works after', async () => {
    const failing = handle.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await writeLater(trx, CompiledQuery.raw('insert into held (tag) values (NULL)', []));
    });
    await expect(failing).rejects.toThrow(/null value in column "tag"/);
    expect(sent.slice(-2)).toEqual(['insert into held (tag) values (NULL)', 'rollback']);
    await write(handle.db, 'after');
    expect(await tags()).toEqual(['after']);
  });

  it('outside a transaction a write runs at once', async () => {
    await write(handle.db, 'now');
    expect(await tags()).toEqual(['now']);
  });

  it('a savepoint sends what came before it; rolling back to it drops only what came after', async () => {
    const trx = await handle.db.startTransaction().execute();
    await write(trx, 'before');
    const savepoint = await trx.savepoint('sp').execute();
    await write(savepoint, 'after');
    await savepoint.rollbackToSavepoint('sp').execute();
    await write(trx, 'last');
    await trx.commit().execute();
    expect(await tags()).toEqual(['before', 'last']);
  });

  it('a streamed read in the transaction comes after what was held', async () => {
    const streamed = await handle.db.transaction().execute(async (trx) => {
      await write(trx, 'streamed');
      const tagsRead: string[] = [];
      for await (const row of trx.selectFrom(sql<{ tag: string }>`(SELECT tag FROM held)`.as('h')).select('tag').stream()) tagsRead.push(row.tag);
      return tagsRead;
    });
    expect(streamed).toEqual(['streamed']);
  });
});
