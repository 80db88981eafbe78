import type { IncomingMessage } from 'node:http';

/**
 * CSRF: a request that changes state, or a websocket upgrade, must come from our own origin.
 * Browsers always send Origin on cross-site POSTs and upgrades; a missing Origin
 * (curl, server-to-server) is accepted unless Sec-Fetch-Site says cross-site.
 */
export function isSameOrigin(req: IncomingMessage, publicUrl: string | undefined, trustProxy: boolean): boolean {
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] !== 'cross-site';
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  if (publicUrl && new URL(publicUrl).host === originHost) return true;
  // X-Forwarded-Host is written by our proxy only when one is in front; otherwise by anyone.
  return originHost === req.headers.host || (trustProxy && originHost === req.headers['x-forwarded-host']);
}
