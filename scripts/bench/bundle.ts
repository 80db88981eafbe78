import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { FIRST_SCREEN_BUDGET_BYTES, firstScreenSizes, formatKB } from '../../client/scripts/first-screen.ts';
import { PROJECT_ROOT } from '../../server/src/paths.ts';
import { type BenchLine, type BenchSection, formatRatio } from './report.ts';

// The first-screen bundle line of `npm run bench`: the JS each page's
// first screen downloads (client/scripts/first-screen.ts reads the build's
// manifest), against a skeleton of the bare stack built in the same run
// (scripts/bench/skeleton: React + Router + Query + tRPC + superjson, one query).

const CLIENT_DIR = path.join(PROJECT_ROOT, 'client');
const SKELETON_DIR = path.join(PROJECT_ROOT, 'scripts/bench/skeleton');
const SKELETON_OUT = path.join(PROJECT_ROOT, '.tmp/bench-skeleton');

let clientBuilt: Promise<void> | null = null;

/**
 * The client as `npm run build` makes it, once per process: the browser's files (client/dist) and
 * the first screen's server renderer (dist/ssr, `vite build --ssr`). Without the renderer the
 * server sends pages without their markup (it says nothing), and Lighthouse then measured a page
 * that paints only once the app has run: LCP 2.6-3.0 s on a fresh checkout, against 0.8-1.0 s.
 */
export function buildClient(): Promise<void> {
  return (clientBuilt ??= (async () => {
    // The budget is a line here, not a failure: the bench reports it either way.
    process.env.FIRST_SCREEN_BUDGET = 'off';
    const configFile = path.join(CLIENT_DIR, 'vite.config.ts');
    await build({ root: CLIENT_DIR, configFile, logLevel: 'warn' });
    await build({ root: CLIENT_DIR, configFile, logLevel: 'warn', build: { ssr: 'src/server-render.tsx' } });
  })());
}

/** Builds the client (as `npm run build` does) and the skeleton; gzip sizes of the JS each first screen loads. */
async function buildBoth(): Promise<{ skeletonGzip: number }> {
  await buildClient();
  await build({
    root: SKELETON_DIR,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: SKELETON_OUT, emptyOutDir: true },
  });
  const assets = path.join(SKELETON_OUT, 'assets');
  const skeletonGzip = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length, 0);
  return { skeletonGzip };
}

/** The precompressed brotli files the server sends a browser that accepts brotli (every phone's browser over HTTPS), for information. */
function brotliAsSent(dist: string, files: string[]): number {
  return files.reduce((sum, file) => {
    const brotli = path.join(dist, `${file}.br`);
    // The build precompresses files of 1 KB and more; a smaller one goes as it is.
    return sum + (existsSync(brotli) ? statSync(brotli).size : statSync(path.join(dist, file)).size);
  }, 0);
}

export async function bundleSection(): Promise<BenchSection> {
  const { skeletonGzip } = await buildBoth();
  const dist = path.join(CLIENT_DIR, 'dist');
  const sizes = firstScreenSizes(dist);
  const lines: BenchLine[] = sizes.map((size) => ({
    what: `first-screen JS of ${size.page} (entry + the route's screens, with their static imports; ${size.files.length} files)`,
    figure: `${formatKB(size.gzipBytes)} gzip (${formatKB(size.rawBytes)} minified; ${formatKB(brotliAsSent(dist, size.files))} brotli as sent)`,
    baseline: `skeleton ${formatKB(skeletonGzip)} gzip`,
    ratio: formatRatio(size.gzipBytes / skeletonGzip),
    target: `≤ ${formatKB(FIRST_SCREEN_BUDGET_BYTES)} gzip`,
    met: size.gzipBytes <= FIRST_SCREEN_BUDGET_BYTES,
  }));
  return {
    title: 'First-screen bundle',
    cache: 'not a request: sizes of the built files',
    lines,
    notes: [
      'Gzip level 9 of the built files, as the server sends them to a browser that does not accept brotli; the target is in gzip. The brotli figure (information only) sums the precompressed `.br` files the server sends to a browser that accepts brotli. The skeleton is React + React DOM + TanStack Router (one route) + TanStack Query + the tRPC React client (batch link, superjson) with one query: scripts/bench/skeleton/.',
      'The build itself fails when a page goes over the budget (client/scripts/first-screen-budget-plugin.ts).',
    ],
  };
}
