import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the client build (client/scripts/first-screen.ts, screenPreloads). */
type ScreenPreloads = { path: string; files: string[] }[];

const SAFE_FILE = /^assets\/[\w.-]+\.(?:js|css)$/;

/**
 * The page for a path: index.html with modulepreload links for the screen chunks that path
 * shows first (docs/decisions/013-first-screen.md), so they download alongside the entry.
 * Paths the build did not list get index.html as it is.
 */
export function pageForPath(distDir: string, indexHtml: string): (requestPath: string) => string {
  const file = path.join(distDir, '.vite/screen-preloads.json');
  if (!existsSync(file)) return () => indexHtml;
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as ScreenPreloads).map(({ path: pattern, files }) => {
    const links = files
      .filter((name) => SAFE_FILE.test(name))
      // A screen's stylesheet as the page's own: the server may have drawn the screen (first-screen-render.ts).
      .map((name) => (name.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="/${name}">` : `<link rel="modulepreload" crossorigin href="/${name}">`))
      .join('');
    const source = pattern.split('/').map((part) => (part === '{id}' ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return { matcher: new RegExp(`^${source.join('/')}/?$`), html: indexHtml.replace('</head>', `${links}</head>`) };
  });
  return (requestPath) => routes.find((route) => route.matcher.test(requestPath))?.html ?? indexHtml;
}
