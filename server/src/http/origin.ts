import type { IncomingMessage } from 'node:http';

/**
 * CSRF: a request that changes state, or a websocket upgrade, must come from our own origin.
 * Browsers always send Origin on cross-site POSTs and upgrades; a missing Origin
 * (curl, server-to-server) is accepted unless Sec-Fetch-Site says cross-site.
 * Ours is PUBLIC_URL's host or the Host the browser addressed (our proxy passes it on);
 * never X-Forwarded-Host, which a proxy forwards as the client wrote it.
 */
export function isSameOrigin(req: IncomingMessage, publicUrl: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] !== 'cross-site';
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  if (publicUrl && new URL(publicUrl).host === originHost) return true;
  return originHost === req.headers.host;
}
