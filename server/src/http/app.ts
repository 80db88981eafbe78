import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type RequestHandler } from 'express';
import { sql } from 'kysely';
import { pinoHttp } from 'pino-http';
import { createContext, type AppDeps } from '../context.ts';
import { appRouter } from '../router.ts';
import { exportsRouter } from './exports.ts';
import { imagesRouter } from './images.ts';
import { isSameOrigin } from './origin.ts';

export const CLIENT_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../client/dist');

export function createHttpApp(deps: AppDeps, options: { clientMiddleware?: RequestHandler } = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' || !req.url?.startsWith('/trpc') },
      serializers: { req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }) },
    }),
  );

  app.use((req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });

  app.get('/health', async (_req, res) => {
    try {
      await sql`SELECT 1`.execute(deps.db);
      res.json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'degraded', database: 'unavailable' });
    }
  });

  // State-changing requests from a foreign origin are refused before any work is done.
  app.use((req, res, next) => {
    const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
    if (changesState && !isSameOrigin(req, deps.config.PUBLIC_URL)) {
      res.status(403).json({ error: { message: 'Origem não permitida' } });
      return;
    }
    next();
  });

  app.use(imagesRouter(deps));
  app.use(exportsRouter(deps));

  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, (header) => res.append('Set-Cookie', header)),
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.logger.error({ err: error.cause ?? error, procedure }, 'procedure failed');
      },
    }),
  );

  if (options.clientMiddleware) {
    app.use(options.clientMiddleware);
  } else if (existsSync(path.join(CLIENT_DIST_DIR, 'index.html'))) {
    app.use(
      express.static(CLIENT_DIST_DIR, {
        index: false,
        setHeaders: (res, file) => {
          const name = path.basename(file);
          // The service worker and the manifest must be revalidated so new versions reach users.
          if (name === 'sw.js' || name.endsWith('.webmanifest')) res.setHeader('Cache-Control', 'no-cache');
          else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // The client router owns every other path (its 404 page included). The page
    // carries the condominium's time zone, so the phone shows dates as the server means them.
    const indexHtml = readFileSync(path.join(CLIENT_DIST_DIR, 'index.html'), 'utf8').replace(
      /(<meta name="vz-condo-timezone" content=")[^"]*(")/,
      `$1${deps.config.CONDO_TIMEZONE.replace(/[^\w/+-]/g, '')}$2`,
    );
    app.get('/{*path}', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(indexHtml);
    });
  }

  return app;
}
