// Compiles the server once into dist/server (plain JavaScript for plain `node`):
// scripts/start.ts bundled with server/ and shared/ code, npm packages left as
// imports, and each migration as its own file. `npm start` runs this only when a
// source is newer than the last build (scripts/launch.mjs).
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT_DIR = path.join(root, 'dist/server');
/** Where the server's code comes from: a change under any of these means a new build. */
export const SERVER_SOURCES = ['server/src', 'shared/src', 'migrations', 'scripts/start.ts', 'scripts/build-server.mjs', 'package-lock.json'].map((entry) => path.join(root, entry));

/** npm packages stay imports from node_modules; our workspace packages are compiled in. */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vizinhanca/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
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
  await esbuild.build({ ...common, entryPoints: { start: path.join(root, 'scripts/start.ts') }, outdir: SERVER_OUT_DIR });
  await esbuild.build({ ...common, entryPoints: migrations.map((file) => path.join(root, 'migrations', file)), outdir: path.join(SERVER_OUT_DIR, 'migrations') });
  await esbuild.stop();
  writeFileSync(path.join(SERVER_OUT_DIR, '.built'), new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log(`Servidor compilado em ${path.relative(root, SERVER_OUT_DIR)}/`);
}
