// Nothing a request brings, and nothing a listener throws, ends the server: malformed URLs, failing
// handlers, event-bus listeners and websocket handlers are answered or logged, and it goes on serving.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createTestDatabase, eventually, insertTestUser } from '../../test/harness.ts';
import { collectingLogger } from '../../test/log-lines.ts';
import { SESSION_COOKIE_NAME } from '../auth/sessions.ts';
import { loadConfig } from '../config.ts';
import { GENERIC_ERROR_MESSAGE } from '../errors.ts';
import type { EventContent } from '../realtime/event-content.ts';
import { SESSIONS_CHANNEL } from '../realtime/notify-channels.ts';
import { LiveSocket } from '../realtime/live-socket-handler.ts';
import { EXPIRY_SWEEP_MS, SocketRegistry } from '../realtime/socket-registry.ts';
import { startServer, type RunningServer } from '../server.ts';
import { REQUEST_MESSAGES } from './request-errors.ts';
import { clientFiles } from './static-files.ts';

/** What Express's own error page and a stack trace would show. */
const LEAKS = /URIError|Error:|\bat \w|node_modules|\/work\/|<pre>|Cannot (GET|POST)/;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let server: RunningServer;
let base: string;
const { logger, lines } = collectingLogger('info');

/** Routes of a client that fail in each way a handler can: throwing, rejecting, passing an error on. */
function failingClient(distDir: string) {
  const client = express.Router();
  client.get('/falha/lanca', () => {
    throw new Error('boom in /srv/segredo/handler.ts');
  });
  client.get('/falha/rejeita', async () => {
    await Promise.resolve();
    throw new Error('async boom in /srv/segredo/handler.ts');
  });
  client.get('/falha/repassa', (_req, _res, next) => next(new Error('passed boom in /srv/segredo/handler.ts')));
  client.use(clientFiles(distDir));
  return client;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vz-request-errors-'));
  const distDir = path.join(dataDir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'assets', 'app.js'), '//');
  server = await startServer(
    loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', DATA_DIR: dataDir }),
    { logger, clientMiddleware: failingClient(distDir) },
  );
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close({ drainMs: 0 });
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function get(pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${pathname}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get('content-type') ?? '' };
}

async function stillServing() {
  expect((await get('/health')).status).toBe(200);
}

describe('malformed URLs', () => {
  it('answer 400 with a pt-BR message and no stack, and the server goes on', async () => {
    const paths = ['/trpc/%E0', '/trpc/%', '/trpc/auth.me,%E0?batch=1', '/%E0', '/assets/%E0.js', '/item/%E0', '/api/images/%E0', '/exports/%E0.csv'];
    for (const pathname of paths) {
      const answer = await get(pathname);
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 400 });
      expect(answer.type).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { message: REQUEST_MESSAGES.malformedUrl } });
      expect(answer.text).not.toMatch(LEAKS);
    }
    const posted = await get('/trpc/auth.login%E0', { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: '{}' });
    expect(posted.status).toBe(400);
    // The request log's line for it carries the path as sent.
    await eventually(() => expect(lines).toContainEqual(expect.objectContaining({ procedure: 'auth.login%E0', res: { statusCode: 400 } })));
    await stillServing();
    expect((await get('/assets/app.js')).status).toBe(200);
  });

  it('a websocket upgrade whose URL no parser reads is refused, and the server goes on', async () => {
    // `new URL` throws on this request line; neither fetch nor ws would send it, so it goes raw.
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write('GET //x:99999 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    await stillServing();
  });
});

describe('failing handlers', () => {
  it('a handler that throws, rejects or passes an error on is logged and answered 500 with the pt-BR message, no stack', async () => {
    for (const pathname of ['/falha/lanca', '/falha/rejeita', '/falha/repassa']) {
      const answer = await get(pathname);
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 500 });
      expect(JSON.parse(answer.text)).toMatchObject({ error: { message: GENERIC_ERROR_MESSAGE } });
      expect(answer.text).not.toMatch(LEAKS);
      expect(answer.text).not.toContain('segredo');
    }
    await eventually(() => expect(lines.filter((line) => line.msg === 'request failed')).toHaveLength(3));
    await stillServing();
  });

  it('a path nobody answers is a pt-BR 404, not the framework\'s page', async () => {
    const answer = await get('/falha/nada', { method: 'POST', headers: { origin: base } });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { message: REQUEST_MESSAGES.notFound } });
    expect(answer.text).not.toMatch(LEAKS);
  });
});

describe('failing listeners', () => {
  it('an event-bus listener or subscriber that throws is logged; the others still get the event and the server goes on', async () => {
    const user = await insertTestUser(server.deps.db);
    const bus = server.deps.bus;
    const sessionChanges: (string | null)[] = [];
    const stopThrowing = bus.onSessionChange(() => {
      throw new Error('session listener broke');
    });
    const stopListening = bus.onSessionChange((userId) => sessionChanges.push(userId));
    const received: EventContent[] = [];
    const broken = {
      push() {
        throw new Error('subscriber broke');
      },
    };
    const working = { push: (_id: string, content: EventContent) => void received.push(content) };
    bus.subscribe(user.id, broken);
    bus.subscribe(user.id, working);
    try {
      // A session change arrives on the LISTEN connection's 'notification' event, outside any handler.
      await sql`SELECT pg_notify(${SESSIONS_CHANNEL}, ${user.id})`.execute(server.deps.db);
      await eventually(() => expect(sessionChanges).toContain(user.id));
      await bus.publish(server.deps.db, { userId: user.id, kind: 'notification.changed', payload: {} });
      await eventually(() => expect(received.map((content) => content.kind)).toEqual(['notification.changed']));
    } finally {
      stopThrowing();
      stopListening();
      bus.unsubscribe(user.id, broken);
      bus.unsubscribe(user.id, working);
    }
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['a listener failed; the server goes on', 'an event subscriber failed']));
    await stillServing();
  });

  it('a websocket message handler that throws is logged, and the socket and the server go on', async () => {
    const user = await insertTestUser(server.deps.db);
    const { token } = await server.deps.sessions.create(server.deps.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    const received = vi.spyOn(LiveSocket.prototype, 'received').mockImplementationOnce(() => {
      throw new Error('message handler broke');
    });
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/trpc`, { headers: { origin: base, cookie: `${SESSION_COOKIE_NAME}=${token}` } });
    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const pong = new Promise<string>((resolve) => socket.on('message', (data) => resolve(String(data))));
      socket.send('PING');
      socket.send('PING');
      // The first PING met the broken handler; the second is answered as usual.
      expect(await pong).toBe('PONG');
      expect(received).toHaveBeenCalledTimes(2);
    } finally {
      socket.close();
      received.mockRestore();
    }
    await eventually(() => expect(lines).toContainEqual(expect.objectContaining({ msg: 'websocket call failed' })));
    await stillServing();
  });

  it('a timer whose work throws (the sockets\' session sweep) leaves no unhandled rejection, and the server goes on', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', record);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sessions = {
      validateId: () => Promise.resolve(null),
      keepWarm: () => {
        throw new Error('session cache broke');
      },
    };
    const registry = new SocketRegistry(server.deps.bus, sessions, { now: () => new Date() });
    const socket = { on: () => {}, readyState: 1, OPEN: 1 } as unknown as WebSocket;
    try {
      registry.add({ id: 'pessoa', roles: [] }, 'sessao', socket, new Date(Date.now() + 3_600_000));
      await vi.advanceTimersByTimeAsync(EXPIRY_SWEEP_MS);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      registry.stop();
      vi.useRealTimers();
      process.off('unhandledRejection', record);
    }
    await stillServing();
  });
});
