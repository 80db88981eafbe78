import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenBudget } from './scripts/first-screen-budget-plugin.ts';
import { firstScreenSharedChunks } from './scripts/first-screen-chunks.ts';
import { precompress } from './scripts/precompress-plugin.ts';
import { serviceWorkerVersion } from './scripts/service-worker-version-plugin.ts';

// The version label in Configurações comes from the root package.json.
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * TanStack Store (the router's state) reads it through use-sync-external-store's shim, which carries a
 * copy of useSyncExternalStore for React < 18; the same package's plain entry uses React's own (~0.3 KB
 * gzip less on every first screen, docs/decisions/013-first-screen.md).
 */
const resolve = {
  alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' }],
};

/**
 * The first screen's server renderer (src/server-render.tsx; docs/decisions/013-first-screen.md, fifth
 * pass): `vite build --ssr src/server-render.tsx` into dist/ssr at the checkout's root, beside the compiled server that
 * loads it. Self-contained (its npm packages bundled in), for plain node.
 */
const serverRenderBuild = defineConfig({
  plugins: [react()],
  resolve,
  define: { __APP_VERSION__: JSON.stringify(version), 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  // The icons, manifest and service worker are the browser build's.
  publicDir: false,
  build: {
    outDir: '../dist/ssr',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: 'server-render.js' } },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderBuild : browserBuild));

const browserBuild = defineConfig({
  plugins: [react(), serviceWorkerVersion(), precompress(), firstScreenBudget()],
  resolve,
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    // VZ_OUT_DIR: a build elsewhere (e2e/service-worker-update.spec.ts builds two versions side by side).
    outDir: process.env.VZ_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the first-screen budget (scripts/first-screen.ts) and `npm run bench`.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @trpc/client declares no sideEffects, so its index would keep the websocket link in
        // the entry; it is pure, and the link loads with the first subscription (lib/trpc.ts).
        moduleSideEffects: [{ test: /node_modules\/@trpc\/client\//, sideEffects: false }],
      },
      output: {
        // Chunks by hash alone: their names are repeated in every import and in the entry's preload table,
        // and cost ~1 KB gzip on each first screen (the manifest and source maps still name them).
        chunkFileNames: 'assets/c-[hash].js',
        // Everything the entry loads statically in one chunk (index.html's script): one file, one gzip
        // dictionary, ~0.5 KB less per page than the shared vendor chunks rolldown makes on its own.
        // The websocket link module first, alone (its helpers stay in the entry): the initial group takes
        // a module's dependencies whole, and @trpc/client's index imports it, so it sat in the entry.
        codeSplitting: {
          groups: [
            { name: 'realtime-link', test: /\/@trpc\/client\/dist\/wsLink-/, priority: 2, includeDependenciesRecursively: false },
            { name: 'initial', tags: ['$initial'], priority: 1 },
            // What the measured first screens share, one chunk per set of pages using it (scripts/first-screen-chunks.ts).
            { name: firstScreenSharedChunks(fileURLToPath(new URL('.', import.meta.url))), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
