// The server's connections: an idle keep-alive one stays usable, and a graceful stop
// (what SIGTERM runs) gives every request already in flight its answer.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eventually } from '../test/harness.ts';
import { loadConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vz-shutdown-'));
  server = await startServer(loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir }));
});

afterAll(async () => {
  await server?.close({ drainMs: 0 });
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A login over a kept-alive connection: slow enough (Argon2) to be in flight when the stop begins. */
function slowRequest(agent: http.Agent, i: number): Promise<number | string> {
  const body = JSON.stringify({ json: { email: `ninguem-${i}@example.com`, password: `chute-${i}` } });
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/trpc/auth.login',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${server.port}`, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error) => resolve(error.message));
      },
    );
    request.on('error', (error) => resolve(error.message));
    request.end(body);
  });
}

/** GET /health on the agent's connection; says whether the request went out on a socket used before. */
function healthOnAgent(agent: http.Agent): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: server.port, path: '/health', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('keep-alive', () => {
  // Node's default closes a connection idle for 5 s (plus its 1 s buffer): a client reusing it
  // then (Playwright's request context, a proxy) got ECONNRESET. It must still be open, and answer, after that.
  it('answers a second request on a connection left idle for 7 s', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await healthOnAgent(agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(await healthOnAgent(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});

describe('graceful shutdown', () => {
  it('answers all of 50 requests in flight when the stop begins, then refuses new connections', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const requests = Array.from({ length: 50 }, (_, i) => slowRequest(agent, i));
    // Wait until the server is working on every one of them (each is counted against the address before its Argon2 check).
    await eventually(async () => {
      const row = await server.deps.db.selectFrom('throttles').select('hits').where('key', '=', 'login-address:127.0.0.1').executeTakeFirst();
      expect(row?.hits).toBe(50);
    }, 20_000);
    const closing = server.close();
    const statuses = await Promise.all(requests);
    expect(statuses).toEqual(Array(50).fill(401));
    await closing;
    const late = await slowRequest(new http.Agent(), 99);
    expect(late).toMatch(/ECONNREFUSED/);
    agent.destroy();
  }, 30_000);
});
