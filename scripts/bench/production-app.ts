import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { assembleAppDeps } from '../../server/src/app-deps.ts';
import { createClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { AppDeps } from '../../server/src/context.ts';
import { createDatabase } from '../../server/src/db/database.ts';
import { freePort, startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.ts';
import { createJobQueue } from '../../server/src/jobs/job-queue.ts';
import { PROJECT_ROOT } from '../../server/src/paths.ts';
import { EventBus } from '../../server/src/realtime/event-bus.ts';
import { PRODUCTION_NODE_ARGS } from '../lib/production-node.ts';
import { type ChildServer, startNodeServer } from './harness.ts';

// The app the realtime sections measure: the compiled server (dist/server/start.js) with npm start's
// node flags, in its own process, so its latencies and its rss are the production process's, not the
// bench's. The bench writes beside it as another instance of the app would: the app's own services
// on the same database (`deps`, with no HTTP, no LISTEN and no job workers), whose events reach the
// production process through Postgres's NOTIFY, as a second instance's do.

export interface ProductionApp {
  /** The production process (its pid for rssOf). */
  process: ChildServer;
  /** The app's services in the bench's process, on the same database: they write, the production process delivers. */
  deps: AppDeps;
  base: string;
  wsUrl: string;
  close(): Promise<void>;
}

/** Compiles the server as `npm start` does (the bench's run does it first; a section run alone needs it too). */
export function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not compile');
}

/** The compiled app on a throwaway DATA_DIR whose embedded Postgres this process starts (the app finds it running and uses it), with the demo data. */
export async function startProductionApp(label: string): Promise<ProductionApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `vz-bench-${label}-`));
  const logger = pino({ level: 'warn' });
  const postgres = await startEmbeddedPostgres(dataDir, logger);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'CLOCK_START', 'PUBLIC_URL', 'SMTP_URL', 'S3_ENDPOINT']) delete env[key];
  // BENCH_APP_CPU_PROF=<dir>: the app writes a V8 CPU profile there when it stops (where the realtime sections' CPU goes).
  const profile = process.env.BENCH_APP_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_APP_CPU_PROF}`] : [];
  let child: ChildServer;
  try {
    child = await startNodeServer({ script: path.join(PROJECT_ROOT, 'dist/server/start.js'), nodeArgs: [...PRODUCTION_NODE_ARGS, ...profile], cwd: PROJECT_ROOT, env, port, readyPath: '/ready', logFile: path.join(dataDir, 'app.log') });
  } catch (error) {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres.connectionString, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  const database = createDatabase(postgres.connectionString, logger, { max: 4 });
  // Not started: publishing is an insert into events (the production process LISTENs), enqueueing an insert into the queue's table.
  const bus = new EventBus(database.db, postgres.connectionString, logger);
  const queue = createJobQueue(database.db, logger, config.CONDO_TIMEZONE);
  const deps = assembleAppDeps({ config, clock: createClock(config.CONDO_TIMEZONE), db: database.db, feedDb: database.feedDb, databaseUrl: postgres.connectionString, logger, bus, queue });
  return {
    process: child,
    deps,
    base: child.url,
    wsUrl: `${child.url.replace(/^http/, 'ws')}/trpc`,
    async close() {
      await child.stop();
      await database.close();
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
