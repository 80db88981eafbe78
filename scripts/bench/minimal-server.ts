import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { COMPRESSION_THRESHOLD_BYTES, encodeText, preferredEncoding } from '../../server/src/http/content-encoding.ts';
import {
  bareFeedAnswer,
  type BareFeedStatement,
  bareOrderAnswer,
  type BareOrderStatements,
  bareOrderTargetsSql,
  bareOrderValues,
  type BareSearchStatement,
  bareStatementFor,
  type StoredAnswer,
} from './minimal-answer.ts';
import { targetsSequence } from './pgbench-script.ts';

// The bare baseline of the feed: Node's http, pg, the app's superjson writer and its own
// compression (the same encodings, brotli quality and threshold), running the feed
// SQL the app sent (captured), with nothing else: no tRPC, no auth, no middleware,
// no logging. It answers the browser's GET of listings.list in tRPC's batch envelope;
// the cursor of the request replaces the captured one, so every request is a query
// (there is no cache here). The bench compiles it and runs it with plain node.
// Env: DATABASE_URL, PORT, FEED_SQL (JSON { text, values, limit, cursorParam }); or, for searches,
// SEARCH_SQL (JSON [{ path, text, values, limit }]): each request path the statement the app sent for
// it, unnamed (extended protocol, parsed each time) as the app sends a search.
// With ORDER_SQL (JSON BareOrderStatements) too, a POST is an order: the statements the app sent for one
// (captured), named, on one connection, with the values of a target row reserved at start (ORDER_TARGETS of them).
// Or, with ANSWER (JSON StoredAnswer: an answer the app sent, its body and content headers), the plain
// server: every request gets those bytes and headers with a new X-Request-Id, as the app's cache hit
// does, and nothing else runs (no database, no routing, no session): what Node's http alone costs.

const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);

const feed = JSON.parse(process.env.FEED_SQL ?? '{}') as BareFeedStatement;
const searches = new Map((JSON.parse(process.env.SEARCH_SQL ?? '[]') as BareSearchStatement[]).map((search) => [search.path, search]));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'vz-bench-minimal' });

const orders = process.env.ORDER_SQL ? (JSON.parse(process.env.ORDER_SQL) as BareOrderStatements) : null;
let targets: Record<string, string | null>[] = [];
let nextTarget = 0;

/** Target rows an endpoint reserves: room for a load at well over this machine's rate. */
const ORDER_TARGETS = 40_000;

/** Takes the next ORDER_TARGETS rows of the targets table's sequence for this endpoint's orders (pgbench draws after them). */
async function reserveTargets(orders: BareOrderStatements): Promise<void> {
  const sequence = targetsSequence(orders.table);
  const { rows } = await pool.query<{ first: string }>(`SELECT nextval('${sequence}') AS first`);
  const first = Number(rows[0]!.first);
  await pool.query(`SELECT setval('${sequence}', $1)`, [first + ORDER_TARGETS - 1]);
  targets = (await pool.query<Record<string, string | null>>(bareOrderTargetsSql(orders), [first, ORDER_TARGETS])).rows;
}

/** One order: its statements in turn on one connection; a failure rolls back whatever transaction it left open. */
async function order(orders: BareOrderStatements): Promise<string> {
  const target = targets[nextTarget++];
  if (!target) throw new Error('no order target left');
  const client = await pool.connect();
  // A connection whose rollback failed is not handed out again.
  let broken: Error | undefined;
  try {
    for (const [i, statement] of orders.statements.entries()) await client.query({ name: `order_${i}`, text: statement.text, values: bareOrderValues(statement.params, target) });
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
    throw error;
  } finally {
    client.release(broken);
  }
  // The answer's shape and size; its id is not the one the statements wrote (a drawn value under a name of the plan).
  return bareOrderAnswer(randomUUID(), orders.message);
}

const stored = process.env.ANSWER ? (JSON.parse(process.env.ANSWER) as StoredAnswer) : null;
const storedBody = stored ? Buffer.from(stored.body, 'base64') : null;

function sendStored(res: http.ServerResponse): void {
  res.statusCode = 200;
  res.setHeader('X-Request-Id', randomUUID());
  for (const [name, value] of stored!.headers) res.setHeader(name, value);
  res.end(storedBody);
}

const server = http.createServer((req, res) => {
  if (stored) return sendStored(res);
  if (orders && req.method === 'POST') {
    req.resume();
    order(orders).then(
      (answer) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(answer);
      },
      (error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      },
    );
    return;
  }
  const { query, limit } = bareStatementFor(req.url ?? '/', feed, searches);
  pool.query<{ id: string }>(query).then(
    ({ rows }) => {
      const answer = bareFeedAnswer(rows, limit);
      res.setHeader('Content-Type', 'application/json');
      const encoding = Buffer.byteLength(answer) >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
      if (!encoding) return res.end(answer);
      res.setHeader('Content-Encoding', encoding);
      res.end(encodeText(answer, encoding));
    },
    (error: Error) => {
      res.statusCode = 500;
      res.end(error.message);
    },
  );
});
server.keepAliveTimeout = 60_000;
await (orders ? reserveTargets(orders) : Promise.resolve());
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
