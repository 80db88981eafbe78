// The server keeps running through a Postgres restart: /health says so, and it recovers by itself.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/harness.ts';
import { hashPassword } from '../auth/crypto.ts';
import { loadConfig } from '../config.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../errors.ts';
import * as users from '../modules/users/users.repository.ts';
import { startServer, type RunningServer } from '../server.ts';
import { APP_DATABASE, startEmbeddedPostgres, type PostgresHandle } from './embedded-postgres.ts';

const PASSWORD = 'senha-de-teste-segura';
const logger = pino({ level: 'silent' });

let tempDir: string;
let postgres: PostgresHandle | null = null;
let server: RunningServer | null = null;
let base: string;
let pgPort: number;
const processErrors: unknown[] = [];
const recordProcessError = (error: unknown) => processErrors.push(error);

beforeAll(async () => {
  // Its own Postgres (not the shared test one): this file stops and restarts it.
  tempDir = mkdtempSync(path.join(tmpdir(), 'vz-resilience-'));
  chmodSync(tempDir, 0o755); // Postgres runs as its own user when the tests run as root
  postgres = await startEmbeddedPostgres(path.join(tempDir, 'postgres'), logger);
  pgPort = Number(new URL(postgres.connectionString).port);
  server = await startServer(
    loadConfig({
      DATABASE_URL: postgres.connectionString,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(tempDir, 'app'),
    }),
  );
  base = `http://127.0.0.1:${server.port}`;
  process.on('uncaughtException', recordProcessError);
  process.on('unhandledRejection', recordProcessError);
});

afterAll(async () => {
  process.off('uncaughtException', recordProcessError);
  process.off('unhandledRejection', recordProcessError);
  await server?.close();
  await postgres?.stop();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

async function health() {
  const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function login(email: string, password: string) {
  const response = await fetch(`${base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ json: { email, password } }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, setCookie: response.headers.getSetCookie() };
}

/** A request's status, Retry-After, message and how long it took to be answered. */
async function timed(pathname: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${pathname}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  const ms = performance.now() - started;
  const body = JSON.parse(text) as { error?: { message?: string; json?: { message?: string } } };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), message: body.error?.json?.message ?? body.error?.message, ms };
}

function listenerCount(): Promise<number> {
  return sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'vizinhanca-listener' AND datname = current_database()`
    .execute(server!.deps.db)
    .then((result) => result.rows[0]!.n);
}

describe('database connection', () => {
  it('gives every pooled connection a statement timeout', async () => {
    const result = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(server!.deps.db);
    expect(result.rows[0]!.statement_timeout).toBe('15s');
  });

  it('survives a Postgres restart: /health and every request answer 503 at once, with Retry-After and a pt-BR message, while it is down, and ok once it is back', async () => {
    const email = 'resiliente@teste.com';
    await users.insertUser(server!.deps.db, {
      email,
      passwordHash: await hashPassword(PASSWORD),
      fullName: 'Moradora Resiliente',
      cpf: '52998224725',
      phone: null,
      block: null,
      apartment: null,
      approvalStatus: 'approved',
      createdAt: server!.deps.clock.now(),
    });
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
    const signedIn = await login(email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.setCookie.find((header) => header.startsWith('vz_session='))!.split(';')[0]!;
    await eventually(async () => expect(await listenerCount()).toBe(1));

    await postgres!.stop();
    postgres = null;

    // Down: the process stays up and says so, repeatedly, without crashing.
    for (let i = 0; i < 3; i++) {
      expect(await health()).toEqual({ status: 503, body: { status: 'degraded', database: 'unavailable' } });
    }
    const loginWhileDown = await login(email, PASSWORD);
    expect(loginWhileDown.status).toBe(503);
    expect(loginWhileDown.setCookie).toEqual([]);
    // A call, a signed-in read (its session needs the database) and a download: 503 at once, with when to retry, in pt-BR.
    const whileDown = [
      await timed('/trpc/auth.login', { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ json: { email, password: PASSWORD } }) }),
      await timed('/trpc/notifications.unreadCount', { headers: { cookie } }),
      await timed('/exports/usuarios.csv', { headers: { cookie } }),
    ];
    for (const answer of whileDown) {
      expect(answer).toMatchObject({ status: 503, retryAfter: String(DATABASE_RETRY_AFTER_SECONDS), message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(answer.ms).toBeLessThan(2_000);
    }

    // Back on the same port and data directory.
    postgres = await startEmbeddedPostgres(path.join(tempDir, 'postgres'), logger, APP_DATABASE, { port: pgPort });
    expect(Number(new URL(postgres.connectionString).port)).toBe(pgPort);

    await eventually(async () => expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } }), 15_000);
    const loginAfter = await login(email, PASSWORD);
    expect(loginAfter.status).toBe(200);
    expect(loginAfter.setCookie.join()).toMatch(/^vz_session=/);
    // The event listener reconnected too: exactly one LISTEN connection again.
    await eventually(async () => expect(await listenerCount()).toBe(1), 15_000);

    expect(processErrors).toEqual([]);
  }, 60_000);
});
