import path from 'node:path';
import { FIRST_SCREEN_PAGES } from './first-screen.ts';

/** What rolldown's code-splitting group `name` function receives (rolldown's ChunkingContext, the part used here). */
type ChunkingContext = { getModuleInfo: (id: string) => { importers: string[]; dynamicImporters: string[]; isEntry: boolean } | null };

/**
 * The modules the measured first screens (first-screen.ts) import, one chunk per set of those pages that
 * use them, instead of rolldown's automatic chunks, which follow every screen of the app: a page loaded up
 * to 14 small shared chunks, each with its gzip framing and its import line (decision 013).
 * A page now loads its screen's chunk, the chunk of the modules only it uses, and one chunk per set of
 * pages it shares modules with. Left to the automatic chunking: modules no measured first screen imports,
 * the lazily loaded modules (their own chunks, keyed in the manifest by their source) and stylesheets.
 * Another screen that imports one of these modules loads that module's whole chunk.
 */
export function firstScreenSharedChunks(clientRoot: string): (id: string, context: ChunkingContext) => string | null {
  const pageOfScreen = new Map<string, number>();
  FIRST_SCREEN_PAGES.forEach(({ screens }, index) => {
    for (const screen of screens) pageOfScreen.set(path.join(clientRoot, screen), index);
  });

  /** The measured pages whose first screen imports `id`, through any chain of static imports. */
  function pagesReaching(id: string, context: ChunkingContext): Set<number> {
    const pages = new Set<number>();
    const seen = new Set([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const page = pageOfScreen.get(next);
      if (page !== undefined) pages.add(page);
      for (const importer of context.getModuleInfo(next)?.importers ?? []) {
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    return pages;
  }

  return (id, context) => {
    const info = context.getModuleInfo(id);
    if (!info || info.isEntry || info.dynamicImporters.length > 0 || id.endsWith('.css')) return null;
    const pages = pagesReaching(id, context);
    return pages.size > 0 ? `first-screens-${[...pages].sort((a, b) => a - b).join('-')}` : null;
  };
}
