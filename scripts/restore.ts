import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BackupBucket, backupBucketSettings, fetchFromBucket } from '../server/src/backup/backup-bucket.ts';
import { BackupError, restoreBackup } from '../server/src/backup/backup.ts';
import { loadConfig } from '../server/src/config.ts';
import { createFileStorage } from '../server/src/storage/file-storage.ts';
import { fail, parseFlags, withDatabase } from './lib/maintainer.ts';

// npm run restore -- FILE
// npm run restore -- --s3 latest|NAME
// Brings a backup back into an empty DATA_DIR (embedded Postgres) or an empty
// DATABASE_URL database and S3 bucket. Anything not empty is refused untouched.
// With --s3 the archive comes from the BACKUP_S3_* bucket: the newest, or the one named.
const USAGE = 'Uso: npm run restore -- ARQUIVO  ou  npm run restore -- --s3 latest|vizinhanca-AAAAMMDDTHHMMSSZ.tar.gz';
const args = process.argv.slice(2);
const fromBucket = args.includes('--s3') ? (parseFlags(args).s3 ?? '') : null;
if (fromBucket === '' || (fromBucket === null && (!args[0] || args[0].startsWith('--')))) fail(USAGE);

// The bucket is read before any database is started: a missing setting or an unreachable bucket touches nothing.
let download: { dir: string; file: string } | null = null;
if (fromBucket !== null) {
  const settings = backupBucketSettings(loadConfigOrFail());
  if (!settings) fail('Defina BACKUP_S3_ENDPOINT, BACKUP_S3_ACCESS_KEY e BACKUP_S3_SECRET_KEY para restaurar de um bucket.');
  const dir = await fs.mkdtemp(path.join(path.resolve(process.env.TMPDIR ?? '/tmp'), 'vizinhanca-restore-'));
  try {
    const file = await fetchFromBucket(new BackupBucket(settings), fromBucket, dir);
    download = { dir, file };
    console.log(`Baixado do bucket ${settings.bucket}: ${path.basename(file)}`);
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    fail(error instanceof BackupError ? error.message : `A restauração falhou: ${error instanceof Error ? error.message : String(error)}`);
  }
}
const file = download?.file ?? args[0]!;

let failure: string | null = null;
try {
  await withDatabase(async (db, { config, logger, connectionString }) => {
    const storage = createFileStorage(config);
    await storage.init();
    const manifest = await restoreBackup({ file, db, connectionString, storage, workDir: config.dataDir, logger });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup de ${manifest.createdAt} restaurado: ${manifest.tables.length} tabelas, ${rows} linhas, ${manifest.files.length} arquivos.`);
    console.log(`  esquema: ${manifest.migrations.at(-1)} (o app aplica as migrações mais novas ao iniciar e recria a fila de tarefas, schema pgboss)`);
  });
} catch (error) {
  failure = error instanceof BackupError ? error.message : `A restauração falhou: ${error instanceof Error ? error.message : String(error)}`;
} finally {
  if (download) await fs.rm(download.dir, { recursive: true, force: true });
}
if (failure) fail(failure);

function loadConfigOrFail() {
  try {
    return loadConfig();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}
