import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';

// npm run bench: latency of the hottest procedures against a real server and
// embedded Postgres on this machine. Goals live here, not in timed unit tests.
const dataDir = mkdtempSync(path.join(tmpdir(), 'vz-bench-'));
const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'true' }));
const base = `http://127.0.0.1:${server.port}`;
const origin = { origin: base, 'content-type': 'application/json' };

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, runs: number, goalP95Ms: number, once: () => Promise<void>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  const p95 = percentile(samples, 95);
  console.log(`${name.padEnd(28)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   goal p95 < ${goalP95Ms} ms ${p95 < goalP95Ms ? 'ok' : 'MISSED'}`);
  return p95 < goalP95Ms;
}

try {
  const login = await fetch(`${base}/trpc/auth.login`, { method: 'POST', headers: origin, body: JSON.stringify({ json: { email: 'ana@vizinhanca.app', password: 'morador-vizinhanca' } }) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const results = [
    await measure('login (Argon2id 19 MiB)', 20, 400, async () => {
      const response = await fetch(`${base}/trpc/auth.login`, { method: 'POST', headers: origin, body: JSON.stringify({ json: { email: 'bruno@vizinhanca.app', password: 'morador-vizinhanca' } }) });
      if (!response.ok) throw new Error(`login ${response.status}`);
    }),
    await measure('auth.me (session lookup)', 300, 25, async () => {
      const response = await fetch(`${base}/trpc/auth.me`, { headers: { cookie } });
      if (!response.ok) throw new Error(`me ${response.status}`);
    }),
    await measure('home batch (me + unread)', 300, 30, async () => {
      const response = await fetch(`${base}/trpc/auth.me,notifications.unreadCount?batch=1&input=%7B%7D`, { headers: { cookie } });
      if (!response.ok) throw new Error(`batch ${response.status}`);
    }),
  ];
  console.log(`\nmemory: rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
  process.exitCode = results.every(Boolean) ? 0 : 1;
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
