import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Kysely, NO_MIGRATIONS } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Logger } from 'pino';
import * as tar from 'tar';
import { z } from 'zod';
import { createMigrator, migrateTo } from '../db/migrator.ts';
import type { FileStorage } from '../storage/file-storage.ts';

// A backup is one .tar.gz: manifest.json, db/<table>.copy (COPY text format, read
// in one REPEATABLE READ snapshot) and files/<key>. The manifest names the schema
// version (the migrations that ran) and the size and SHA-256 of every other entry.
// docs/decisions/010-backups.md says why it is not pg_dump.

export const BACKUP_FORMAT = 'vizinhanca-backup';
const FORMAT_VERSION = 1;
const APPLICATION_NAME = 'vizinhanca-backup';

const entrySchema = z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  postgresVersion: z.string(),
  migrations: z.array(z.string()).min(1),
  tables: z.array(entrySchema.extend({ name: z.string(), columns: z.array(z.string()).min(1), rows: z.number().int().min(0) })),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  files: z.array(entrySchema.extend({ key: z.string() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Any reason a backup or a restore stops; the message is for the operator, in pt-BR. */
export class BackupError extends Error {}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Counts bytes, newlines (COPY rows) and the SHA-256 of what flows through. */
class Digest extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  newlines = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.newlines += 1;
    this.push(chunk);
    callback();
  }
}

/** Archives hold password hashes, CPFs, Pix keys and messages: only their owner reads them, and what is written on the way too. */
const PRIVATE_FILE_MODE = 0o600;

/** Attaches to `source` at once: a stream whose open fails (a file removed since it was listed) must meet a listener. */
async function writeStream(source: Readable, file: string): Promise<{ bytes: number; sha256: string; newlines: number }> {
  const digest = new Digest();
  await pipeline(source, digest, createWriteStream(file, { mode: PRIVATE_FILE_MODE }));
  return { bytes: digest.bytes, sha256: digest.hash.digest('hex'), newlines: digest.newlines };
}

function isMissingFile(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOENT' || code === 'NoSuchKey' || code === 'NotFound';
}

async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const digest = new Digest();
  await pipeline(createReadStream(file), digest, new Writable({ write: (_chunk, _encoding, callback) => callback() }));
  return { bytes: digest.bytes, sha256: digest.hash.digest('hex') };
}

async function connect(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, application_name: APPLICATION_NAME });
  // A dropped connection must reject the running query, never crash the process.
  client.on('error', () => {});
  await client.connect();
  return client;
}

interface TableInfo {
  name: string;
  columns: string[];
}

/** The app's tables (Kysely's bookkeeping aside) with their stored columns, parents before children. */
async function readTables(client: pg.Client): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<TableInfo>(`
    SELECT c.relname AS name,
      array(SELECT a.attname::text FROM pg_attribute a
            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
            ORDER BY a.attnum)::text[] AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT LIKE 'kysely_migration%'
    ORDER BY c.relname`);
  const { rows: references } = await client.query<{ child: string; parent: string }>(`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint con
    JOIN pg_class child ON child.oid = con.conrelid
    JOIN pg_class parent ON parent.oid = con.confrelid
    WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace AND child.oid <> parent.oid`);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  let remaining = tables;
  while (remaining.length) {
    const ready = remaining.filter((table) => references.every((ref) => ref.child !== table.name || placed.has(ref.parent) || ref.parent === ref.child));
    if (!ready.length) throw new BackupError(`Chaves estrangeiras em ciclo entre ${remaining.map((table) => table.name).join(', ')}: a ordem de carga não existe.`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
}

/**
 * Writes one archive of the database and the stored files while the app keeps running.
 * The archive appears under its name only when complete (written aside, then renamed);
 * any failure, a database restart included, removes what was written and throws.
 */
export async function createBackup(options: {
  connectionString: string;
  storage: FileStorage;
  file: string;
  now: Date;
  logger: Logger;
}): Promise<BackupResult> {
  const file = path.resolve(options.file);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const staging = await fs.mkdtemp(path.join(path.dirname(file), '.backup-'));
  const partial = `${file}.partial`;
  try {
    const client = await connect(options.connectionString);
    let manifest: BackupManifest;
    try {
      // One snapshot for every table: the rows agree with each other as of one moment.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows: migrated } = await client.query<{ exists: boolean }>(`SELECT to_regclass('public.kysely_migration') IS NOT NULL AS exists`);
      const { rows: migrationRows } = migrated[0]?.exists
        ? await client.query<{ name: string }>('SELECT name FROM public.kysely_migration ORDER BY name')
        : { rows: [] };
      if (!migrationRows.length) throw new BackupError('O banco não tem migrações aplicadas: não há nada para copiar.');
      const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
      const tables: BackupManifest['tables'] = [];
      await fs.mkdir(path.join(staging, 'db'), { recursive: true });
      for (const table of await readTables(client)) {
        const entry = `db/${table.name}.copy`;
        const columns = table.columns.map(ident).join(', ');
        const written = await writeStream(client.query(copyTo(`COPY public.${ident(table.name)} (${columns}) TO STDOUT`)), path.join(staging, entry));
        tables.push({ name: table.name, columns: table.columns, rows: written.newlines, path: entry, bytes: written.bytes, sha256: written.sha256 });
        options.logger.debug({ table: table.name, rows: written.newlines }, 'table copied');
      }
      const { rows: sequenceNames } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'S' AND c.relname NOT LIKE 'kysely_migration%' ORDER BY c.relname`,
      );
      const sequences: BackupManifest['sequences'] = [];
      for (const { name } of sequenceNames) {
        const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM public.${ident(name)}`);
        sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
      }
      await client.query('COMMIT');
      manifest = {
        format: BACKUP_FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: options.now.toISOString(),
        postgresVersion: version[0]?.server_version ?? '',
        migrations: migrationRows.map((row) => row.name),
        tables,
        sequences,
        files: [],
      };
    } finally {
      await client.end().catch(() => {});
    }

    // Files are written before the rows that point at them commit, so every file the
    // snapshot refers to exists now (the app never rewrites a key, it makes new ones).
    for await (const key of options.storage.list()) {
      const entry = `files/${key}`;
      await fs.mkdir(path.dirname(path.join(staging, entry)), { recursive: true });
      const stored = await options.storage.get(key);
      if (!stored) continue; // deleted since it was listed
      let written: Awaited<ReturnType<typeof writeStream>>;
      try {
        written = await writeStream(stored.stream, path.join(staging, entry));
      } catch (error) {
        // A file removed between the look and the read (an orphan sweep, an anonymisation) is as gone as one never listed.
        if (!isMissingFile(error)) throw error;
        await fs.rm(path.join(staging, entry), { force: true });
        continue;
      }
      manifest.files.push({ key, path: entry, bytes: written.bytes, sha256: written.sha256 });
    }
    manifest.files.sort((a, b) => a.key.localeCompare(b.key));
    await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: PRIVATE_FILE_MODE });

    const entries = ['manifest.json', 'db', ...(manifest.files.length ? ['files'] : [])];
    // A partial file left by a killed run would keep its old mode when rewritten: start from none.
    await fs.rm(partial, { force: true });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, mode: PRIVATE_FILE_MODE }, entries);
    const handle = await fs.open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(partial, file);
    return { file, manifest };
  } catch (error) {
    await fs.rm(partial, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`O backup falhou e nenhum arquivo foi gerado: ${(error as Error).message}`);
  } finally {
    await removeStaging(staging);
  }
}

/** The staging folder goes, whatever happened; a failed extraction may still be closing files in it. */
async function removeStaging(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => {});
}

/** Unpacks and checks an archive: every entry present, with its size and hash. Touches nothing else. */
async function openArchive(file: string, into: string): Promise<BackupManifest> {
  // One line whatever the reason: a parser's message can quote the broken text, line breaks included.
  const corrupted = (reason: string) =>
    new BackupError(`O arquivo de backup está corrompido ou incompleto (${reason.replace(/\s+/g, ' ').trim()}). Nada foi alterado.`);
  try {
    await fs.access(file);
  } catch {
    throw new BackupError(`Arquivo de backup não encontrado: ${file}`);
  }
  try {
    await tar.extract({ file, cwd: into, strict: true });
  } catch (error) {
    throw corrupted((error as Error).message);
  }
  let manifest: BackupManifest;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(await fs.readFile(path.join(into, 'manifest.json'), 'utf8')));
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'manifesto inválido');
    manifest = parsed.data;
  } catch (error) {
    throw corrupted(`manifest.json: ${(error as Error).message}`);
  }
  for (const entry of [...manifest.tables, ...manifest.files]) {
    const target = path.resolve(into, entry.path);
    if (!target.startsWith(`${path.resolve(into)}${path.sep}`)) throw corrupted(`caminho inválido: ${entry.path}`);
    const actual = await hashFile(target).catch(() => null);
    if (!actual) throw corrupted(`falta ${entry.path}`);
    if (actual.bytes !== entry.bytes || actual.sha256 !== entry.sha256) throw corrupted(`${entry.path} não confere com o manifesto`);
  }
  return manifest;
}

async function assertEmptyTarget(db: pg.Client, storage: FileStorage): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') ORDER BY c.relname LIMIT 5`,
  );
  if (rows.length) {
    throw new BackupError(
      `O banco de destino não está vazio (tem ${rows.map((row) => row.name).join(', ')}). ` +
        'Restaure num DATA_DIR vazio ou num banco recém-criado. Nada foi alterado.',
    );
  }
  for await (const key of storage.list()) {
    throw new BackupError(`O armazenamento de arquivos de destino não está vazio (tem ${key}). Nada foi alterado.`);
  }
}

/**
 * Brings an archive back into an empty database and an empty file store: checks the
 * archive and the target first, migrates to the backup's schema version, loads every
 * table in one transaction and then puts the files. Refuses newer schemas.
 */
export async function restoreBackup(options: {
  file: string;
  db: Kysely<any>;
  connectionString: string;
  storage: FileStorage;
  workDir: string;
  logger: Logger;
}): Promise<BackupManifest> {
  await fs.mkdir(options.workDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(options.workDir, '.restore-'));
  try {
    const manifest = await openArchive(path.resolve(options.file), staging);

    const known = new Set((await createMigrator(options.db).getMigrations()).map((migration) => migration.name));
    const unknown = manifest.migrations.filter((name) => !known.has(name));
    if (unknown.length) {
      throw new BackupError(
        `O backup é de um esquema mais novo que este código (migrações desconhecidas: ${unknown.join(', ')}). ` +
          'Restaure com a versão do app que fez o backup, ou uma mais nova. Nada foi alterado.',
      );
    }

    const client = await connect(options.connectionString);
    try {
      await assertEmptyTarget(client, options.storage);
      await migrateTo(options.db, manifest.migrations.at(-1)!);
      try {
        await loadTables(client, manifest, staging);
      } catch (error) {
        // Leave the target as empty as it was, so a corrected restore can run again.
        await createMigrator(options.db).migrateTo(NO_MIGRATIONS);
        throw error;
      }
    } finally {
      await client.end().catch(() => {});
    }

    for (const entry of manifest.files) {
      const extension = entry.key.split('.').pop();
      const contentType = extension === 'webp' ? 'image/webp' : extension === 'png' ? 'image/png' : 'image/jpeg';
      await options.storage.put(entry.key, await fs.readFile(path.join(staging, entry.path)), contentType);
    }
    options.logger.info({ tables: manifest.tables.length, files: manifest.files.length }, 'backup restored');
    return manifest;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`A restauração falhou: ${(error as Error).message}`);
  } finally {
    await removeStaging(staging);
  }
}

/**
 * The rows go back as they were when the backup read them, without the checks and bookkeeping their
 * triggers do for a new row: a reservation of a batch since closed, or a staff message on a problem
 * since resolved, was valid when written, and a reservation taking its portions again would count them
 * twice. Replica mode needs a role allowed to set it (the embedded Postgres's and the compose file's
 * are superusers); without it the rows go in as before, through their triggers.
 */
async function withoutTriggers(client: pg.Client): Promise<void> {
  await client.query('SAVEPOINT replica_mode');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query('RELEASE SAVEPOINT replica_mode');
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT replica_mode');
  }
}

async function loadTables(client: pg.Client, manifest: BackupManifest, staging: string): Promise<void> {
  const current = new Map((await readTables(client)).map((table) => [table.name, table]));
  const order = [...current.keys()];
  const byName = new Map(manifest.tables.map((table) => [table.name, table]));
  for (const table of manifest.tables) {
    const columns = current.get(table.name)?.columns;
    if (!columns || columns.join(',') !== table.columns.join(',')) {
      throw new BackupError(`A tabela ${table.name} do backup não corresponde ao esquema da versão ${manifest.migrations.at(-1)}.`);
    }
  }
  await client.query('BEGIN');
  try {
    await withoutTriggers(client);
    for (const name of order) {
      const table = byName.get(name);
      if (!table || table.rows === 0) continue;
      const columns = table.columns.map(ident).join(', ');
      await pipeline(createReadStream(path.join(staging, table.path)), client.query(copyFrom(`COPY public.${ident(name)} (${columns}) FROM STDIN`)));
      const { rows } = await client.query<{ count: string }>(`SELECT count(*)::text AS count FROM public.${ident(name)}`);
      if (Number(rows[0]!.count) !== table.rows) throw new BackupError(`A tabela ${name} recebeu ${rows[0]!.count} linhas; o backup tem ${table.rows}.`);
    }
    for (const sequence of manifest.sequences) {
      await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [`public.${ident(sequence.name)}`, sequence.lastValue, sequence.isCalled]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
