import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// What the first screen of a page downloads (docs/decisions/013-first-screen.md):
// the entry chunk and its static imports, plus the chunks of the screens the
// route loads lazily, with their static imports. Read from Vite's build
// manifest (dist/.vite/manifest.json); sizes are gzip level 9, as the server
// sends them (precompress-plugin.ts writes the same .gz beside each file).

/** The target per page, gzip (≤ 120 KB); `npm run bench` reports against it. */
export const FIRST_SCREEN_BUDGET_BYTES = 120 * 1024;
/**
 * The build fails above this (a ratchet: what the pages weigh now plus a little room).
 * Lower it as pages get lighter; it was raised by 0.5 KB when three screens (/mensagens,
 * /comunicados, /portaria) joined the route table every page downloads, and by 0.5 KB again
 * when /procura-se, /procura-se/{id} and /fornada/{id} did (with the deposit's fields), and by 0.5 KB
 * when a held tap learned to find the button React draws in place of the server's (0.2 KB of it used).
 */
export const FIRST_SCREEN_GUARD_BYTES = 137 * 1024;

/** The pages measured, and the lazily loaded screen modules each route renders (client/src/routes). */
export const FIRST_SCREEN_PAGES: { page: string; screens: string[] }[] = [
  { page: '/auth', screens: ['src/features/auth/components/auth-screen.tsx'] },
  { page: '/', screens: ['src/features/home/components/home-screen.tsx'] },
  // A route whose page reads the address loads it from routes/pages, with its screen in the same chunk.
  { page: '/alugueis', screens: ['src/routes/pages/browse.tsx'] },
  // The order dialog loads after the detail screen (routes/pages/listing-detail.tsx), not with it.
  { page: '/item/{id}', screens: ['src/routes/pages/listing-detail.tsx'] },
  // The settings page and its four sections, one chunk (its two dialogs load after it).
  { page: '/configuracoes', screens: ['src/routes/pages/configuracoes.tsx'] },
  { page: '/ajuda', screens: ['src/features/help/components/help-screen.tsx'] },
];

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export type PageSize = { page: string; files: string[]; rawBytes: number; gzipBytes: number };

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The JS files a chunk and its static imports need, transitively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not a chunk of the build: is it still loaded lazily by its route?`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]!.isEntry);
  if (!key) throw new Error('the build has no entry chunk');
  return key;
}

/** Gzip sizes of what each page's first screen loads. */
export function firstScreenSizes(distDir: string, manifest = readManifest(distDir)): PageSize[] {
  const gzipOf = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = gzipOf.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(distDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      gzipOf.set(file, size);
    }
    return size;
  };
  return FIRST_SCREEN_PAGES.map(({ page, screens }) => {
    const files = new Set<string>();
    staticClosure(manifest, entryKey(manifest), files);
    for (const screen of screens) staticClosure(manifest, screen, files);
    const list = [...files].filter((file) => file.endsWith('.js'));
    return {
      page,
      files: list,
      rawBytes: list.reduce((sum, file) => sum + sizeOf(file).raw, 0),
      gzipBytes: list.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
    };
  });
}

/** Where the build writes the screen preloads the server adds to a page (server/src/http/screen-preloads.ts reads it). */
export const SCREEN_PRELOADS_FILE = '.vite/screen-preloads.json';

export type ScreenPreloads = { path: string; files: string[] }[];

/** The client's route files: each declares its paths and imports its screens lazily (routes/pages hold the screens). */
const ROUTES_DIR = 'src/routes';

/** The modules a source file in `dir` imports lazily (`import('./…')`), as manifest keys ('src/…'). */
function lazyImportsIn(source: string, dir: string): string[] {
  return [...source.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map(([, specifier]) => path.posix.join(dir, specifier!));
}

/**
 * Every route's path ('{id}' for a parameter) and the screen modules its file loads lazily, read from the
 * route files themselves (client/src/routes/*.tsx), so a new route's screen is preloaded with no list to edit.
 */
export function routeScreens(clientDir: string): { path: string; screens: string[] }[] {
  const byPath = new Map<string, string[]>();
  for (const name of readdirSync(path.join(clientDir, ROUTES_DIR)).filter((file) => /\.tsx?$/.test(file))) {
    const source = readFileSync(path.join(clientDir, ROUTES_DIR, name), 'utf8');
    const screens = lazyImportsIn(source, ROUTES_DIR);
    if (screens.length === 0) continue;
    for (const [, routePath] of source.matchAll(/'(\/[\w$/-]*)'/g)) byPath.set(routePath!.replace(/\$\w+/g, '{id}'), screens);
  }
  return [...byPath].map(([routePath, screens]) => ({ path: routePath, screens }));
}

/**
 * Per route path, the screen chunks its first screen needs beyond the entry's (which index.html already
 * preloads), and their stylesheets: the server lists them as modulepreload and stylesheet links, so they
 * download with the entry instead of after it ran and matched the route, and a screen the server drew is
 * painted styled (it is painted before its chunk runs, and would otherwise shift when the chunk adds its CSS).
 */
export function screenPreloads(manifest: Manifest, clientDir: string): ScreenPreloads {
  const entryFiles = new Set<string>();
  staticClosure(manifest, entryKey(manifest), entryFiles);
  const entryCss = new Set(Object.values(manifest).filter((chunk) => entryFiles.has(chunk.file)).flatMap((chunk) => chunk.css ?? []));
  return routeScreens(clientDir).map(({ path: routePath, screens }) => {
    const files = new Set<string>();
    for (const screen of screens) staticClosure(manifest, screen, files);
    const own = [...files].filter((file) => file.endsWith('.js') && !entryFiles.has(file));
    const css = new Set(Object.values(manifest).filter((chunk) => files.has(chunk.file)).flatMap((chunk) => chunk.css ?? []));
    return { path: routePath, files: [...own, ...[...css].filter((file) => !entryCss.has(file))] };
  });
}

/**
 * The files whose lazy imports every page runs right after its first screen: the app's start (the saved
 * query cache, the service worker's registration) and the root route (banners, live events, notification device).
 */
const EVERY_PAGE_IMPORTERS = ['src/main.tsx', 'src/routes/root.tsx'];

/** The modules those files load lazily, as manifest keys ('src/features/...'). */
export function everyPageParts(clientDir: string): string[] {
  return EVERY_PAGE_IMPORTERS.flatMap((importer) => lazyImportsIn(readFileSync(path.join(clientDir, importer), 'utf8'), path.posix.dirname(importer)));
}

/** The sources a built file was made from, read from the source map the build writes beside it. */
export function sourcesOfBuiltFile(distDir: string, file: string): string[] {
  return (JSON.parse(readFileSync(path.join(distDir, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
}

/**
 * The every-page parts that bring Zod, each with the file that carries it. Zod and the schemas built on
 * load are one long task on a phone (tens of ms at Lighthouse's 4x CPU, most of a page's blocking time),
 * so on every page they wait for a form or an answer that needs them (docs/decisions/045-less-blocking-time-after-the-first-screen.md).
 */
export function partsBringingZod(manifest: Manifest, parts: string[], sourcesOf: (file: string) => string[]): { part: string; file: string }[] {
  // A part also imported statically is in the entry, whose size guard catches Zod there.
  return parts.filter((part) => manifest[part]).flatMap((part) => {
    const files = new Set<string>();
    staticClosure(manifest, part, files);
    const file = [...files].find((candidate) => candidate.endsWith('.js') && sourcesOf(candidate).some((source) => source.includes('/node_modules/zod/')));
    return file ? [{ part, file }] : [];
  });
}

export const formatKB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
