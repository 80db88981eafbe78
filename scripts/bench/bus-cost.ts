import path from 'node:path';
import pino from 'pino';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.ts';
import { PROJECT_ROOT } from '../../server/src/paths.ts';
import { PRODUCTION_NODE_ARGS } from '../lib/production-node.ts';
import { processCpuMs, treeCpuMs } from './cpu.ts';
import { keptDataAppEnv, postmasterPid as postmasterPidOf, startNodeServer } from './harness.ts';

// What an announced transaction costs the event bus of an instance where none of its people has a
// tab open: builds of the app, each alone on the data a bench run kept (BENCH_KEEP=1), in the order
// given (name one twice to alternate), while 10 clients write single-event transactions for people
// of the data, with no other load. Prints the app's and Postgres's CPU per transaction (Postgres's
// includes the inserts and their trigger). The builds must share the data's schema.
//
//   [BUS_COST_TRANSACTIONS=6000] npx tsx scripts/bench/bus-cost.ts <kept data dir> <start.js> [<start.js>...]

const [dataDir, ...scripts] = process.argv.slice(2);
if (!dataDir || scripts.length === 0) {
  console.error('usage: bus-cost.ts <kept data dir> <start.js> [<start.js>...]');
  process.exit(2);
}
const TRANSACTIONS = Number(process.env.BUS_COST_TRANSACTIONS ?? 6000);
const CLIENTS = 10;
/** After start-up (its first reads, its job queue's start) and after the writes (readings still running). */
const SETTLE_MS = { start: 3000, end: 1500 };

const postgres = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
const postmasterPid = await postmasterPidOf(postgres.connectionString);
const clients = await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    const client = new pg.Client({ connectionString: postgres.connectionString });
    await client.connect();
    return client;
  }),
);
const people = (await clients[0]!.query<{ id: string }>('SELECT id FROM users ORDER BY id LIMIT 2000')).rows.map((row) => row.id);

try {
  for (const script of scripts) {
    const port = await freePort();
    const env = keptDataAppEnv(dataDir, port);
    const app = await startNodeServer({ script, nodeArgs: [...PRODUCTION_NODE_ARGS], cwd: PROJECT_ROOT, env, port, readyPath: '/ready', logFile: path.join(dataDir, 'bus-cost.log') });
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS.start));
      const appBefore = processCpuMs(app.pid);
      const postgresBefore = treeCpuMs(postmasterPid);
      const started = Date.now();
      let next = 0;
      await Promise.all(
        clients.map(async (client) => {
          while (next < TRANSACTIONS) {
            const person = people[next++ % people.length];
            await client.query(`INSERT INTO events (user_id, kind, payload) VALUES ($1, 'notification.changed', '{}'::jsonb)`, [person]);
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS.end));
      const perTransaction = (ms: number) => `${((ms / TRANSACTIONS) * 1000).toFixed(0)} µs`;
      console.log(
        `${script}: app ${perTransaction(processCpuMs(app.pid) - appBefore)}, Postgres ${perTransaction(treeCpuMs(postmasterPid) - postgresBefore)} per transaction (${TRANSACTIONS} in ${seconds.toFixed(1)} s)`,
      );
    } finally {
      await app.stop();
    }
  }
} finally {
  for (const client of clients) await client.end();
  await postgres.stop();
}
