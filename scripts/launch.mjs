// npm start: compiles what changed (the server into dist/server, the client into
// client/dist), then runs the compiled server in this same process with plain
// node: no tsx or esbuild left running in production.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_OUT_DIR, SERVER_SOURCES } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

function isStale(builtMarker, sources) {
  const builtAt = newestMtime(builtMarker);
  return !builtAt || sources.some((source) => newestMtime(source) > builtAt);
}

const clientSources = ['client/src', 'client/public', 'client/index.html', 'client/vite.config.ts', 'client/scripts', 'shared/src'].map((entry) => path.join(root, entry));
if (isStale(path.join(root, 'client/dist/index.html'), clientSources)) {
  console.log('Compilando o app (client)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Falha ao compilar o client.');
    process.exit(1);
  }
}
if (isStale(path.join(SERVER_OUT_DIR, '.built'), SERVER_SOURCES)) {
  console.log('Compilando o servidor...');
  await buildServer();
}

await import(path.join(SERVER_OUT_DIR, 'start.js'));
