import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, GENERIC_ERROR_MESSAGE, isDatabaseUnavailable } from '../errors.ts';

export const REQUEST_MESSAGES = {
  malformedUrl: 'Endereço inválido: confira o link e tente de novo.',
  badRequest: 'Não foi possível entender a requisição.',
  notFound: 'Endereço não encontrado.',
} as const;

/** The path decoded, or null when it holds a malformed escape (`%E0`, `%`) that decodeURIComponent throws on. */
export function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** Our error answer, in Node's own calls: Express's handlers and the feed's hits before Express answer alike. */
function refuse(res: ServerResponse, status: number, message: string, code: string): void {
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ error: { message, data: { code, httpStatus: status } } }));
}

/** A path no decoder can read is answered 400 here, before any handler that decodes it. */
export const refuseMalformedUrls: RequestHandler = (req, res, next) => {
  if (decodedPath(req.path) === null) return refuse(res, 400, REQUEST_MESSAGES.malformedUrl, 'BAD_REQUEST');
  next();
};

/** What no handler answered (a POST to a page, say): our 404, not Express's English page. */
export const answerNotFound: RequestHandler = (_req, res) => refuse(res, 404, REQUEST_MESSAGES.notFound, 'NOT_FOUND');

/** The status a client's mistake carries (body parsers and static files set one), or null for our own failures. */
function clientErrorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * The last handler: any error a middleware or handler threw or passed on is logged and
 * answered in pt-BR (500 with the generic message, 503 when the database is away, or the
 * client error's own status), never with Express's page carrying the stack and the server's paths.
 */
export function answerUncaughtErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => answerFailure(logger, error, req, res);
}

/** What `answerUncaughtErrors` does with a failure, for a request Express never saw (a feed hit answered before it). */
export function answerFailure(logger: Logger, error: unknown, req: IncomingMessage, res: ServerResponse): void {
  const status = clientErrorStatus(error);
  const unavailable = !status && isDatabaseUnavailable(error);
  const reqId = (req as { id?: unknown }).id;
  if (status) logger.info({ err: error, reqId, status }, 'request refused');
  else if (unavailable) logger.warn({ reqId }, 'database unavailable');
  else logger.error({ err: error, reqId }, 'request failed');
  // Part of the answer is out: it cannot become an error answer, only end short.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (unavailable) {
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    refuse(res, 503, DATABASE_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE');
  } else if (status) refuse(res, status, status === 404 ? REQUEST_MESSAGES.notFound : REQUEST_MESSAGES.badRequest, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
  else refuse(res, 500, GENERIC_ERROR_MESSAGE, 'INTERNAL_SERVER_ERROR');
}
