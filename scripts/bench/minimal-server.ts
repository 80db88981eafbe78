import { initTRPC } from '@trpc/server';
import { createHTTPServer } from '@trpc/server/adapters/standalone';
import pg from 'pg';
import superjson from 'superjson';

// The second baseline of the feed: the same stack (tRPC + superjson + pg) and
// the feed SQL the app sent (captured), with nothing else: no auth, no
// middleware, no logging. The bench compiles it and runs it with plain node.
// Env: DATABASE_URL, PORT, FEED_SQL (JSON { text, values, limit }).

const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);

const feed = JSON.parse(process.env.FEED_SQL ?? '{}') as { text: string; values: (string | null)[]; limit: number };
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'vz-bench-minimal' });
const t = initTRPC.create({ transformer: superjson });

const appRouter = t.router({
  listings: t.router({
    list: t.procedure
      .input((input: unknown) => input as Record<string, unknown>)
      .query(async () => {
        const { rows } = await pool.query<{ id: string }>({ name: 'feed', text: feed.text, values: feed.values });
        const items = rows.slice(0, feed.limit);
        return { items, nextCursor: rows.length > feed.limit ? (items.at(-1)?.id ?? null) : null };
      }),
  }),
});

const server = createHTTPServer({ router: appRouter, basePath: '/trpc/' });
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
