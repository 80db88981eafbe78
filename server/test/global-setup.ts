import { rmSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { oneOffJobs } from '../src/jobs/one-off-jobs.ts';
import { scheduledJobs } from '../src/jobs/scheduled-jobs.ts';

export const TEMPLATE_DATABASE = 'vizinhanca_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://.../ without a database name; test files append their own. */
    postgresBaseUrl: string;
    templateDatabase: string;
  }
}

/** Starts one real Postgres for the run and a migrated template database each test file copies. */
export default async function setup(project: TestProject) {
  const dataDir = path.resolve(`.tmp/test-postgres-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const logger = pino({ level: 'warn' });
  const postgres = await startEmbeddedPostgres(dataDir, logger, TEMPLATE_DATABASE);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgres.connectionString, max: 1 }) }) });
  await migrateToLatest(db);
  // The job queue's schema and queues too, so each test file's copy starts them at once.
  const queue = createJobQueue(db, logger, 'America/Sao_Paulo');
  await queue.install({ scheduled: scheduledJobs, oneOff: oneOffJobs });
  await queue.stop();
  await db.destroy();
  project.provide('postgresBaseUrl', postgres.connectionString.slice(0, postgres.connectionString.lastIndexOf('/') + 1));
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
