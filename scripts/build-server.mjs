// Compiles the server once into dist/server (plain JavaScript for plain `node`):
// scripts/start.ts bundled with server/ and shared/ code, npm packages left as
// imports, each migration as its own file, and the maintenance scripts (migrate,
// backup, restore, create-admin) beside start.js, so a deployment runs them with
// `node dist/server/<name>.js` and needs no tsx. `npm start` runs this only when a
// source is newer than the last build (scripts/launch.mjs).
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT_DIR = path.join(root, 'dist/server');
/** The maintenance scripts compiled beside the server: scripts/<name>.ts becomes dist/server/<name>.js. */
export const MAINTENANCE_SCRIPTS = ['migrate', 'backup', 'restore', 'create-admin'];
/** Where the server's code comes from: a change under any of these means a new build. */
export const SERVER_SOURCES = [
  'server/src',
  'shared/src',
  'migrations',
  'scripts/start.ts',
  'scripts/lib',
  ...MAINTENANCE_SCRIPTS.map((name) => `scripts/${name}.ts`),
  'scripts/build-server.mjs',
  'package-lock.json',
].map((entry) => path.join(root, entry));

/** npm packages stay imports from node_modules; our workspace packages are compiled in. */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vizinhanca/') ? undefined : { path: args.path, external: true }));
  },
};

/** `outDir`: elsewhere than dist/server (a test compiles into its own folder). */
export async function buildServer({ outDir = SERVER_OUT_DIR } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  const migrations = readdirSync(path.join(root, 'migrations')).filter((file) => file.endsWith('.ts'));
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [packagesOutside],
    define: { 'process.env.VZ_COMPILED_SERVER': '"true"' },
  };
  const entryPoints = { start: path.join(root, 'scripts/start.ts') };
  for (const name of MAINTENANCE_SCRIPTS) entryPoints[name] = path.join(root, 'scripts', `${name}.ts`);
  await esbuild.build({ ...common, entryPoints, outdir: outDir });
  await esbuild.build({ ...common, entryPoints: migrations.map((file) => path.join(root, 'migrations', file)), outdir: path.join(outDir, 'migrations') });
  await esbuild.stop();
  writeFileSync(path.join(outDir, '.built'), new Date().toISOString());
}

// node scripts/build-server.mjs [--out DIR]
if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--out');
  const outDir = at === -1 ? SERVER_OUT_DIR : path.resolve(process.argv[at + 1]);
  await buildServer({ outDir });
  console.log(`Servidor e scripts de manutenção compilados em ${path.relative(root, outDir)}/`);
}
