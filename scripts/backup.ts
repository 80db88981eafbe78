import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ARCHIVE_NAME, archiveNameAt, BackupBucket, backupBucketSettings, backupToBucket } from '../server/src/backup/backup-bucket.ts';
import { BackupError, createBackup } from '../server/src/backup/backup.ts';
import { createFileStorage } from '../server/src/storage/file-storage.ts';
import { fail, parseFlags, withDatabase } from './lib/maintainer.ts';

// npm run backup -- [FILE] [--dir DIR] [--keep N]
// npm run backup -- --s3 [--keep N]
// One archive of the database and the stored files, taken while the app runs.
// Without FILE: DIR/vizinhanca-<UTC date and time>.tar.gz (DIR defaults to ./backups);
// --keep N then removes all but the newest N archives in DIR. With --s3 the archive goes
// to the BACKUP_S3_* bucket instead (the scheduled backup's), and --keep applies there.
const USAGE = 'Uso: npm run backup -- [ARQUIVO] [--dir PASTA] [--keep N]  ou  npm run backup -- --s3 [--keep N] (N: inteiro a partir de 1)';
const args = process.argv.slice(2);
const toBucket = args.includes('--s3');
const flagArgs = args.filter((arg) => arg !== '--s3');
const flags = parseFlags(flagArgs);
const positional = flagArgs.filter((arg, i) => !arg.startsWith('--') && !flagArgs[i - 1]?.startsWith('--'));
const keep = flags.keep === undefined ? null : Number(flags.keep);
if (keep !== null && (!Number.isInteger(keep) || keep < 1)) fail(USAGE);
if (toBucket && (positional.length || flags.dir !== undefined)) fail(USAGE);

const now = new Date();
const dir = path.resolve(flags.dir ?? 'backups');
const file = positional[0] ? path.resolve(positional[0]) : path.join(dir, archiveNameAt(now));

try {
  await withDatabase(async (_db, { config, logger, connectionString }) => {
    const storage = createFileStorage(config);
    if (toBucket) {
      const settings = backupBucketSettings(config);
      if (!settings) fail('Defina BACKUP_S3_ENDPOINT, BACKUP_S3_ACCESS_KEY e BACKUP_S3_SECRET_KEY para enviar o backup a um bucket.');
      const bucket = new BackupBucket(settings);
      const result = await backupToBucket({ connectionString, storage, bucket, now, keep, workDir: config.dataDir, logger });
      console.log(`Backup enviado: ${result.name} (bucket ${bucket.label})`);
      console.log(`  ${result.manifest.tables.length} tabelas, ${result.manifest.files.length} arquivos; esquema: ${result.manifest.migrations.at(-1)}`);
      for (const old of result.removed) console.log(`  removido do bucket (mantidos os ${keep} mais novos): ${old}`);
      return;
    }
    const { manifest } = await createBackup({ connectionString, storage, file, now, logger });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const { size } = await fs.stat(file);
    console.log(`Backup criado: ${file}`);
    console.log(`  ${manifest.tables.length} tabelas, ${rows} linhas, ${manifest.files.length} arquivos, ${(size / 1024 / 1024).toFixed(1)} MB`);
    console.log(`  esquema: ${manifest.migrations.at(-1)}`);
    if (keep !== null && !positional[0]) {
      const archives = (await fs.readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort().reverse();
      for (const old of archives.slice(keep)) {
        await fs.rm(path.join(dir, old));
        console.log(`  removido (mantidos os ${keep} mais novos): ${old}`);
      }
    }
  });
} catch (error) {
  fail(error instanceof BackupError ? error.message : `O backup falhou: ${error instanceof Error ? error.message : String(error)}`);
}
