import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { COMPRESSION_THRESHOLD_BYTES, encodeText, preferredEncoding } from '../../server/src/http/content-encoding.ts';
import { bareFeedAnswer, type BareFeedStatement, type BareSearchStatement, bareStatementFor, type StoredAnswer } from './minimal-answer.ts';

// The bare baseline of the feed: Node's http, pg, the app's superjson writer and its own
// compression (the same encodings, brotli quality and threshold), running the feed
// SQL the app sent (captured), with nothing else: no tRPC, no auth, no middleware,
// no logging. It answers the browser's GET of listings.list in tRPC's batch envelope;
// the cursor of the request replaces the captured one, so every request is a query
// (there is no cache here). The bench compiles it and runs it with plain node.
// Env: DATABASE_URL, PORT, FEED_SQL (JSON { text, values, limit, cursorParam }); or, for searches,
// SEARCH_SQL (JSON [{ path, text, values, limit }]): each request path the statement the app sent for
// it, unnamed (extended protocol, parsed each time) as the app sends a search.
// Or, with ANSWER (JSON StoredAnswer: an answer the app sent, its body and content headers), the plain
// server: every request gets those bytes and headers with a new X-Request-Id, as the app's cache hit
// does, and nothing else runs (no database, no routing, no session): what Node's http alone costs.

const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);

const feed = JSON.parse(process.env.FEED_SQL ?? '{}') as BareFeedStatement;
const searches = new Map((JSON.parse(process.env.SEARCH_SQL ?? '[]') as BareSearchStatement[]).map((search) => [search.path, search]));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'vz-bench-minimal' });

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
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
