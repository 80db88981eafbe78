import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { type ServerProcess, spawnServer } from '../../test/server-process.ts';
import { PROJECT_ROOT } from '../paths.ts';

// A deploy with two replicas: both start at once on an empty database. Kysely's migrator
// takes a Postgres advisory lock around the run, so one replica migrates while the other
// waits and then finds nothing left to do; both end up serving.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDirs: string[] = [];
const replicas: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await database.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** One replica: the server process, resolved with its output once it says it is running. */
function startReplica(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vz-migrate-once-'));
  dataDirs.push(dataDir);
  const env = { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  const replica = spawnServer(env);
  replicas.push(replica);
  return replica.waitFor(/rodando em/);
}

it('two replicas starting together on an empty database run each migration once, and both serve', { timeout: 120_000 }, async () => {
  const outputs = await Promise.all([startReplica(), startReplica()]);
  for (const output of outputs) expect(output).not.toMatch(/migra/i);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; times: number }>('SELECT name, count(*)::int AS times FROM kysely_migration GROUP BY name ORDER BY name');
    const files = readdirSync(path.join(PROJECT_ROOT, 'migrations')).filter((file) => file.endsWith('.ts')).map((file) => file.replace(/\.ts$/, '')).sort();
    expect(rows.map((row) => row.name)).toEqual(files);
    expect(rows.every((row) => row.times === 1)).toBe(true);
  } finally {
    await client.end();
  }
});
