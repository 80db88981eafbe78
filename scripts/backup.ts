import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BackupError, createBackup } from '../server/src/backup/backup.ts';
import { createFileStorage } from '../server/src/storage/file-storage.ts';
import { fail, parseFlags, withDatabase } from './lib/maintainer.ts';

// npm run backup -- [FILE] [--dir DIR] [--keep N]
// One archive of the database and the stored files, taken while the app runs.
// Without FILE: DIR/vizinhanca-<UTC date and time>.tar.gz (DIR defaults to ./backups);
// --keep N then removes all but the newest N archives in DIR.
const args = process.argv.slice(2);
const flags = parseFlags(args);
const positional = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
const keep = flags.keep === undefined ? null : Number(flags.keep);
if (keep !== null && (!Number.isInteger(keep) || keep < 1)) fail('Uso: npm run backup -- [ARQUIVO] [--dir PASTA] [--keep N] (N: inteiro a partir de 1)');

const ARCHIVE_NAME = /^vizinhanca-\d{8}T\d{6}Z\.tar\.gz$/;
const now = new Date();
const dir = path.resolve(flags.dir ?? 'backups');
const file = positional[0] ? path.resolve(positional[0]) : path.join(dir, `vizinhanca-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.tar.gz`);

try {
  await withDatabase(async (_db, { config, logger, connectionString }) => {
    const storage = createFileStorage(config);
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
