// The pools' watch on unanswered statements (unanswered-statements.ts): the rule on a fixed
// clock, then a real Postgres that stays silent (pg_sleep) past a short limit.
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { UnansweredStatements } from './unanswered-statements.ts';

class FakeClient {
  ended = 0;
  async end() {
    this.ended += 1;
  }
}

/** A logger whose lines (parsed) land in `lines`. */
function capturingLogger(lines: Record<string, unknown>[]) {
  return pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
}

describe('the rule', () => {
  let clock = 0;
  const logged: Record<string, unknown>[] = [];
  const watch = new UnansweredStatements<FakeClient>(1000, capturingLogger(logged), () => clock);
  afterAll(() => watch.stop());

  it('ends a client whose statement has waited past the limit, once, and forgets it', () => {
    const client = new FakeClient();
    clock = 0;
    watch.sent(client);
    clock = 999;
    watch.endUnanswered();
    expect(client.ended).toBe(0);
    clock = 1000;
    watch.endUnanswered();
    expect(client.ended).toBe(1);
    expect(logged.at(-1)).toMatchObject({ msg: 'postgres sent no answer: connection ended', waitedMs: 1000 });
    clock = 5000;
    watch.endUnanswered();
    expect(client.ended).toBe(1);
    expect(watch.size).toBe(0);
  });

  it('an answer restarts the wait of the statements sent behind it; a client with every statement answered is forgotten', () => {
    const client = new FakeClient();
    clock = 10_000;
    const first = watch.sent(client);
    const second = watch.sent(client);
    clock = 10_900;
    first();
    clock = 11_800;
    watch.endUnanswered();
    expect(client.ended).toBe(0);
    second();
    expect(watch.size).toBe(0);
    clock = 20_000;
    watch.endUnanswered();
    expect(client.ended).toBe(0);
  });

  it('an answer arriving after its client was ended does not forget a newer wait', () => {
    const client = new FakeClient();
    clock = 30_000;
    const late = watch.sent(client);
    clock = 31_000;
    watch.endUnanswered();
    expect(client.ended).toBe(1);
    const next = watch.sent(client);
    late();
    expect(watch.size).toBe(1);
    next();
    expect(watch.size).toBe(0);
  });
});

it('a check that fails (a client that throws when ended) is logged, and the checks go on', async () => {
  const logged: Record<string, unknown>[] = [];
  const watch = new UnansweredStatements<FakeClient>(40, capturingLogger(logged));
  try {
    const broken = { ended: 0, end: () => { throw new Error('socket already gone'); } };
    const healthy = new FakeClient();
    watch.sent(broken as unknown as FakeClient);
    await new Promise((resolve) => setTimeout(resolve, 150));
    watch.sent(healthy);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'a listener failed; the server goes on', listener: 'unanswered statements' }));
    expect(healthy.ended).toBe(1);
  } finally {
    watch.stop();
  }
});

describe('on a real Postgres', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  const warnings: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDatabase(database.url, capturingLogger(warnings), { max: 1, unansweredStatementMs: 300 });
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('a statement Postgres does not answer within the limit fails with its connection, and the pool goes on with a new one', async () => {
    const started = performance.now();
    await expect(sql`SELECT pg_sleep(5)`.execute(handle.db)).rejects.toThrow(/Connection terminated/);
    // Ended between the limit and 1.25 times it (plus a busy machine's delay), far from pg_sleep's 5 s.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(warnings).toContainEqual(expect.objectContaining({ msg: 'postgres sent no answer: connection ended' }));
    // One connection (max 1): the next statement runs on a new one.
    expect((await sql<{ answer: number }>`SELECT 1 AS answer`.execute(handle.db)).rows).toEqual([{ answer: 1 }]);
  });

  it('statements answered within the limit, one after another and in a transaction, are left alone', async () => {
    const before = warnings.length;
    for (let i = 0; i < 3; i++) await sql`SELECT pg_sleep(0.1)`.execute(handle.db);
    await handle.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_sleep(0.2)`.execute(trx);
      await sql`SELECT pg_sleep(0.2)`.execute(trx);
    });
    expect(warnings.length).toBe(before);
  });
});
