import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testKysely } from '../../test/harness.ts';
import { schemaSnapshot } from '../../test/schema-snapshot.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { freePort } from './embedded-postgres.ts';
import { createMigrator, migrateToLatest, migrationStatus } from './migrator.ts';

// Every migration in migrations/ (whoever wrote it) must be reversible: its down
// brings the schema back exactly as it was before its up, and its up can run again.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;
let db: Kysely<any>;

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  db = testKysely(database.url, 1);
});

afterAll(async () => {
  await db?.destroy();
  await client?.end();
  await database?.drop();
});

describe('migrations', () => {
  it('each one runs up, down and up again, and down restores the schema before it', async () => {
    const migrator = createMigrator(db);
    const names = (await migrator.getMigrations()).map((migration) => migration.name);
    expect(names.length).toBeGreaterThan(0);

    const empty = await schemaSnapshot(client);
    const snapshots = [empty];
    for (const migration of names) {
      const before = snapshots.at(-1)!;
      const up = await migrator.migrateUp();
      expect(up.error, `${migration} up`).toBeUndefined();
      expect(up.results?.map((result) => result.migrationName)).toEqual([migration]);
      const after = await schemaSnapshot(client);
      expect(after, `${migration} changes nothing`).not.toEqual(before);

      const down = await migrator.migrateDown();
      expect(down.error, `${migration} down`).toBeUndefined();
      expect(await schemaSnapshot(client), `${migration} down leaves the schema as before its up`).toEqual(before);

      const again = await migrator.migrateUp();
      expect(again.error, `${migration} up again`).toBeUndefined();
      expect(await schemaSnapshot(client), `${migration} up again gives the same schema`).toEqual(after);
      snapshots.push(after);
    }

    // All the way down and up again, as a restore into a used database would.
    for (let i = names.length - 1; i >= 0; i--) {
      const down = await migrator.migrateDown();
      expect(down.error, `${names[i]} down`).toBeUndefined();
      expect(await schemaSnapshot(client), `after ${names[i]} down`).toEqual(snapshots[i]);
    }
    await migrateToLatest(db);
    expect(await schemaSnapshot(client)).toEqual(snapshots.at(-1));
  }, 180_000);

  it('refuses to run on a database that a newer deployment migrated, naming the unknown migration', async () => {
    await migrateToLatest(db);
    await db.insertInto('kysely_migration').values({ name: '2099_01_01_0001_from_the_future', timestamp: new Date().toISOString() }).execute();
    try {
      const status = await migrationStatus(db);
      expect(status.at(-1)).toMatchObject({ name: '2099_01_01_0001_from_the_future', state: 'unknown' });
      await expect(migrateToLatest(db)).rejects.toThrow(
        /O banco tem migrações que este código não conhece: 2099_01_01_0001_from_the_future\. Uma versão mais nova do app já rodou neste banco/,
      );
    } finally {
      await db.deleteFrom('kysely_migration').where('name', '=', '2099_01_01_0001_from_the_future').execute();
    }
  });

  it('the server refuses to start on such a database with that message, and frees its port', async () => {
    const other = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vz-newer-'));
    try {
      const client = new pg.Client({ connectionString: other.url });
      await client.connect();
      await client.query(`INSERT INTO kysely_migration (name, timestamp) VALUES ('2099_01_01_0001_from_the_future', now()::text)`);
      await client.end();
      const port = await freePort();
      const config = loadConfig({ DATABASE_URL: other.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
      await expect(startServer(config, { logger: pino({ level: 'silent' }) })).rejects.toThrow(
        'O banco tem migrações que este código não conhece: 2099_01_01_0001_from_the_future.',
      );
      await expect(fetch(`http://127.0.0.1:${port}/ready`)).rejects.toThrow();
    } finally {
      await other.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
