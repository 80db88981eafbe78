import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { bareFeedAnswer, bareOrderAnswer, bareOrderTargetsSql, bareOrderValues, bareStatementFor, storedAnswer } from './minimal-answer.ts';
import type { LoggedStatement } from './pg-log.ts';
import { drawnStatements, pgbenchScript } from './pgbench-script.ts';

describe("the bare endpoint's answer", () => {
  // Rows as pg returns the feed's: text, numbers, nulls, arrays and timestamps as Dates.
  const rows = Array.from({ length: 4 }, (_, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    title: `Furadeira "${i}"`,
    price_cents: 1500 + i,
    rating: i % 2 ? null : 4.5,
    tags: ['bench', String(i)],
    published_at: new Date(Date.UTC(2026, 10, 28, 12, i)),
    expires_at: new Date(Date.UTC(2026, 11, 28, 12, i)),
  }));

  it('is the text superjson writes for the page, in the batch envelope, written by the app\'s writer', () => {
    const page = { items: rows.slice(0, 3), nextCursor: rows[2]!.id };
    expect(bareFeedAnswer(rows, 3)).toBe(`[{"result":{"data":${JSON.stringify(superjson.serialize(page))}}}]`);
    const parsed = JSON.parse(bareFeedAnswer(rows, 3)) as [{ result: { data: Parameters<typeof superjson.deserialize>[0] } }];
    expect(superjson.deserialize(parsed[0].result.data)).toEqual(page);
  });

  it('has no next cursor when it read no row past the page', () => {
    const parsed = JSON.parse(bareFeedAnswer(rows, 4)) as [{ result: { data: Parameters<typeof superjson.deserialize>[0] } }];
    expect(superjson.deserialize(parsed[0].result.data)).toEqual({ items: rows, nextCursor: null });
  });
});

describe('what the bare endpoint runs for a request', () => {
  const feed = { text: 'select * from listings where id < $2 and expires_at > $1 limit $3', values: ['2026-11-28 12:00:00+00', '00000000-0000-4000-8000-0000000000aa', '21'], limit: 20, cursorParam: 1 };
  const input = (json: Record<string, unknown>) => `/trpc/listings.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json } }))}`;
  const searchPath = input({ type: 'rental', search: 'furadeira', sort: 'newest' });
  const searches = new Map([[searchPath, { path: searchPath, text: 'select * from listings where title ilike $1 limit $2', values: ['%furadeira%', '21'], limit: 20 }]]);

  it('runs the search captured for that path, unnamed, with its own values', () => {
    expect(bareStatementFor(searchPath, feed, searches)).toEqual({ query: { text: searches.get(searchPath)!.text, values: ['%furadeira%', '21'] }, limit: 20 });
  });

  it("runs the feed's named statement after the request's cursor, or the captured one without a cursor", () => {
    const cursor = '00000000-0000-4000-8000-0000000000bb';
    expect(bareStatementFor(input({ type: 'rental', cursor }), feed, searches)).toEqual({ query: { name: 'feed', text: feed.text, values: [feed.values[0], cursor, '21'] }, limit: 20 });
    expect(bareStatementFor(input({ type: 'rental' }), feed, searches).query.values).toEqual(feed.values);
    expect(bareStatementFor('/trpc/listings.list?input=%7Bnot json', feed, searches).query.values).toEqual(feed.values);
    // The captured values are never changed by a request.
    expect(feed.values[1]).toBe('00000000-0000-4000-8000-0000000000aa');
  });
});

describe("an answer kept to be sent again (the plain server's)", () => {
  it("keeps the body's bytes and the headers of its content, and drops those of the one response", () => {
    const body = Buffer.from([0x1b, 0x00, 0xff, 0x10]);
    const raw = ['X-Request-Id', 'abc', 'X-Content-Type-Options', 'nosniff', 'X-Feed-Cache', 'hit', 'Content-Type', 'application/json', 'Content-Encoding', 'br',
      'Vary', 'trpc-accept, accept, Accept-Encoding', 'Date', 'Tue, 01 Dec 2026 09:00:00 GMT', 'Connection', 'keep-alive', 'Keep-Alive', 'timeout=65', 'Content-Length', '4'];
    const stored = storedAnswer(body, raw);
    expect(Buffer.from(stored.body, 'base64')).toEqual(body);
    expect(stored.headers).toEqual([
      ['X-Content-Type-Options', 'nosniff'],
      ['Content-Type', 'application/json'],
      ['Content-Encoding', 'br'],
      ['Vary', 'trpc-accept, accept, Accept-Encoding'],
    ]);
  });
});

describe("the bare endpoint's orders", () => {
  const statement = (sql: string, params: (string | null)[] = []): LoggedStatement => ({ pid: 1, application: 'vizinhanca', sql, params });
  const captured = [
    statement('insert into throttles (key, hits) values ($1, $2)', ['ordersPerUser:u-1', '1']),
    statement('begin'),
    statement('insert into orders (listing_id, renter_id, start_date, message) values ($1, $2, $3, $4)', ['l-1', 'u-1', '2026-11-24', null]),
    statement('commit;'),
  ];
  const varying = { table: 'bench_targets', columns: { 'u-1': 'renter_id', 'l-1': 'listing_id', '2026-11-24': 'start_date' } };
  const plan = drawnStatements(captured, { prefix: 'o', varying });
  const orders = { table: 'bench_targets', drawn: plan.drawn, statements: plan.statements.map((s) => ({ text: s.sql, params: s.params })), message: 'Pedido enviado' };

  it("runs the app's statements as it sent them, each identifying value taken from a target row by the name pgbench's script gives it", () => {
    const row = { o1_1: 'ordersPerUser:u-9', o3_1: 'l-9', o3_2: 'u-9', o3_3: '2026-11-25' };
    expect(orders.statements.map((s) => s.text)).toEqual(['insert into throttles (key, hits) values ($1, $2)', 'begin', 'insert into orders (listing_id, renter_id, start_date, message) values ($1, $2, $3, $4)', 'commit']);
    expect(orders.statements.map((s) => bareOrderValues(s.params, row))).toEqual([['ordersPerUser:u-9', '1'], [], ['l-9', 'u-9', '2026-11-25', null], []]);
    // The same names and expressions as the pgbench script's draw: both run the same values from the same rows.
    const script = pgbenchScript(captured, { prefix: 'o', varying }).script;
    for (const drawn of plan.drawn) expect(script).toContain(drawn);
    expect(bareOrderTargetsSql(orders)).toBe(`SELECT ${plan.drawn.join(', ')} FROM bench_targets WHERE n >= $1 AND n < $1 + $2 ORDER BY n`);
  });

  it('refuses a target row without a value the statements draw', () => {
    expect(() => bareOrderValues(orders.statements[2]!.params, { o3_1: 'l-9' })).toThrow(/o3_2/);
  });

  it("answers as the app does: the order's id and the words in tRPC's batch envelope", () => {
    const parsed = JSON.parse(bareOrderAnswer('o-1', 'Pedido "enviado"')) as [{ result: { data: { json: unknown } } }];
    expect(parsed[0].result.data.json).toEqual({ id: 'o-1', message: 'Pedido "enviado"' });
  });
});
