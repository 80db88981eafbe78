import type { RequestHandler } from 'express';
import { NEVER_BATCHED_PROCEDURES } from '@vizinhanca/shared/auth/session-texts';
import type { Config } from '../config.ts';
import { START_AFTER_PAINT_SOURCE } from './start-after-paint.ts';

/** Largest tRPC request body (JSON): far above any form, far below what hurts memory. Uploads have their own (5 MB). */
export const TRPC_MAX_BODY_BYTES = 100 * 1024;
/** Calls one batched tRPC request may carry (a screen's loader sends a handful). */
export const TRPC_MAX_BATCH_SIZE = 10;
export { NEVER_BATCHED_PROCEDURES };

export const HTTP_MESSAGES = {
  bodyTooLarge: 'A requisição é grande demais.',
  notBatchable: 'Esta ação deve ser enviada sozinha.',
  subscriptionOverHttp: 'Método não permitido: as atualizações ao vivo usam a conexão em tempo real.',
} as const;

/**
 * The page loads only our own files: no inline scripts (the time-zone meta tag
 * carries what an inline script would) but the one fixed script that starts the app after a drawn
 * first screen paints (allowed by its hash: start-after-paint.ts), no framing, no foreign connections.
 * Styles allow inline attributes, which React's `style` props need.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${START_AFTER_PAINT_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(config: Config, options: { contentSecurityPolicy: boolean }): RequestHandler {
  const https = Boolean(config.PUBLIC_URL?.startsWith('https://'));
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    // The dev server (Vite) injects inline scripts for hot reload: the policy is for the built app.
    if (options.contentSecurityPolicy) res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/** API answers carry personal data: never kept by the browser or a shared cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** A body announced as larger than the limit is refused before a byte of it is read. */
export function refuseLargeBodies(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (Number.isFinite(length) && length > maxBytes) {
      res.setHeader('Connection', 'close');
      res.status(413).json({ error: { message: HTTP_MESSAGES.bodyTooLarge, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } } });
      return;
    }
    next();
  };
}

/** `/trpc/a,b?batch=1`: a batch naming a never-batched procedure is refused whole. */
export const refuseUnbatchable: RequestHandler = (req, res, next) => {
  const paths = decodeURIComponent(req.path.replace(/^\//, '')).split(',');
  // The query string is read only for those procedures: Express parses all of it (a feed's input too) on every read of req.query.
  const neverBatched = paths.some((path) => (NEVER_BATCHED_PROCEDURES as readonly string[]).includes(path));
  if (neverBatched && (paths.length > 1 || req.query.batch === '1')) {
    res.status(400).json({ error: { message: HTTP_MESSAGES.notBatchable, data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
    return;
  }
  next();
};

/**
 * Subscriptions live only on the websocket, where every message is checked against
 * the session: tRPC would otherwise answer a plain GET with a Server-Sent Events stream.
 */
export function refuseHttpSubscriptions(isSubscription: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const paths = decodeURIComponent(req.path.replace(/^\//, '')).split(',');
    if (paths.some(isSubscription)) {
      res.status(405).json({ error: { message: HTTP_MESSAGES.subscriptionOverHttp, data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 } } });
      return;
    }
    next();
  };
}
