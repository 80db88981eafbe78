import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { contained } from '../contained.ts';
import { decodedPath } from './request-errors.ts';

/** Paths that get a log line: the API, not static files or probes. */
const LOGGED_PATH = /^\/(trpc|api)\//;

/** The procedures a /trpc request calls ('a.b,c.d' when batched); as sent when it holds a malformed escape. */
function proceduresOf(url: string): string | undefined {
  const match = /^\/trpc\/([^?]+)/.exec(url);
  return match ? (decodedPath(match[1]!) ?? match[1]!) : undefined;
}

/**
 * The request id (X-Request-Id, ours when the client's is not a plain token) and one
 * log line per API request that costs nothing when nobody reads it: failures (4xx at
 * info, 5xx at error) and requests slower than `slowMs` always, the rest at debug
 * (built only when debug is on). Its id, who (user id only: never e-mail or CPF),
 * what, status and duration; never the query string (it carries procedure input).
 */
export function requestLog(logger: Logger, slowMs: number): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    (req as { id?: string }).id = id;
    res.setHeader('X-Request-Id', id);
    if (!LOGGED_PATH.test(req.url)) return next();
    const started = performance.now();
    res.once('finish', contained(logger, 'request log', () => {
      const responseTime = Math.round(performance.now() - started);
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 || responseTime >= slowMs ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          // originalUrl: Express's; a feed hit answered before Express has only Node's url.
          req: { id, method: req.method, path: (req.originalUrl ?? req.url).split('?')[0] },
          res: { statusCode: status },
          userId: (res.locals as { userId?: string } | undefined)?.userId ?? null,
          procedure: proceduresOf(req.originalUrl ?? req.url),
          responseTime,
        },
        status >= 500 ? 'request errored' : 'request completed',
      );
    }));
    next();
  };
}
