#!/usr/bin/env node
// Starts the walks' app servers (one per clock, playwright.config.ts) all at once and says
// "e2e servers ready" once every one answers /health. Playwright starts the entries of a
// webServer list one after the other, each after the previous is healthy; each start is
// an embedded Postgres initialised from scratch, migrations and the demo seed, so four in
// a row took four start-ups of wall time. On SIGTERM/SIGINT every server is stopped (each
// stops its Postgres) before this process exits.
// E2E_SERVERS: JSON list of { port, dataDir, env } (playwright.config.ts builds it).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (servers.length === 0) {
  console.error('E2E_SERVERS vazio: nada a iniciar.');
  process.exit(2);
}

let stopping = false;
const children = servers.map((server) => {
  // A fresh data directory each run: embedded Postgres, migrations and demo data from scratch.
  rmSync(server.dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['dist/server/start.js'], {
    env: { ...process.env, ...server.env, PORT: String(server.port), DATA_DIR: server.dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`O servidor da porta ${server.port} terminou antes da hora (${signal ?? `código ${code}`}).`);
    void stopAll(1);
  });
  return child;
});

async function healthy(port) {
  for (;;) {
    if (stopping) return;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}

process.on('SIGTERM', () => void stopAll(0));
process.on('SIGINT', () => void stopAll(0));

const started = Date.now();
await Promise.all(servers.map((server) => healthy(server.port)));
if (!stopping) console.log(`e2e servers ready: ${servers.length} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
