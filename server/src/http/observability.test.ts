// What an operator sees of a running server: /ready, /metrics and the request log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eventually, testCpf } from '../../test/harness.ts';
import { collectingLogger } from '../../test/log-lines.ts';
import { hashPassword } from '../auth/crypto.ts';
import { loadConfig } from '../config.ts';
import { freePort } from '../db/embedded-postgres.ts';
import * as users from '../modules/users/users.repository.ts';
import { publishEvent } from '../realtime/published-events.repository.ts';
import { startServer, type RunningServer } from '../server.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let server: RunningServer | null = null;
const { logger, lines: logLines } = collectingLogger();

function env(overrides: Record<string, string> = {}) {
  return { DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...overrides };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vz-ops-'));
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function ready(base: string): Promise<{ status: number; body: { status: string; problems?: string[] } }> {
  const response = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(5000) });
  return { status: response.status, body: (await response.json()) as { status: string; problems?: string[] } };
}

describe('/ready', () => {
  it('answers 503 while the server starts (migrations held up), 200 once migrated and listening, 503 again when shutting down', async () => {
    // Hold the migrator's lock so the start stops right before migrating.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE kysely_migration_lock IN ACCESS EXCLUSIVE MODE');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A slow-request threshold no request of this file reaches, even on a loaded machine: the
    // request-log test below reads a successful request at debug (request-log.test.ts has the slow one).
    const starting = startServer(loadConfig(env({ PORT: String(port), LOG_SLOW_REQUEST_MS: '600000' })), { logger });
    try {
      const early = await eventually(async () => {
        const answer = await ready(base);
        expect(answer.status).toBe(503);
        return answer;
      });
      expect(early.body).toEqual({ status: 'not ready', problems: ['migrations not applied yet', 'event bus not listening'] });
      // Nothing else is served before the app is in place.
      expect((await fetch(`${base}/trpc/auth.me`)).status).toBe(503);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    server = await starting;
    expect(await ready(base)).toEqual({ status: 200, body: { status: 'ready' } });

    // The graceful shutdown drains with this flag set; close() sets it first.
    server.readiness.shuttingDown = true;
    expect(await ready(base)).toEqual({ status: 503, body: { status: 'not ready', problems: ['shutting down'] } });
    server.readiness.shuttingDown = false;
    expect((await ready(base)).status).toBe(200);
  });

  it('answers 503 when the event bus loses its LISTEN connection, until it reconnects', async () => {
    const base = `http://127.0.0.1:${server!.port}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vizinhanca-listener' AND datname = current_database()`);
    } finally {
      await admin.end();
    }
    await eventually(async () => expect(await ready(base)).toEqual({ status: 503, body: { status: 'not ready', problems: ['event bus not listening'] } }));
    await eventually(async () => expect((await ready(base)).status).toBe(200));
  });
});

describe('/metrics and request logs', () => {
  it('exposes the named series after a few requests, and logs one line per request with its id, user id, procedure, status and duration', async () => {
    const base = `http://127.0.0.1:${server!.port}`;
    const email = 'metricas@teste.com';
    const password = 'senha-de-teste-segura';
    const { id: userId } = await users.insertUser(server!.deps.db, {
      email,
      passwordHash: await hashPassword(password),
      fullName: 'Morador Métricas',
      cpf: testCpf(4242),
      phone: '11987654321',
      block: 'A',
      apartment: 'A-101',
      approvalStatus: 'approved',
      createdAt: server!.deps.clock.now(),
    });
    const login = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ json: { email, password } }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = await fetch(`${base}/trpc/auth.me?input=${encodeURIComponent(JSON.stringify({ json: null }))}`, {
      headers: { cookie, 'x-request-id': 'pedido-de-teste-1' },
    });
    expect(me.status).toBe(200);
    const refused = await fetch(`${base}/trpc/auth.logout`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    // Refused by the input's schema, inside the procedure rather than by the checks before it: counted all the same.
    const invalid = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ json: { email: 'sem-arroba', password } }),
    });
    expect(invalid.status).toBe(400);
    // A tab of the person's listens on this instance, so that the bus reads the event (and times it).
    const follower = server!.deps.bus.follow(userId, null);
    follower.start({ event: () => {}, ready: () => {}, fail: () => {} });
    await publishEvent(server!.deps.db, { userId, kind: 'notification.changed', payload: {} });

    await eventually(async () => {
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).toMatch(/vizinhanca_trpc_request_duration_seconds_bucket\{le="[\d.]+",procedure="auth\.login",type="mutation",code="OK"\} \d+/);
      expect(text).toMatch(/vizinhanca_trpc_request_duration_seconds_count\{procedure="auth\.me",type="query",code="OK"\} [1-9]/);
      expect(text).toMatch(/vizinhanca_trpc_errors_total\{procedure="auth\.logout",code="UNAUTHORIZED"\} [1-9]/);
      expect(text).toMatch(/vizinhanca_trpc_errors_total\{procedure="auth\.login",code="BAD_REQUEST"\} [1-9]/);
      expect(text).toMatch(/vizinhanca_trpc_request_duration_seconds_count\{procedure="auth\.login",type="mutation",code="BAD_REQUEST"\} [1-9]/);
      expect(text).toMatch(/vizinhanca_db_pool_connections\{state="in_use"\} \d+/);
      expect(text).toMatch(/vizinhanca_db_pool_connections\{state="waiting"\} \d+/);
      expect(text).toMatch(/vizinhanca_event_bus_lag_seconds_count [1-9]/);
      expect(text).toMatch(/vizinhanca_websocket_connections \d+/);
      expect(text).toMatch(/vizinhanca_emails_total\{result="sent"\} \d+/);
      expect(text).toMatch(/vizinhanca_emails_total\{result="failed"\} \d+/);
      expect(text).toMatch(/vizinhanca_process_resident_memory_bytes \d+/);
    });
    follower.close();

    const line = logLines.find((entry) => (entry.req as { id?: string } | undefined)?.id === 'pedido-de-teste-1');
    // A fast, successful request is logged at debug only; failures at info or error.
    expect(line).toMatchObject({
      level: 20,
      req: { id: 'pedido-de-teste-1', method: 'GET', path: '/trpc/auth.me' },
      res: { statusCode: 200 },
      userId,
      procedure: 'auth.me',
      responseTime: expect.any(Number),
    });
    const failed = logLines.find((entry) => entry.procedure === 'auth.logout');
    expect(failed).toMatchObject({ level: 30, res: { statusCode: 401 }, userId: null });

    // An internal error: the stack goes to the log, tied to the request id; the client gets the generic message.
    await server!.deps.db.schema.alterTable('notifications').renameTo('notifications_fora').execute();
    try {
      const broken = await fetch(`${base}/trpc/notifications.unreadCount`, { headers: { cookie, 'x-request-id': 'pedido-com-erro' } });
      expect(broken.status).toBe(500);
      const body = await broken.text();
      expect(body).toContain('Algo deu errado. Tente novamente em instantes.');
      expect(body).not.toMatch(/relation|notifications_fora|stack|\.ts:\d+/);
    } finally {
      await server!.deps.db.schema.alterTable('notifications_fora').renameTo('notifications').execute();
    }
    const errorLine = logLines.find((entry) => entry.msg === 'procedure failed' && entry.reqId === 'pedido-com-erro');
    expect(errorLine).toMatchObject({ level: 50, procedure: 'notifications.unreadCount', err: { stack: expect.stringMatching(/notifications/) } });
    expect(logLines.find((entry) => (entry.req as { id?: string } | undefined)?.id === 'pedido-com-erro')).toMatchObject({
      level: 50,
      res: { statusCode: 500 },
      userId,
      procedure: 'notifications.unreadCount',
    });
    // The log never carries who the person is, only their id; nor the procedure's input.
    const everything = JSON.stringify(logLines);
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(password);
    expect(everything).not.toContain('input=');
  });

  it('refuses /metrics to addresses outside METRICS_ALLOW unless the token comes along', async () => {
    const guarded = await startServer(loadConfig(env({ METRICS_ALLOW: '10.0.0.0/8,fd00::/8', METRICS_TOKEN: 'segredo-das-metricas' })), {
      logger: pino({ level: 'silent' }),
    });
    try {
      const base = `http://127.0.0.1:${guarded.port}`;
      const refused = await fetch(`${base}/metrics`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain('vizinhanca_');
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer errado' } })).status).toBe(403);
      // X-Forwarded-For is not the peer: it cannot be used to pass.
      expect((await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '10.1.2.3' } })).status).toBe(403);
      const withToken = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer segredo-das-metricas' } });
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toContain('vizinhanca_trpc_request_duration_seconds');
    } finally {
      await guarded.close();
    }
    expect(guarded.readiness.shuttingDown).toBe(true);
  });

  it('refuses a METRICS_ALLOW that is not a list of addresses, naming the variable', () => {
    expect(() => loadConfig(env({ METRICS_ALLOW: 'localhost' }))).toThrow(/METRICS_ALLOW: use endereços IP ou faixas CIDR separados por vírgula/);
  });
});
