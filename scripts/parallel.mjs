#!/usr/bin/env node
// Runs shell commands side by side, as many at once as the machine has cores, and fails
// if any fails. ESLint and tsc run with --singleThreaded are single-threaded: on 2 cores,
// `npm test` checks types and lint in about half the time of running them one after the
// other (TypeScript 7's own threads, two programs at once, were slower). Each command's
// output is printed in one piece when it ends, so two error lists never interleave.
// Usage: node scripts/parallel.mjs "tsc -p shared" "tsc -p server" ...
import { spawn } from 'node:child_process';
import os from 'node:os';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('Uso: node scripts/parallel.mjs "<comando>" ["<comando>" ...]');
  process.exit(2);
}
const slots = Math.max(1, Math.min(commands.length, os.availableParallelism()));

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `FALHOU (${signal ?? `código ${code}`})`;
      process.stdout.write(`> ${command}: ${status}, ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

// Each slot takes the next command in the given order (list the longest first).
const queue = [...commands];
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    let ok = true;
    for (let command = queue.shift(); command !== undefined; command = queue.shift()) ok = (await run(command)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
