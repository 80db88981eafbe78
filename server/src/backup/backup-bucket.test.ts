// Backups that leave the machine: archives in an S3 bucket of their own (a local s3rver here),
// the newest N kept, restored from it whole or not at all, and the daily scheduled backup.
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contents, fileHashes, tableNames } from '../../test/database-contents.ts';
import { createTestApp, createTestDatabase, eventually, testKysely, type TestApp } from '../../test/harness.ts';
import { freePort } from '../db/embedded-postgres.ts';
import { seedDemoIfEmpty } from '../db/seed.ts';
import { createJobQueue } from '../jobs/job-queue.ts';
import { registry } from '../observability/metrics.ts';
import { LocalFileStorage } from '../storage/file-storage.ts';
import { BackupBucket, backupToBucket, fetchFromBucket, type BackupBucketSettings } from './backup-bucket.ts';
import { scheduledBackupJob } from './backup.job.ts';
import { restoreBackup } from './backup.ts';

const logger = pino({ level: 'silent' });
const KEYS = { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' };
let app: TestApp;
let work: string;
let s3: S3rver;
let endpoint: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'vz-backup-bucket-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: await fs.mkdtemp(path.join(work, 's3-')), configureBuckets: [] });
  const { port } = (await s3.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
  app = await createTestApp();
  expect(await seedDemoIfEmpty(app.deps)).toBe(true);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await app?.close();
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

function bucketNamed(bucket: string): BackupBucket {
  return new BackupBucket({ endpoint, bucket, ...KEYS } satisfies BackupBucketSettings);
}

/** An empty database and an empty file store, as in a fresh stack. */
async function emptyTarget() {
  const database = await createTestDatabase({ empty: true });
  const db = testKysely(database.url, 2);
  cleanups.push(async () => {
    await db.destroy();
    await database.drop();
  });
  return { url: database.url, db, storage: new LocalFileStorage(await fs.mkdtemp(path.join(work, 'files-'))) };
}

const at = (iso: string) => new Date(iso);
const backupAt = (bucket: BackupBucket, iso: string, keep: number | null = null) =>
  backupToBucket({ connectionString: app.databaseUrl, storage: app.deps.storage, bucket, now: at(iso), keep, workDir: work, logger });

describe('backups in an S3 bucket', () => {
  it('uploads each archive under its date (the bucket created on first use) and restores the latest from it, every table and file identical', async () => {
    const bucket = bucketNamed('backups-restore');
    await backupAt(bucket, '2026-11-20T03:00:00Z');
    const newest = await backupAt(bucket, '2026-11-21T03:00:00Z');
    expect(newest.name).toBe('vizinhanca-20261121T030000Z.tar.gz');
    expect(await bucket.list()).toEqual(['vizinhanca-20261120T030000Z.tar.gz', 'vizinhanca-20261121T030000Z.tar.gz']);
    // Nothing left on local disk: the archive went to the bucket.
    expect((await fs.readdir(work)).filter((name) => name.startsWith('.backup-upload-'))).toEqual([]);

    const download = await fs.mkdtemp(path.join(work, 'download-'));
    const file = await fetchFromBucket(bucket, 'latest', download);
    expect(path.basename(file)).toBe(newest.name);
    const target = await emptyTarget();
    await restoreBackup({ file, db: target.db, connectionString: target.url, storage: target.storage, workDir: work, logger });
    const [before, after] = [await contents(app.databaseUrl), await contents(target.url)];
    expect(Object.keys(after).length).toBeGreaterThan(8);
    expect(after).toEqual(before);
    const files = await fileHashes(app.deps.storage);
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect(await fileHashes(target.storage)).toEqual(files);
  }, 120_000);

  it('keeps only the newest N archives in the bucket (--keep)', async () => {
    const bucket = bucketNamed('backups-keep');
    await backupAt(bucket, '2026-11-01T03:00:00Z');
    await backupAt(bucket, '2026-11-02T03:00:00Z');
    const third = await backupAt(bucket, '2026-11-03T03:00:00Z', 2);
    expect(third.removed).toEqual(['vizinhanca-20261101T030000Z.tar.gz']);
    expect(await bucket.list()).toEqual(['vizinhanca-20261102T030000Z.tar.gz', 'vizinhanca-20261103T030000Z.tar.gz']);
  }, 120_000);

  it('fetches a named archive, and refuses a name the bucket does not have, saying which it has', async () => {
    const bucket = bucketNamed('backups-keep');
    const download = await fs.mkdtemp(path.join(work, 'download-'));
    expect(path.basename(await fetchFromBucket(bucket, 'vizinhanca-20261102T030000Z.tar.gz', download))).toBe('vizinhanca-20261102T030000Z.tar.gz');
    await expect(fetchFromBucket(bucket, 'vizinhanca-20250101T000000Z.tar.gz', download)).rejects.toThrow(
      `O backup vizinhanca-20250101T000000Z.tar.gz não está no bucket backups-keep em ${endpoint}. Os mais novos: vizinhanca-20261103T030000Z.tar.gz, vizinhanca-20261102T030000Z.tar.gz. Nada foi alterado.`,
    );
    await expect(fetchFromBucket(bucketNamed('backups-empty'), 'latest', download)).rejects.toThrow(/O bucket de backups backups-empty em .* (não tem nenhum backup|falhou ao listar)/);
  }, 60_000);

  it('a corrupted archive in the bucket is refused whole: the target stays empty', async () => {
    const bucket = bucketNamed('backups-corrupted');
    const good = await backupAt(bucket, '2026-11-10T03:00:00Z');
    const download = await fs.mkdtemp(path.join(work, 'download-'));
    const bytes = Buffer.from(await fs.readFile(await fetchFromBucket(bucket, good.name, download)));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    const corrupted = path.join(download, 'vizinhanca-20261111T030000Z.tar.gz');
    await fs.writeFile(corrupted, bytes);
    await bucket.upload(corrupted, 'vizinhanca-20261111T030000Z.tar.gz');

    const file = await fetchFromBucket(bucket, 'latest', await fs.mkdtemp(path.join(work, 'download-')));
    const target = await emptyTarget();
    await expect(restoreBackup({ file, db: target.db, connectionString: target.url, storage: target.storage, workDir: work, logger })).rejects.toThrow(
      /O arquivo de backup está corrompido ou incompleto .*Nada foi alterado\./,
    );
    expect(await tableNames(target.url)).toEqual([]);
    expect(await fileHashes(target.storage)).toEqual({});
  }, 120_000);

  it('an unreachable bucket: a clear error naming it, before anything is read or written', async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}`;
    const bucket = new BackupBucket({ endpoint: unreachable, bucket: 'vizinhanca-backups', ...KEYS });
    const message = new RegExp(`^O bucket de backups vizinhanca-backups em ${unreachable.replace(/[.]/g, '\\.')} falhou ao (ser conferido|listar os backups): inalcançável \\(ECONNREFUSED\\)\\. Confira BACKUP_S3_ENDPOINT, BACKUP_S3_BUCKET e as chaves\\.$`);
    await expect(backupToBucket({ connectionString: app.databaseUrl, storage: app.deps.storage, bucket, now: at('2026-11-12T03:00:00Z'), keep: 7, workDir: work, logger })).rejects.toThrow(message);
    await expect(fetchFromBucket(bucket, 'latest', work)).rejects.toThrow(message);
    expect((await fs.readdir(work)).filter((name) => name.startsWith('.backup-upload-'))).toEqual([]);
  }, 60_000);
});

describe('the scheduled backup', () => {
  it('a failure is logged as an error, counted in /metrics and left for the queue to retry, and the app keeps serving', async () => {
    const failing = await createTestApp({ BACKUP_S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`, BACKUP_S3_ACCESS_KEY: 'chave', BACKUP_S3_SECRET_KEY: 'segredo' });
    const queue = createJobQueue(failing.db, failing.deps.logger, failing.config.CONDO_TIMEZONE);
    cleanups.push(async () => {
      await queue.stop();
      await failing.close();
    });
    const errors = vi.spyOn(failing.deps.logger, 'error');
    const failedRuns = async () => Number(/vizinhanca_job_runs_total\{job="backup\.to-bucket",result="failed"\} (\d+)/.exec(await registry.metrics())?.[1] ?? 0);
    const before = await failedRuns();
    await queue.start(failing.deps, { scheduled: [scheduledBackupJob], oneOff: [], schedule: false, pollingIntervalSeconds: 0.5 });
    await queue.runNow(scheduledBackupJob);
    await eventually(async () => expect(await failedRuns()).toBe(before + 1), 20_000);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ job: 'backup.to-bucket', err: expect.objectContaining({ message: expect.stringMatching(/^O bucket de backups vizinhanca-backups em .* inalcançável/) }) }), expect.any(String));
    // Retried by the queue (with backoff), not given up on.
    await eventually(async () => {
      const { rows } = await sql<{ state: string; retries_left: boolean; later: boolean }>`
        SELECT state::text, retry_limit > retry_count AS retries_left, start_after > now() AS later FROM pgboss.job WHERE name = 'backup.to-bucket'`.execute(failing.db);
      expect(rows).toEqual([{ state: 'retry', retries_left: true, later: true }]);
    });
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(failing.db)).rows).toEqual([{ one: 1 }]);
  }, 60_000);

  it('a restored database has no job queue yet: the app re-creates it at start and runs the scheduled backup on it', async () => {
    const bucketName = 'backups-after-restore';
    const bucket = bucketNamed(bucketName);
    const first = await backupAt(bucket, '2026-11-15T03:00:00Z');
    const target = await emptyTarget();
    const file = await fetchFromBucket(bucket, 'latest', await fs.mkdtemp(path.join(work, 'download-')));
    await restoreBackup({ file, db: target.db, connectionString: target.url, storage: target.storage, workDir: work, logger });
    // The archive holds the app's tables, not the queue's (pgboss): pending one-off jobs are not in it.
    expect((await sql<{ schema: string | null }>`SELECT to_regnamespace('pgboss')::text AS schema`.execute(target.db)).rows[0]!.schema).toBeNull();

    const restored = await createTestApp(
      { BACKUP_S3_ENDPOINT: endpoint, BACKUP_S3_BUCKET: bucketName, BACKUP_S3_ACCESS_KEY: KEYS.accessKey, BACKUP_S3_SECRET_KEY: KEYS.secretKey },
      { databaseUrl: target.url, now: at('2026-11-16T03:00:00Z') },
    );
    const queue = createJobQueue(restored.db, restored.deps.logger, restored.config.CONDO_TIMEZONE);
    cleanups.push(async () => {
      await queue.stop();
      await restored.close();
    });
    await queue.start(restored.deps, { scheduled: [scheduledBackupJob], oneOff: [], schedule: false, pollingIntervalSeconds: 0.5 });
    await queue.runNow(scheduledBackupJob);
    await eventually(async () => expect(await bucket.list()).toEqual([first.name, 'vizinhanca-20261116T030000Z.tar.gz']), 30_000);
    // The restored users signed in before the backup are there for the app.
    expect((await sql<{ count: number }>`SELECT count(*)::int AS count FROM users WHERE email = 'admin@vizinhanca.app'`.execute(restored.db)).rows[0]!.count).toBe(1);
  }, 120_000);
});
