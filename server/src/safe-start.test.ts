import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { type ServerProcess, spawnServer } from '../test/server-process.ts';
import { ConfigError, loadConfig } from './config.ts';
import { PROJECT_ROOT } from './paths.ts';

// The demo's logins are printed in the README: a server seeded with them must not be
// reachable from the network unless asked, and production must not run on the
// passwords docker-compose.yml falls back to.
const startScript = path.join(PROJECT_ROOT, 'scripts/start.ts');

/** The environment without the variables the test sets itself (HOST unset as on a fresh machine). */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['HOST', 'PORT', 'SEED_DEMO', 'DATABASE_URL', 'DATA_DIR', 'NODE_ENV', 'S3_ENDPOINT', 'PUBLIC_URL']) delete env[name];
  return env;
}

describe('the address the server listens on', () => {
  it('is 127.0.0.1 with the demo data on and HOST unset, all addresses without it, and HOST when set', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ SEED_DEMO: 'true' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ SEED_DEMO: 'false' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ SEED_DEMO: 'true', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ SEED_DEMO: 'false', HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1');
  });
});

describe('secrets in production', () => {
  const weak = {
    DATABASE_URL: 'postgres://vizinhanca:vizinhanca-dev@postgres:5432/vizinhanca',
    S3_ENDPOINT: 'http://minio:9000',
    S3_ACCESS_KEY: 'vizinhanca',
    S3_SECRET_KEY: 'vizinhanca-dev',
  };

  it('refuses the development default passwords, naming each variable', () => {
    expect(() => loadConfig({ ...weak, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...weak, NODE_ENV: 'production' })).toThrow(/DATABASE_URL: usa a senha de desenvolvimento[\s\S]*S3_SECRET_KEY: usa a senha de desenvolvimento/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://app:vizinhanca-dev@mail:587' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: 'vizinhanca-dev' })).toThrow(/METRICS_TOKEN/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', BACKUP_S3_ENDPOINT: 'https://s3.exemplo.com', BACKUP_S3_ACCESS_KEY: 'backup', BACKUP_S3_SECRET_KEY: 'vizinhanca-dev' }),
    ).toThrow(/BACKUP_S3_SECRET_KEY: usa a senha de desenvolvimento/);
  });

  it('a backup bucket needs its keys, named', () => {
    expect(() => loadConfig({ BACKUP_S3_ENDPOINT: 'https://s3.exemplo.com' })).toThrow('BACKUP_S3_ACCESS_KEY/BACKUP_S3_SECRET_KEY: obrigatórias quando BACKUP_S3_ENDPOINT está definido');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: mantenha ao menos 1 backup/);
  });

  it('accepts them outside production, and strong ones in production', () => {
    expect(loadConfig({ ...weak, NODE_ENV: 'development' }).S3_SECRET_KEY).toBe('vizinhanca-dev');
    const strong = loadConfig({
      ...weak,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://vizinhanca:Xk2-f9QpLm7t@postgres:5432/vizinhanca',
      S3_SECRET_KEY: 'c8Rw-2nVq0ZsYt4e',
    });
    expect(strong.NODE_ENV).toBe('production');
  });

  it('the server process exits at start with the message, before touching the database', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', startScript], {
      cwd: PROJECT_ROOT,
      env: { ...baseEnv(), NODE_ENV: 'production', SEED_DEMO: 'false', DATABASE_URL: weak.DATABASE_URL.replace('postgres:5432', '127.0.0.1:1'), LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL: usa a senha de desenvolvimento/);
  });
});

describe('npm start with the demo data', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'vz-safe-start-'));
  });
  afterAll(async () => {
    await server?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Resolves when a TCP connection to host:port is accepted, rejects when it is refused. */
  const connect = (host: string, port: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect({ host, port }, () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', reject);
    });

  it('listens on 127.0.0.1 only and says so', { timeout: 90_000 }, async () => {
    server = spawnServer({ ...baseEnv(), DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' });
    const started = await server.waitFor(/Logins de demonstração/);
    expect(started).toMatch(/escutando em 127\.0\.0\.1/);
    expect(started).toMatch(/só este computador acessa o app \(127\.0\.0\.1\)/);
    expect(started).toMatch(/defina HOST/);
    const port = Number(/rodando em http:\/\/localhost:(\d+)/.exec(started)?.[1]);
    await connect('127.0.0.1', port);
    // Another loopback address reaches a server listening on every address, not one bound to 127.0.0.1.
    await expect(connect('127.0.0.2', port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
