import http from 'node:http';
import pg from 'pg';
import { COMPRESSION_THRESHOLD_BYTES, encodeText, preferredEncoding } from '../../server/src/http/content-encoding.ts';
import { bareFeedAnswer, type BareFeedStatement, type BareSearchStatement, bareStatementFor } from './minimal-answer.ts';

// The bare baseline of the feed: Node's http, pg, the app's superjson writer and its own
// compression (the same encodings, brotli quality and threshold), running the feed
// SQL the app sent (captured), with nothing else: no tRPC, no auth, no middleware,
// no logging. It answers the browser's GET of listings.list in tRPC's batch envelope;
// the cursor of the request replaces the captured one, so every request is a query
// (there is no cache here). The bench compiles it and runs it with plain node.
// Env: DATABASE_URL, PORT, FEED_SQL (JSON { text, values, limit, cursorParam }); or, for searches,
// SEARCH_SQL (JSON [{ path, text, values, limit }]): each request path the statement the app sent for
// it, unnamed (extended protocol, parsed each time) as the app sends a search.

const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);

const feed = JSON.parse(process.env.FEED_SQL ?? '{}') as BareFeedStatement;
const searches = new Map((JSON.parse(process.env.SEARCH_SQL ?? '[]') as BareSearchStatement[]).map((search) => [search.path, search]));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'vz-bench-minimal' });

const server = http.createServer((req, res) => {
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
