import { existsSync, readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import type { TRPCError } from '@trpc/server';
import { createContext, type AppDeps, type Context } from '../context.ts';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../errors.ts';
import { metricsAccess } from '../observability/metrics-access.ts';
import { registry } from '../observability/metrics.ts';
import { appRouter } from '../router.ts';
import { exportsRouter } from './exports.ts';
import { imagesRouter } from './images.ts';
import { CLIENT_DIST_DIR } from '../paths.ts';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD_BYTES, GZIP_LEVEL } from './content-encoding.ts';
import { wholeAnswers } from './whole-answers.ts';
import { procedureCalls } from './procedure-calls.ts';
import { clientFiles } from './static-files.ts';
import { pageForPath } from './screen-preloads.ts';
import { servePage } from './first-screen-data.ts';
import { loadScreenRenderer } from './first-screen-render.ts';
import { isSameOrigin } from './origin.ts';
import { requestLog } from './request-log.ts';
import { inOrder } from './in-order.ts';
import { answerNotFound, answerUncaughtErrors, refuseMalformedUrls } from './request-errors.ts';
import { contextBuiltForFeed, feedFastPath, feedHitBeforeExpress } from './feed-fast-path.ts';
import { feedRequestReader } from './feed-input.ts';
import { databaseAnswers } from './health.repository.ts';
import type { Readiness } from './readiness.ts';
import { noStore, refuseHttpSubscriptions, refuseLargeBodies, refuseUnbatchable, securityHeaders, TRPC_MAX_BATCH_SIZE, TRPC_MAX_BODY_BYTES } from './hardening.ts';

function isSubscriptionPath(procedure: string): boolean {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;
  return Object.hasOwn(procedures, procedure) && procedures[procedure]?._def.type === 'subscription';
}

export { CLIENT_DIST_DIR };

type HttpOptions = { clientMiddleware?: RequestHandler; readiness?: Readiness };

/** What does nothing and goes on: the first layer's handlers called outside Express. */
const goOn = () => undefined;

/**
 * The server's request listener: a feed page the cache holds is answered before Express when it can be
 * at once (feedHitBeforeExpress), every other request goes to the Express app. Both start the request
 * with the same handlers (the request id and its log line, the security headers).
 */
export function createHttpHandler(deps: AppDeps, options: HttpOptions = {}): { app: express.Express; handle: RequestListener } {
  const logRequest = requestLog(deps.logger, deps.config.LOG_SLOW_REQUEST_MS);
  const addSecurityHeaders = securityHeaders(deps.config, { contentSecurityPolicy: !options.clientMiddleware });
  /** Feed GETs read by the fast path, kept by URL: the hits before Express answer only URLs it read. */
  const feedRequests = feedRequestReader();
  const app = createExpressApp(deps, options, { logRequest, addSecurityHeaders, feedRequests });
  const answerHit = feedHitBeforeExpress(deps, feedRequests, (req, res) => {
    logRequest(req as express.Request, res as express.Response, goOn);
    addSecurityHeaders(req as express.Request, res as express.Response, goOn);
  });
  return { app, handle: (req, res) => (answerHit(req, res) ? undefined : app(req, res)) };
}

function createExpressApp(
  deps: AppDeps,
  options: HttpOptions,
  shared: { logRequest: RequestHandler; addSecurityHeaders: RequestHandler; feedRequests: ReturnType<typeof feedRequestReader> },
) {
  const app = express();
  app.disable('x-powered-by');
  // The number of proxies in front: the client address is the one the nearest of them saw, never one the client wrote.
  app.set('trust proxy', deps.config.TRUST_PROXY);

  // State-changing requests from a foreign origin are refused before any work is done.
  const refuseForeignOrigins: RequestHandler = (req, res, next) => {
    const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
    if (changesState && !isSameOrigin(req, deps.config.PUBLIC_URL)) {
      res.status(403).json({ error: { message: 'Origem não permitida' } });
      return;
    }
    next();
  };
  app.use(
    inOrder(
      shared.logRequest,
      shared.addSecurityHeaders,
      // Every handler after this one may decode the path: one with a malformed escape stops here.
      refuseMalformedUrls,
      refuseForeignOrigins,
    ),
  );

  // Shared by the two adapters below: one context per request, the same headers and the same log.
  const trpcContext = async (req: express.Request, res: express.Response): Promise<Context> => {
    const ctx =
      contextBuiltForFeed(res) ??
      (await createContext(deps, req, (header) => res.append('Set-Cookie', header), 'http').catch((error: unknown) => {
        // Reading the session needs the database: when it is away, say so (503), as the procedures do.
        throw isDatabaseUnavailable(error) ? new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE) : error;
      }));
    res.locals.userId = ctx.user?.id;
    return ctx;
  };
  // Clients (and proxies) retry a 503 after this long instead of at once.
  const headersFor = (errors: readonly TRPCError[]): Record<string, string> =>
    errors.some((error) => error.code === 'SERVICE_UNAVAILABLE') ? { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } : {};
  // The stack goes to the log only; the client gets the pt-BR message from the error formatter.
  const logError = ({ error, path: procedure, req }: { error: TRPCError; path: string | undefined; req: express.Request }) => {
    const reqId = (req as { id?: unknown }).id;
    if (error.code === 'INTERNAL_SERVER_ERROR') deps.logger.error({ err: error.cause ?? error, procedure, reqId }, 'procedure failed');
    else if (error.code === 'SERVICE_UNAVAILABLE') deps.logger.warn({ procedure, reqId }, 'database unavailable');
  };

  // The API before the compression middleware and the routes below, which its requests never reach: its answers
  // are sent whole and compressed in one call (wholeAnswers, the feed's fast path), and the middleware's wrapper cost
  // every call its CPU for nothing. What /trpc hands on goes through the rest as any other request.
  // The public feed's pages, answered before tRPC (decisions 014, 032), and before the /trpc mount, whose
  // checks a plain GET of listings.list passes: the busiest request crosses two layers, not ten.
  app.use(feedFastPath(deps, shared.feedRequests));
  app.use(
    '/trpc',
    noStore,
    refuseLargeBodies(TRPC_MAX_BODY_BYTES),
    refuseUnbatchable,
    refuseHttpSubscriptions((procedure) => isSubscriptionPath(procedure)),
    // tRPC's answers sent whole: small ones plain, the rest compressed in one call.
    wholeAnswers,
    // The app's own calls, without the Fetch API (decision 036); anything else goes on to tRPC's adapter.
    procedureCalls({ router: appRouter, maxBatchSize: TRPC_MAX_BATCH_SIZE, maxBodySize: TRPC_MAX_BODY_BYTES, createContext: trpcContext, headersFor, onError: logError }),
    createExpressMiddleware({
      router: appRouter,
      maxBodySize: TRPC_MAX_BODY_BYTES,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: ({ req, res }) => trpcContext(req, res),
      responseMeta: ({ errors }) => ({ headers: headersFor(errors) }),
      onError: ({ error, path: procedure, req }) => logError({ error, path: procedure, req }),
    }),
  );

  // API answers and the page are compressed on the fly (brotli or gzip); static files come precompressed.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }, level: GZIP_LEVEL, threshold: COMPRESSION_THRESHOLD_BYTES }));

  app.get('/health', async (_req, res) => {
    try {
      await databaseAnswers(deps.db);
      res.json({ status: 'ok', database: 'ok' });
    } catch {
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(503).json({ status: 'degraded', database: 'unavailable' });
    }
  });

  // Readiness for load balancers: 503 while starting, when the event bus lost its LISTEN, and while shutting down.
  app.get('/ready', (_req, res) => {
    const problems = options.readiness?.problems() ?? [];
    res.setHeader('Cache-Control', 'no-store');
    if (problems.length) res.status(503).json({ status: 'not ready', problems });
    else res.json({ status: 'ready' });
  });

  const mayReadMetrics = metricsAccess({ token: deps.config.METRICS_TOKEN, allow: deps.config.METRICS_ALLOW });
  app.get('/metrics', async (req, res) => {
    if (!mayReadMetrics(req)) {
      res.status(403).type('text').send('Forbidden');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  });

  app.use(imagesRouter(deps));
  app.use(exportsRouter(deps));

  if (options.clientMiddleware) {
    app.use(options.clientMiddleware);
  } else if (existsSync(path.join(CLIENT_DIST_DIR, 'index.html'))) {
    app.use(clientFiles(CLIENT_DIST_DIR));
    // The client router owns every other path (its 404 page included). The page
    // carries the condominium's time zone, so the phone shows dates as the server means them.
    const indexHtml = readFileSync(path.join(CLIENT_DIST_DIR, 'index.html'), 'utf8').replace(
      /(<meta name="vz-condo-timezone" content=")[^"]*(")/,
      `$1${deps.config.CONDO_TIMEZONE.replace(/[^\w/+-]/g, '')}$2`,
    );
    const page = pageForPath(CLIENT_DIST_DIR, indexHtml);
    app.get('/{*path}', servePage(deps, page, loadScreenRenderer(deps)));
  }

  app.use(answerNotFound);
  app.use(answerUncaughtErrors(deps.logger));

  return app;
}
