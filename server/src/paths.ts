import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether this is the compiled server (dist/server, built by scripts/build-server.mjs,
 * which replaces this expression) or the TypeScript sources run by tsx or vitest.
 */
export const COMPILED = process.env.VZ_COMPILED_SERVER === 'true';

/** The checkout's root: the nearest folder above this file with the migrations and the workspaces. */
function findProjectRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'migrations')) || !existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`project root not found above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The built client, served by the server. */
export const CLIENT_DIST_DIR = path.join(PROJECT_ROOT, 'client/dist');

/**
 * Migration files: the compiled ones beside the compiled file running (dist/server/start.js, or a
 * compiled maintenance script, which scripts/build-server.mjs writes next to it), else the TypeScript sources.
 */
export const MIGRATIONS_DIR = COMPILED ? path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations') : path.join(PROJECT_ROOT, 'migrations');
export const MIGRATION_EXTENSION = COMPILED ? '.js' : '.ts';

/** Illustrations of the demo listings (server/src/db/demo-photos). */
export const DEMO_PHOTOS_DIR = path.join(PROJECT_ROOT, 'server/src/db/demo-photos');
