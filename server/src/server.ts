import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import pino, { type Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { assembleAppDeps } from './app-deps.ts';
import { accessRefusal } from './auth/access.ts';
import { createClock } from './clock.ts';
import { contained } from './contained.ts';
import type { Config } from './config.ts';
import { createContext, type AppDeps } from './context.ts';
import { createDatabase } from './db/database.ts';
import { resolvePostgres, type PostgresHandle } from './db/embedded-postgres.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDemoIfEmpty } from './db/seed.ts';
import { createHttpHandler } from './http/app.ts';
import { expressMessageClasses } from './http/express-messages.ts';
import { isSameOrigin } from './http/origin.ts';
import { Readiness } from './http/readiness.ts';
import { EventBus } from './realtime/event-bus.ts';
import { LiveSocketHandler } from './realtime/live-socket-handler.ts';
import { appRouter } from './router.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { oneOffJobs } from './jobs/one-off-jobs.ts';
import { scheduledJobs } from './jobs/scheduled-jobs.ts';
import { setCondoTimeZone } from '@vizinhanca/shared/format/format';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  seeded: boolean;
  readiness: Readiness;
  /** Graceful: stops accepting, drains in-flight requests (10 s by default), then closes sockets with a reconnect hint. */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** How long a shutdown waits for requests in flight (SIGTERM; the start script's own deadline is longer). */
export const SHUTDOWN_DRAIN_MS = 10_000;
/** How long a shutdown keeps accepting after the last arrival: requests already sent are read, not reset. */
const SHUTDOWN_SETTLE_MS = 100;

export function createLogger(config: Config): Logger {
  return pino({ level: config.LOG_LEVEL, base: { app: 'vizinhanca' } });
}

/** How often every open socket is pinged; one that has not answered the previous ping is dropped. */
export const HEARTBEAT_MS = 30_000;

/**
 * A websocket's context is built from the request it was opened with: hand it only
 * what the context reads (address, Host, cookie, URL), not the parsed request with its
 * streams and header arrays.
 */
function slimRequest(req: http.IncomingMessage): http.IncomingMessage {
  const { cookie, host, origin } = req.headers;
  const userAgent = req.headers['user-agent'];
  return {
    url: req.url,
    headers: { cookie, host, origin, 'user-agent': userAgent },
    socket: { remoteAddress: req.socket.remoteAddress, localPort: req.socket.localPort },
  } as unknown as http.IncomingMessage;
}

/** A websocket has no response to set cookies on. */
const noCookies = () => {};

/** Protocol pings (browsers answer them by themselves) on one interval for all sockets. */
function startHeartbeat(wss: WebSocketServer, logger: Logger): NodeJS.Timeout {
  const silent = new WeakSet<WebSocket>();
  // One shared listener (ws calls it with the socket as `this`), not a closure per socket.
  function answered(this: WebSocket) {
    silent.delete(this);
  }
  wss.on('connection', (socket: WebSocket) => socket.on('pong', answered));
  const timer = setInterval(
    contained(logger, 'websocket heartbeat', () => {
      for (const socket of wss.clients) {
        if (silent.has(socket)) {
          socket.terminate();
          continue;
        }
        silent.add(socket);
        socket.ping();
      }
    }),
    HEARTBEAT_MS,
  );
  timer.unref();
  return timer;
}

/** Starts everything on one port: API, websocket, client and files. */
export async function startServer(
  config: Config,
  options: { logger?: Logger; clientMiddleware?: RequestHandler; onHttpServer?: (server: http.Server) => void | Promise<void> } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  setCondoTimeZone(config.CONDO_TIMEZONE);

  // Listen first, answering 503 (GET /ready included) until the app is in place, so
  // orchestrators see "starting" rather than a refused connection during migrations.
  const readiness = new Readiness();
  let handleRequest: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Retry-After': '2' });
    res.end(JSON.stringify({ status: 'not ready', problems: readiness.problems() }));
  };
  // Requests and responses are born with the app's prototypes once it is in place (express-messages.ts).
  const messages = expressMessageClasses();
  const server = http.createServer(messages.classes, (req, res) => handleRequest(req, res));
  // Node closes an idle keep-alive connection after 5 s; a client that reuses it at that moment
  // (a proxy, a phone, Playwright's request context) gets ECONNRESET. Keep idle connections
  // longer than the usual load balancers' 60 s, headers timeout above it (Node's rule).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const closeEarly = () => new Promise<void>((resolve) => server.close(() => resolve()));

  let postgres: PostgresHandle;
  try {
    postgres = await resolvePostgres(config, logger);
  } catch (error) {
    await closeEarly();
    throw error;
  }
  const database = createDatabase(postgres.connectionString, logger);
  try {
    await migrateToLatest(database.db);
    readiness.migrated = true;
  } catch (error) {
    await closeEarly();
    await database.close();
    await postgres.stop();
    throw error;
  }

  const bus = new EventBus(database.db, postgres.connectionString, logger);
  const clock = createClock(config.CONDO_TIMEZONE, config.CLOCK_START ? new Date(config.CLOCK_START) : undefined);
  const queue = createJobQueue(database.db, logger, config.CONDO_TIMEZONE);
  const deps = assembleAppDeps({ config, clock, db: database.db, feedDb: database.feedDb, databaseUrl: postgres.connectionString, logger, bus, queue });
  await deps.storage.init();
  if (!config.BACKUP_S3_ENDPOINT && config.NODE_ENV === 'production') logger.warn('scheduled backups are off: set BACKUP_S3_ENDPOINT and its keys (README, Backups)');
  // Installed before the seed: seeding notifies, and notifying enqueues.
  await queue.install({ scheduled: scheduledJobs, oneOff: oneOffJobs });
  const seeded = config.SEED_DEMO ? await seedDemoIfEmpty(deps) : false;
  await bus.start();
  readiness.watchBus(bus);
  await queue.start(deps, { scheduled: scheduledJobs, oneOff: oneOffJobs });

  const { app, handle } = createHttpHandler(deps, { clientMiddleware: options.clientMiddleware, readiness });
  await options.onHttpServer?.(server);
  messages.adopt(app);
  handleRequest = handle;

  // No per-message compression: a zlib context per socket costs more than the small JSON frames it would save.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false, clientTracking: true });
  const wssHandler = new LiveSocketHandler({
    wss,
    router: appRouter,
    createContext: async (req, connection) => {
      const ctx = await createContext(deps, req, noCookies, 'ws');
      ctx.connection = connection;
      // A socket that closed while its context was made has nothing to register.
      if (ctx.user && ctx.session && connection.socket.readyState === connection.socket.OPEN) {
        deps.sockets.add(ctx.user, ctx.session.id, connection.socket, ctx.session.expiresAt);
      }
      return ctx;
    },
    // The stack goes to the log only; the client gets the pt-BR message from the error formatter.
    onError: (error, procedure) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, procedure }, 'websocket call failed');
    },
  });
  // Keep-alive: one shared heartbeat of protocol pings, not timers per socket (the client's own PINGs are answered by the handler).
  const heartbeat = startHeartbeat(wss, logger);

  // Upgrades: only /trpc, only from our origin, only with a live session.
  server.on('upgrade', (req, socket, head) => {
    const refuse = (status: number, text: string) => {
      socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    // Not `new URL`: a request line like `//x:99999` makes it throw, here outside any handler.
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/trpc') {
      // Vite's hot reload owns the others in dev; with nobody else listening, an unanswered socket would hang open.
      if (server.listenerCount('upgrade') === 1) refuse(404, 'Not Found');
      return;
    }
    if (!isSameOrigin(req, config.PUBLIC_URL)) return refuse(403, 'Forbidden');
    const token = deps.sessions.readToken(req.headers.cookie);
    if (!token) return refuse(401, 'Unauthorized');
    deps.sessions.validate(token).then(
      (validated) => {
        // Pending residents subscribe to learn of their approval; a suspended account gets nothing live.
        const refusal = accessRefusal(validated?.user ?? null, 'active');
        if (refusal) return refusal.code === 'UNAUTHORIZED' ? refuse(401, 'Unauthorized') : refuse(403, 'Forbidden');
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, slimRequest(req)));
      },
      () => refuse(503, 'Service Unavailable'),
    );
  });

  const port = (server.address() as AddressInfo).port;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  logger.info({ url }, 'Vizinhança is running');

  // Responses being written, for the drain at shutdown; once it began, each one ends its connection.
  // Each is in a holder that lets go of it as it closes: a response only deleted from this long-lived Set
  // kept its request's objects alive through V8's young collections until the next full one (decision 046).
  const inFlight = new Set<{ res: http.ServerResponse | null }>();
  let lastArrival = 0;
  server.on('connection', () => {
    lastArrival = Date.now();
  });
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    lastArrival = Date.now();
    const held: { res: http.ServerResponse | null } = { res };
    inFlight.add(held);
    if (readiness.shuttingDown) res.shouldKeepAlive = false;
    res.once('close', () => {
      inFlight.delete(held);
      held.res = null;
    });
  });

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    deps,
    seeded,
    readiness,
    close(options: { drainMs?: number } = {}) {
      readiness.shuttingDown = true;
      closing ??= (async () => {
        // Answers from now on close their connections, so no client sends again on one about to end.
        for (const { res } of inFlight) if (res) res.shouldKeepAlive = false;
        lastArrival = Date.now();
        const deadline = lastArrival + (options.drainMs ?? SHUTDOWN_DRAIN_MS);
        // Keep accepting and reading while requests are answered and until none arrived for a moment:
        // one sent just before the stop may still wait unread in a socket or in the system's queue of
        // connections, and closing the listener would reset it. Load balancers already see /ready at 503.
        while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastArrival < SHUTDOWN_SETTLE_MS)) await sleep(25);
        // A timer that fired late runs before the loop looks at the sockets again: two turns (accept, then read).
        for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
        // Stop accepting (Node also closes the connections with no request on them), then let what is
        // in flight finish (up to the drain time), closing each kept-alive connection as it falls idle.
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        while (inFlight.size > 0 && Date.now() < deadline) {
          server.closeIdleConnections();
          await sleep(25);
        }
        server.closeIdleConnections();
        // Live sockets last, told to reconnect (to another instance, or to this one once it is back).
        wssHandler.broadcastReconnectNotification();
        for (const client of wss.clients) client.close(1012, 'server restarting');
        await Promise.race([new Promise<void>((resolve) => wss.close(() => resolve())), sleep(1000)]);
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        await stopped;
        clearInterval(heartbeat);
        deps.sockets.stop();
        await queue.stop();
        deps.mailer.close();
        await bus.stop();
        await database.close();
        await postgres.stop();
      })();
      return closing;
    },
  };
}
