import { createReadStream, mkdtempSync, promises as fs, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, eventually, testKysely, type TestApp } from '../../test/harness.ts';
import { contents, fileHashes, tableNames } from '../../test/database-contents.ts';
import { seedDemoIfEmpty } from '../db/seed.ts';
import S3rver from 's3rver';
import { LocalFileStorage, S3FileStorage, type FileStorage } from '../storage/file-storage.ts';
import { BackupError, createBackup, restoreBackup } from './backup.ts';

const logger = pino({ level: 'silent' });
let app: TestApp;
let work: string;
let archive: string;
const targets: { drop(): Promise<void> }[] = [];

/** An empty database and an empty file store, as in a fresh DATA_DIR. */
async function emptyTarget() {
  const database = await createTestDatabase({ empty: true });
  targets.push(database);
  const db = testKysely(database.url, 2);
  const storage: FileStorage = new LocalFileStorage(await fs.mkdtemp(path.join(work, 'files-')));
  return { url: database.url, db, storage };
}

/** Restoring this archive into a fresh empty target is refused with this message, and the target stays empty. */
async function expectRefused(file: string, message: string | RegExp): Promise<void> {
  const target = await emptyTarget();
  try {
    await expect(restoreBackup({ file, db: target.db, connectionString: target.url, storage: target.storage, workDir: work, logger })).rejects.toThrow(message);
    expect(await tableNames(target.url)).toEqual([]);
    expect(await fileHashes(target.storage)).toEqual({});
  } finally {
    await target.db.destroy();
  }
}

/** A copy of the backup with one change made to its unpacked contents. */
async function alteredArchive(name: string, change: (dir: string) => Promise<void>): Promise<string> {
  const unpacked = await fs.mkdtemp(path.join(work, `${name}-`));
  await tar.extract({ file: archive, cwd: unpacked });
  await change(unpacked);
  const file = path.join(work, `${name}.tar.gz`);
  await tar.create({ gzip: true, file, cwd: unpacked }, await fs.readdir(unpacked));
  return file;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'vz-backup-'));
  app = await createTestApp();
  expect(await seedDemoIfEmpty(app.deps)).toBe(true);
  // A few thousand generated rows, with the characters COPY has to escape.
  await sql`
    INSERT INTO login_attempts (email, ip, succeeded, created_at)
    SELECT 'pessoa' || g || '@teste.com', '10.0.' || (g % 250) || '.' || (g % 7), g % 3 = 0, now() - g * interval '1 minute'
    FROM generate_series(1, 3000) g`.execute(app.db);
  const someone = await app.createUser();
  await sql`
    INSERT INTO events (user_id, kind, payload)
    SELECT ${someone.id}::uuid, 'teste.evento', jsonb_build_object('n', g, 'texto', E'linha\\ncom\\ttab \\\\ barra "aspas" ção 😀', 'lista', jsonb_build_array(g, null, true))
    FROM generate_series(1, 2000) g`.execute(app.db);
  await sql`UPDATE users SET bio = ${'Bio com\nquebra, \t tab, \\ barra e NULL-ish \\N'} WHERE id = ${someone.id}`.execute(app.db);
  archive = path.join(work, 'backups', 'vizinhanca.tar.gz');
}, 120_000);

afterAll(async () => {
  await app?.close();
  for (const target of targets) await target.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores demo data and thousands of rows elsewhere with every table and every file identical', async () => {
    const result = await createBackup({ connectionString: app.databaseUrl, storage: app.deps.storage, file: archive, now: app.clock.now(), logger });
    expect(result.manifest.tables.find((table) => table.name === 'login_attempts')?.rows).toBe(3000);
    expect(result.manifest.files.length).toBeGreaterThan(0);
    expect((await fs.readdir(path.dirname(archive))).sort()).toEqual(['vizinhanca.tar.gz']);
    // Password hashes, CPFs and the VAPID private key inside: readable by its owner only.
    expect((await fs.stat(archive)).mode & 0o777).toBe(0o600);

    const target = await emptyTarget();
    try {
      await restoreBackup({ file: archive, db: target.db, connectionString: target.url, storage: target.storage, workDir: work, logger });
      const [before, after] = [await contents(app.databaseUrl), await contents(target.url)];
      expect(Object.keys(after).length).toBeGreaterThan(8);
      expect(after).toEqual(before);
      const files = await fileHashes(app.deps.storage);
      expect(Object.keys(files).length).toBe(result.manifest.files.length);
      expect(await fileHashes(target.storage)).toEqual(files);
      // The restored database is at the backup's schema version, ready for the app.
      expect(await tableNames(target.url)).toEqual(await tableNames(app.databaseUrl));
    } finally {
      await target.db.destroy();
    }
  }, 120_000);

  it('backs up files from S3 and restores them into an empty bucket', async () => {
    const s3Dir = await fs.mkdtemp(path.join(work, 's3-'));
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [] });
    const { port } = (await s3.run()) as { port: number };
    const bucket = (name: string) => new S3FileStorage(`http://127.0.0.1:${port}`, { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' }, name);
    const target = await emptyTarget();
    try {
      const source = bucket('origem');
      await source.init();
      for await (const key of app.deps.storage.list()) {
        const stored = await app.deps.storage.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
        await source.put(key, Buffer.concat(chunks), stored!.contentType);
      }
      const file = path.join(work, 's3.tar.gz');
      await createBackup({ connectionString: app.databaseUrl, storage: source, file, now: app.clock.now(), logger });

      const destination = bucket('destino');
      await destination.init();
      await restoreBackup({ file, db: target.db, connectionString: target.url, storage: destination, workDir: work, logger });
      const expected = await fileHashes(app.deps.storage);
      expect(Object.keys(expected).length).toBeGreaterThan(0);
      expect(await fileHashes(destination)).toEqual(expected);
    } finally {
      await target.db.destroy();
      await s3.close();
    }
  });

  it('leaves out a file removed between its listing and its read instead of failing the backup', async () => {
    const root = await fs.mkdtemp(path.join(work, 'files-removed-'));
    const copy: FileStorage = new LocalFileStorage(root);
    const keys: string[] = [];
    for await (const key of app.deps.storage.list()) {
      const stored = await app.deps.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
      await copy.put(key, Buffer.concat(chunks), stored!.contentType);
      keys.push(key);
    }
    expect(keys.length).toBeGreaterThan(1);
    const removed = keys[0]!;
    // The file goes after get() looked at it and before its stream opened it, as an orphan sweep can do:
    // the stream then fails with ENOENT when read.
    const racing: FileStorage = {
      kind: 'local',
      init: () => copy.init(),
      put: (key, body, contentType) => copy.put(key, body, contentType),
      delete: (key) => copy.delete(key),
      list: () => copy.list(),
      get: async (key) => {
        if (key !== removed) return copy.get(key);
        const { size } = await fs.stat(path.join(root, key));
        await copy.delete(key);
        return { stream: createReadStream(path.join(root, key)), contentType: 'image/webp', size };
      },
    };
    const file = path.join(work, 'removed-file.tar.gz');
    const result = await createBackup({ connectionString: app.databaseUrl, storage: racing, file, now: app.clock.now(), logger });
    const backedUp = result.manifest.files.map((entry) => entry.key);
    expect(backedUp).not.toContain(removed);
    expect(backedUp.sort()).toEqual(keys.filter((key) => key !== removed).sort());
  });

  it('refuses a truncated archive and leaves the target untouched', async () => {
    const truncated = path.join(work, 'truncated.tar.gz');
    const bytes = await fs.readFile(archive);
    await fs.writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expectRefused(truncated, /O arquivo de backup está corrompido ou incompleto .*Nada foi alterado\./);
  });

  it('refuses a corrupted archive', async () => {
    const corrupted = path.join(work, 'corrupted.tar.gz');
    const bytes = Buffer.from(await fs.readFile(archive));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    await fs.writeFile(corrupted, bytes);
    await expectRefused(corrupted, /corrompido ou incompleto/);
  });

  it('refuses an archive whose entry does not match its manifest', async () => {
    const tampered = await alteredArchive('tampered', (dir) => fs.appendFile(path.join(dir, 'db', 'users.copy'), 'linha a mais\n'));
    await expectRefused(tampered, 'O arquivo de backup está corrompido ou incompleto (db/users.copy não confere com o manifesto). Nada foi alterado.');
  });

  it('says a broken manifest in one line, though the parser quotes its broken lines', async () => {
    const broken = await alteredArchive('broken-manifest', (dir) => fs.writeFile(path.join(dir, 'manifest.json'), '{\n  "tables": [\n    oops\n  ]\n}\n'));
    await expectRefused(broken, /^O arquivo de backup está corrompido ou incompleto \(manifest\.json: [^\n]+\)\. Nada foi alterado\.$/);
  });

  it('refuses a backup of a newer schema', async () => {
    const newer = await alteredArchive('newer', async (dir) => {
      const manifestFile = path.join(dir, 'manifest.json');
      const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as { migrations: string[] };
      manifest.migrations.push('2099_01_01_0001_from_the_future');
      await fs.writeFile(manifestFile, JSON.stringify(manifest));
    });
    await expectRefused(
      newer,
      'O backup é de um esquema mais novo que este código (migrações desconhecidas: 2099_01_01_0001_from_the_future). Restaure com a versão do app que fez o backup, ou uma mais nova. Nada foi alterado.',
    );
  });

  it('refuses a database or a file store that is not empty, overwriting nothing', async () => {
    const before = await contents(app.databaseUrl);
    await expect(
      restoreBackup({ file: archive, db: app.db, connectionString: app.databaseUrl, storage: app.deps.storage, workDir: work, logger }),
    ).rejects.toThrow(/O banco de destino não está vazio \(tem .*\)\. Restaure num DATA_DIR vazio ou num banco recém-criado\. Nada foi alterado\./);
    expect(await contents(app.databaseUrl)).toEqual(before);

    const target = await emptyTarget();
    try {
      await target.storage.put('listings/existente.webp', Buffer.from('x'), 'image/webp');
      await expect(
        restoreBackup({ file: archive, db: target.db, connectionString: target.url, storage: target.storage, workDir: work, logger }),
      ).rejects.toThrow('O armazenamento de arquivos de destino não está vazio (tem listings/existente.webp). Nada foi alterado.');
      expect(await tableNames(target.url)).toEqual([]);
    } finally {
      await target.db.destroy();
    }
  });

  it('fails clearly and leaves no archive when its database connection dies mid-backup', async () => {
    const file = path.join(work, 'interrupted', 'vizinhanca.tar.gz');
    // Hold the backup at one table, then end its connection, as a database restart would.
    const locker = new pg.Client({ connectionString: app.databaseUrl });
    const watcher = new pg.Client({ connectionString: app.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    const backup = createBackup({ connectionString: app.databaseUrl, storage: app.deps.storage, file, now: app.clock.now(), logger });
    const outcome = backup.then(
      () => null,
      (error: unknown) => error,
    );
    try {
      await eventually(async () => {
        // pg_stat_activity is read once per transaction: ask outside the locker's.
        const { rows } = await watcher.query(`SELECT pid FROM pg_stat_activity WHERE application_name = 'vizinhanca-backup' AND wait_event_type = 'Lock'`);
        expect(rows).toHaveLength(1);
      });
      await watcher.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vizinhanca-backup'`);
    } finally {
      await locker.query('ROLLBACK');
      await Promise.all([locker.end(), watcher.end()]);
    }
    const error = await outcome;
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/^O backup falhou e nenhum arquivo foi gerado: /);
    expect(await fs.readdir(path.dirname(file))).toEqual([]);
  });

  it('fails clearly and leaves no archive when the database is unreachable', async () => {
    const file = path.join(work, 'failed', 'vizinhanca.tar.gz');
    const unreachable = app.databaseUrl.replace(/\/[^/]+$/, '/banco_que_nao_existe');
    await expect(createBackup({ connectionString: unreachable, storage: app.deps.storage, file, now: app.clock.now(), logger })).rejects.toThrow(
      BackupError,
    );
    expect(await fs.readdir(path.dirname(file))).toEqual([]);
  });
});
