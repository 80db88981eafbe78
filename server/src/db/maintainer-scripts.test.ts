import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';

// The maintainer scripts as the README documents them, run as real processes
// against a real database (DATABASE_URL, as in a deployment).
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vz-scripts-'));
});
afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function script(name: string, args: string[], databaseUrl = database.url) {
  try {
    const { stdout, stderr } = await run(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts', name), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function adminRow(email: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT u.approval_status, array(SELECT role FROM user_roles r WHERE r.user_id = u.id) AS roles FROM users u WHERE u.email = $1`,
      [email],
    );
    return rows[0] as { approval_status: string; roles: string[] } | undefined;
  } finally {
    await client.end();
  }
}

describe('maintainer scripts', () => {
  it('migrate status lists every migration as applied', async () => {
    const { code, out } = await script('migrate.ts', ['status']);
    expect(code).toBe(0);
    expect(out).toMatch(/aplicada em .*2026_11_22_0001_foundation/);
    expect(out).not.toMatch(/pendente/);
  });

  it('migrate status marks pending and unknown migrations and says what to do', async () => {
    const other = await createTestDatabase();
    try {
      const client = new pg.Client({ connectionString: other.url });
      await client.connect();
      const { rows } = await client.query<{ name: string }>('DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration) RETURNING name');
      await client.query(`INSERT INTO kysely_migration (name, timestamp) VALUES ('2099_01_01_0001_from_the_future', now()::text)`);
      await client.end();
      const { code, out } = await script('migrate.ts', ['status'], other.url);
      expect(code).toBe(1);
      expect(out).toMatch(new RegExp(`PENDENTE +${rows[0]!.name}`));
      expect(out).toMatch(/DESCONHECIDA +2099_01_01_0001_from_the_future/);
      expect(out).toContain('1 migração(ões) DESCONHECIDA(S): aplicadas por uma versão mais nova do app; este código não inicia neste banco.');
      expect(out).toMatch(/1 migração\(ões\) PENDENTE\(S\) de \d+: aplique com npm run migrate -- latest\./);
    } finally {
      await other.drop();
    }
  });

  it('user:create-admin creates an approved admin, then promotes without touching the password', async () => {
    const created = await script('create-admin.ts', ['--email', 'Sindica@Exemplo.com', '--password', 'portaria-central', '--name', 'Síndica Nova']);
    expect(created).toMatchObject({ code: 0 });
    expect(created.out).toContain('Administrador criado: sindica@exemplo.com');
    expect(await adminRow('sindica@exemplo.com')).toEqual({ approval_status: 'approved', roles: ['admin'] });

    const again = await script('create-admin.ts', ['--email', 'sindica@exemplo.com', '--password', 'outra-senha-boa', '--name', 'X']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('promovido a administrador (senha mantida)');
  }, 120_000);

  it('user:create-admin refuses a weak password with a clear message and creates nothing', async () => {
    const { code, out } = await script('create-admin.ts', ['--email', 'fraca@exemplo.com', '--password', '123456', '--name', 'Fraca']);
    expect(code).toBe(1);
    expect(out).toContain('Essa senha é muito comum');
    expect(await adminRow('fraca@exemplo.com')).toBeUndefined();
  }, 60_000);

  it('migrate refuses an unknown command', async () => {
    const { code, out } = await script('migrate.ts', ['sideways']);
    expect(code).toBe(1);
    expect(out).toContain('Uso: npm run migrate -- latest|down|status');
  });
});
