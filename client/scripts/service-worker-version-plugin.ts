import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The line of public/sw.js that names its caches: each build writes its own id there. */
const VERSION_LINE = /^const VERSION = '[^']*';$/m;

/** VZ_BUILD_ID when set (a deploy's tag or commit), else the build's UTC time to the second. */
export function buildId(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.VZ_BUILD_ID?.trim();
  if (given) {
    if (!/^[\w.-]{1,64}$/.test(given)) throw new Error(`VZ_BUILD_ID: use letras, números, '.', '_' ou '-' (até 64): ${given}`);
    return given;
  }
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/**
 * Stamps the build's id into dist/sw.js (its caches' names) and index.html (a meta tag):
 * a deploy changes the worker's bytes, so an installed app finds the new worker waiting
 * ('Nova versão disponível!'), and the new worker prunes the old caches when it takes over.
 */
export function serviceWorkerVersion(): Plugin {
  const id = buildId();
  let publicDir = '';
  return {
    name: 'vizinhanca-service-worker-version',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml() {
      return [{ tag: 'meta', attrs: { name: 'vizinhanca-build', content: id }, injectTo: 'head' }];
    },
    generateBundle() {
      // Emitted over the public dir's copy: the bundle is written after it.
      const source = readFileSync(path.join(publicDir, 'sw.js'), 'utf8');
      if (!VERSION_LINE.test(source)) throw new Error("public/sw.js: a linha const VERSION = '...'; não foi encontrada");
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: source.replace(VERSION_LINE, `const VERSION = '${id}';`) });
    },
  };
}
