import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  everyPageParts,
  FIRST_SCREEN_GUARD_BYTES,
  firstScreenSizes,
  formatKB,
  partsBringingZod,
  readManifest,
  SCREEN_PRELOADS_FILE,
  screenPreloads,
  sourcesOfBuiltFile,
} from './first-screen.ts';

/**
 * Fails the build when a page's first screen needs more JS than the guard
 * (gzip, scripts/first-screen.ts), so a static import that drags a library into the entry is caught
 * where it is made; and when a part every page loads after its first screen (main.tsx's and root.tsx's lazy parts)
 * brings Zod. FIRST_SCREEN_BUDGET=off skips both (measuring an experiment). Also writes the
 * screen preloads the server adds to each page (first-screen.ts, screenPreloads).
 */
export function firstScreenBudget(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'vizinhanca-first-screen-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = readManifest(outDir);
      writeFileSync(path.join(outDir, SCREEN_PRELOADS_FILE), JSON.stringify(screenPreloads(manifest, root)));
      const sizes = firstScreenSizes(outDir, manifest);
      console.log(`first-screen JS (gzip): ${sizes.map((size) => `${size.page} ${formatKB(size.gzipBytes)}`).join(', ')}`);
      if (process.env.FIRST_SCREEN_BUDGET === 'off') return;
      const over = sizes.filter((size) => size.gzipBytes > FIRST_SCREEN_GUARD_BYTES);
      if (over.length > 0) {
        throw new Error(
          `First-screen JS over the budget of ${formatKB(FIRST_SCREEN_GUARD_BYTES)} gzip: ${over.map((size) => `${size.page} ${formatKB(size.gzipBytes)} (${size.files.join(', ')})`).join('; ')}. ` +
            'Load the new code lazily (client/src/lib/lazy-screen.ts) or keep Zod-free constants apart (docs/decisions/013-first-screen.md).',
        );
      }
      const withZod = partsBringingZod(manifest, everyPageParts(root), (file) => sourcesOfBuiltFile(outDir, file));
      if (withZod.length > 0) {
        throw new Error(
          `A part every page loads after its first screen brings Zod: ${withZod.map(({ part, file }) => `${part} (in ${file})`).join('; ')}. ` +
            'Import the constants or rules it needs from a Zod-free module, or load the schema when a form needs it (docs/decisions/045-less-blocking-time-after-the-first-screen.md).',
        );
      }
    },
  };
}
