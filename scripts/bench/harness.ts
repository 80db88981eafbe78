import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import * as esbuild from 'esbuild';
import pino from 'pino';
import { LOG_LINE_PREFIX } from './pg-log.ts';
import { type PgbenchResult, parsePgbenchOutput, tpsAfterWarmup } from './pgbench-script.ts';

// The bench's moving parts: the compiled app and the minimal baseline as child
// processes (plain node, as in production), their memory read from /proc,
// Postgres's statement log switched on for a capture, and pgbench.

/** Compiles the bare baseline (scripts/bench/minimal-server.ts, with the app's compression and writer) for plain node; its path. */
export async function buildMinimalServer(root: string): Promise<string> {
  const outfile = path.join(root, 'dist/bench/minimal-server.js');
  await esbuild.build({
    entryPoints: [path.join(root, 'scripts/bench/minimal-server.ts')],
    outfile,
    // The app's compression module goes in; packages stay imports.
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  await esbuild.stop();
  return outfile;
}

export type ChildServer = { pid: number; url: string; alive(): boolean; stop(): Promise<void> };

async function waitUntilReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${path.basename(logFile)}: the process exited (${exited}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`not ready after ${timeoutMs / 1000} s: ${url}\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(killed);
  };
}

/**
 * Runs `work` (pgbench) with the app stopped (SIGSTOP), then lets it go on: pgbench has the cores to
 * itself, as the app's load had them, and the app's job workers do not deliver pgbench's notifications
 * during the run (they do after it, see queue-drain.ts).
 */
export async function withAppPaused<T>(app: Pick<ChildServer, 'pid'>, work: () => Promise<T>): Promise<T> {
  process.kill(app.pid, 'SIGSTOP');
  try {
    return await work();
  } finally {
    process.kill(app.pid, 'SIGCONT');
  }
}

/** The environment of a compiled app started on a bench's kept data (production, no demo seed, none of the caller's own settings). */
export function keptDataAppEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
  for (const key of ['DATABASE_URL', 'LOG_LEVEL', 'CLOCK_START', 'PUBLIC_URL', 'SMTP_URL', 'S3_ENDPOINT']) delete env[key];
  return env;
}

/** Starts a Node server script as a child process, output to `logFile`, and waits for `readyPath` to answer 200. */
export async function startNodeServer(options: {
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  logFile: string;
  /** Node's own flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
}): Promise<ChildServer> {
  const out = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], { cwd: options.cwd, env: options.env, stdio: ['ignore', out, out] });
  const url = `http://127.0.0.1:${options.port}`;
  const stop = stopper(child);
  try {
    await waitUntilReady(`${url}${options.readyPath}`, child, options.logFile, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid!, url, alive: () => child.exitCode === null && child.signalCode === null, stop };
}

/** Resident memory of one process (VmRSS), in bytes. */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** Every process under `pid` (children, grandchildren...) with its command line. */
export function descendants(pid: number): { pid: number; command: string }[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      let command = '';
      try {
        command = readFileSync(`/proc/${child}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      } catch {
        // gone meanwhile
      }
      found.push({ pid: child, command });
      visit(child);
    }
  };
  visit(pid);
  return found;
}

export async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: 'vz-bench' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Postgres's own log as the embedded Postgres hands it to the logger of the
 * process that started it (its stderr, through startEmbeddedPostgres's onLog).
 */
export function postgresLogSink() {
  const chunks: string[] = [];
  const logger = pino(
    { level: 'trace' },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { postgres?: unknown };
        if (typeof entry.postgres === 'string') chunks.push(entry.postgres);
      },
    },
  );
  return { logger, text: () => chunks.join('\n') };
}

/** Logs every statement (text and parameters, with backend and application) while `run` runs; off again afterwards. */
export async function withStatementLog<T>(client: pg.Client, run: () => Promise<T>): Promise<T> {
  await client.query(`ALTER SYSTEM SET log_line_prefix = '${LOG_LINE_PREFIX}'`);
  await client.query(`ALTER SYSTEM SET log_statement = 'all'`);
  await client.query('SELECT pg_reload_conf()');
  await sleep(500);
  try {
    return await run();
  } finally {
    await client.query('ALTER SYSTEM RESET log_statement');
    await client.query('ALTER SYSTEM RESET log_line_prefix');
    await client.query('SELECT pg_reload_conf()');
  }
}

/** The log once it contains `until` (Postgres writes it a little after the statement ran). */
export async function readStatementLog(sink: { text(): string }, until: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const text = sink.text();
    if (text.includes(until)) return text;
    await sleep(200);
  }
  throw new Error(`the Postgres log never showed ${until}`);
}

/** pgbench from Debian's postgresql-client, installed on demand (as Chromium is found on demand). */
export function ensurePgbench(): string {
  const found = () => spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).stdout.trim();
  if (found()) return found();
  if (process.getuid?.() !== 0) throw new Error('pgbench não encontrado: instale o pacote postgresql-client (sudo apt-get install -y postgresql-client).');
  console.log('Instalando pgbench (postgresql-client)...');
  execFileSync('sh', ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql-client'], { stdio: 'inherit' });
  if (!found()) throw new Error('pgbench ainda não encontrado depois de instalar postgresql-client.');
  return found();
}

export function pgbenchVersion(pgbench: string): string {
  return spawnSync(pgbench, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

/** The pid of the postmaster serving `databaseUrl` (from its data directory's postmaster.pid): the root of Postgres's process tree for treeCpuMs. */
export async function postmasterPid(databaseUrl: string): Promise<number> {
  const dataDirectory = await withClient(databaseUrl, async (client) => (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory);
  return Number(readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The connection string with settings for its sessions (the `options` parameter of libpq and of pg), percent-encoded as both read it. */
export function withSessionOptions(connectionString: string, sessionOptions?: string): string {
  if (!sessionOptions) return connectionString;
  return `${connectionString}${connectionString.includes('?') ? '&' : '?'}options=${encodeURIComponent(sessionOptions)}`;
}

export async function runPgbench(options: {
  pgbench: string;
  connectionString: string;
  mode: 'prepared' | 'extended';
  clients: number;
  seconds: number;
  /** Transactions per client (-t) instead of a time (-T): a fixed amount of work. */
  transactionsPerClient?: number;
  /**
   * Seconds run before `seconds` and not counted (new connections prepare their statements and load the
   * catalog first): the rate is then the mean of pgbench's per-second progress reports after them.
   */
  warmupSeconds?: number;
  scripts: string[];
  defines: Record<string, string>;
}): Promise<PgbenchResult & { output: string }> {
  const warmup = options.transactionsPerClient ? 0 : (options.warmupSeconds ?? 0);
  const length = options.transactionsPerClient ? ['-t', String(options.transactionsPerClient)] : ['-T', String(options.seconds + warmup)];
  const args = ['-n', '-M', options.mode, '-c', String(options.clients), '-j', '2', ...length, ...(warmup ? ['-P', '1'] : [])];
  for (const script of options.scripts) args.push('-f', script);
  for (const [name, value] of Object.entries(options.defines)) args.push('-D', `${name}=${value}`);
  args.push(options.connectionString);
  const output = await new Promise<string>((resolve) => {
    const child = spawn(options.pgbench, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', () => resolve(text));
  });
  const summary = parsePgbenchOutput(output);
  return { ...summary, ...(warmup ? { tps: tpsAfterWarmup(output, warmup, summary.tps) } : {}), output };
}
