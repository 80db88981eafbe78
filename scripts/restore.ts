import { BackupError, restoreBackup } from '../server/src/backup/backup.ts';
import { createFileStorage } from '../server/src/storage/file-storage.ts';
import { fail, withDatabase } from './lib/maintainer.ts';

// npm run restore -- FILE
// Brings a backup back into an empty DATA_DIR (embedded Postgres) or an empty
// DATABASE_URL database and S3 bucket. Anything not empty is refused untouched.
const file = process.argv[2];
if (!file || file.startsWith('--')) fail('Uso: npm run restore -- ARQUIVO');

try {
  await withDatabase(async (db, { config, logger, connectionString }) => {
    const storage = createFileStorage(config);
    await storage.init();
    const manifest = await restoreBackup({ file, db, connectionString, storage, workDir: config.dataDir, logger });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup de ${manifest.createdAt} restaurado: ${manifest.tables.length} tabelas, ${rows} linhas, ${manifest.files.length} arquivos.`);
    console.log(`  esquema: ${manifest.migrations.at(-1)} (o app aplica as migrações mais novas ao iniciar)`);
  });
} catch (error) {
  fail(error instanceof BackupError ? error.message : `A restauração falhou: ${error instanceof Error ? error.message : String(error)}`);
}
