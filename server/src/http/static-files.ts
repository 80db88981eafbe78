import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { preferredEncoding } from './content-encoding.ts';

/** The file the build wrote beside each one for an encoding (client/scripts/precompress-plugin.ts). */
const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * The built client: hashed assets cached for a year (their name changes with
 * their content), the service worker and manifest revalidated; each file sent
 * precompressed when the browser accepts it (client/scripts/precompress-plugin.ts).
 */
export function clientFiles(distDir: string): RequestHandler[] {
  const precompressed: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    res.vary('Accept-Encoding');
    if (!encoding) return next();
    const relative = path.normalize(decodeURIComponent(req.path)).replace(/^([/\\])+/, '');
    const file = path.join(distDir, relative);
    if (!file.startsWith(distDir + path.sep) || !existsSync(file + SUFFIX[encoding])) return next();
    res.setHeader('Content-Encoding', encoding);
    res.type(path.extname(file));
    setCacheHeaders(res, file);
    res.sendFile(file + SUFFIX[encoding], { headers: { 'Content-Type': res.getHeader('Content-Type') as string } });
  };
  return [precompressed, express.static(distDir, { index: false, setHeaders: setCacheHeaders })];
}

function setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, file: string) {
  const name = path.basename(file);
  // The service worker and the manifest must be revalidated so new versions reach users.
  if (name === 'sw.js' || name.endsWith('.webmanifest')) res.setHeader('Cache-Control', 'no-cache');
  else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
