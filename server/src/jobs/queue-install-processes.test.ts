// Two replicas starting together on a fresh database, as processes of their own: both install the
// job queue's schema at the same moment, and both come up with every connection usable.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { PROJECT_ROOT } from '../paths.ts';

const run = promisify(execFile);
const INSTALLER = path.join(PROJECT_ROOT, 'server/test/queue-install-process.ts');
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await database.drop();
});

async function installer(installAt: number) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', INSTALLER], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: database.url, QUEUE_INSTALL_AT: String(installAt) },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

it("two processes installing the job queue on one fresh database at the same moment both succeed, the loser's connection not left in an aborted transaction", { timeout: 150_000 }, async () => {
  // Time for both to load their modules first (one loaded later on a very busy machine only makes the race less likely).
  const installAt = Date.now() + 10_000;
  const results = await Promise.all([installer(installAt), installer(installAt)]);
  for (const result of results) {
    expect(result.out).toContain('fila instalada');
    expect(result.code).toBe(0);
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    expect((await client.query('SELECT version FROM pgboss.version')).rowCount).toBe(1);
  } finally {
    await client.end();
  }
});
