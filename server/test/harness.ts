import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { assembleAppDeps } from '../src/app-deps.ts';
import { hashPassword } from '../src/auth/crypto.ts';
import { createFixedClock } from '../src/clock.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppDeps, Context } from '../src/context.ts';
import { createDatabase } from '../src/db/database.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { oneOffJobs } from '../src/jobs/one-off-jobs.ts';
import * as users from '../src/modules/users/users.repository.ts';
import { EventBus } from '../src/realtime/event-bus.ts';
import { appRouter } from '../src/router.ts';
import { TRPCError } from '@trpc/server';
import { createCallerFactory, userFacingError } from '../src/trpc.ts';
import type { ApprovalStatus, Role } from '@vizinhanca/shared/users/user.types';
import { decodeQuotedPrintable } from './quoted-printable.ts';

const createCaller = createCallerFactory(appRouter);

/**
 * A fresh database copied from the migrated template: each test file has its own.
 * `empty`: nothing in it at all (template0, not even extensions), as a new deployment or a restore target.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject('postgresBaseUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${options.empty ? 'template0' : inject('templateDatabase')}"`);
  await admin.end();
  return {
    url: `${base}${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: `${base}postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A pool of a test's own on a test database. pool.end() resolves before its clients' sockets close, so the
 * database's drop can still reach one with 'terminating connection': without a listener that is an uncaught error.
 */
export function testPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

/**
 * Every statement a pool's clients send passes `intercept` first, which may count it or refuse it by returning the
 * error to fail with. A client is wrapped once, when the pool opens it, however often the pool hands it out again.
 */
export function interceptStatements(pool: pg.Pool, intercept: (text: string, values: readonly unknown[]) => Error | void): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const first = args[0] as string | { text?: string };
        const text = typeof first === 'string' ? first : (first.text ?? '(cursor)');
        const refused = intercept(text, Array.isArray(args[1]) ? (args[1] as unknown[]) : []);
        return refused ? Promise.reject(refused) : query(...args);
      },
    });
  });
  return pool;
}

/** A Kysely of a test's own (untyped: migration and backup tests look at any table) on `testPool`. */
export function testKysely(url: string, max: number): Kysely<any> {
  return new Kysely<any>({ dialect: new PostgresDialect({ pool: testPool(url, max) }) });
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

let userCounter = 0;
let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'senha-de-teste-segura';

export interface TestUserOptions {
  status?: ApprovalStatus;
  roles?: Role[];
  suspended?: boolean;
  email?: string;
  fullName?: string;
  /** When the account was made (and its roles given); the machine's time when left out, as the database's now() did. */
  at?: Date;
}

/** A resident written straight into the database (password TEST_PASSWORD), with the roles and state asked for. */
export async function insertTestUser(db: AppDeps['db'], options: TestUserOptions = {}): Promise<TestUser> {
  userCounter += 1;
  const n = `${process.pid}-${userCounter}-${randomBytes(3).toString('hex')}`;
  const email = options.email ?? `morador-${n}@teste.com`;
  const fullName = options.fullName ?? `Morador ${userCounter}`;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const at = options.at ?? new Date();
  const { id } = await users.insertUser(db, {
    email,
    passwordHash: await cachedHash,
    fullName,
    cpf: testCpf(userCounter + process.pid * 31 + Math.floor(Math.random() * 1_000_000)),
    phone: '11987654321',
    block: 'A',
    apartment: 'A-101',
    approvalStatus: options.status ?? 'approved',
    createdAt: at,
  });
  for (const role of options.roles ?? []) await users.grantRole(db, id, role, at);
  if (options.suspended) await db.updateTable('users').set({ is_suspended: true }).where('id', '=', id).execute();
  return { id, email, password: TEST_PASSWORD, fullName };
}

/** A valid CPF for the n-th test user (check digits computed, never repeated digits). */
export function testCpf(seed: number): string {
  const base = String(100_000_000 + ((seed * 7919 + 12_345) % 800_000_000)).slice(0, 9).split('').map(Number);
  const digit = (digits: number[], weight: number) => {
    const rest = (digits.reduce((sum, d, i) => sum + d * (weight - i), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base, 10);
  const second = digit([...base, first], 11);
  return [...base, first, second].join('');
}

export async function createTestApp(overrides: Record<string, string> = {}, options: { now?: Date; databaseUrl?: string } = {}) {
  // A second app on the same database plays a second instance (jobs, events across instances).
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vz-test-'));
  const config: Config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATABASE_URL: database.url, ...overrides });
  const logger = pino({ level: 'silent' });
  const handle = createDatabase(database.url, logger, { max: 20 });
  const bus = new EventBus(handle.db, database.url, logger);
  await bus.start();
  const clock = createFixedClock(config.CONDO_TIMEZONE, options.now ?? new Date('2026-11-23T15:00:00Z'));
  const queue = createJobQueue(handle.db, logger, config.CONDO_TIMEZONE);
  // Stopped once, by whichever comes first: a test that migrates the schema down under the app, or close().
  let jobsStopping: Promise<void> | undefined;
  const stopJobs = () => (jobsStopping ??= queue.stop());
  const deps = assembleAppDeps({ config, clock, db: handle.db, feedDb: handle.feedDb, databaseUrl: database.url, logger, bus, queue });
  await deps.storage.init();
  // One-off jobs (e-mails, pushes) are worked as in the app; scheduled jobs are run by the tests themselves.
  // A failed job is retried after a second or two (with the app's backoff), not 15 to 30 seconds.
  await queue.start(deps, { scheduled: [], oneOff: oneOffJobs, pollingIntervalSeconds: 0.5, schedule: false, retryDelaySeconds: 1 });

  const createUser = (options: TestUserOptions = {}) => insertTestUser(deps.db, options);

  /** A context as the HTTP layer would build it; cookies set by procedures are collected. */
  async function contextFor(user: TestUser | null, meta: Partial<Context['meta']> = {}) {
    const cookies: string[] = [];
    let session = null;
    let authUser = null;
    if (user) {
      const { token } = await deps.sessions.create(deps.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
      const validated = await deps.sessions.validate(token);
      session = validated?.session ?? null;
      authUser = validated?.user ?? null;
    }
    const ctx: Context = {
      deps,
      user: authUser,
      session,
      meta: { ip: '127.0.0.1', userAgent: 'vitest', baseUrl: 'http://localhost:3000', secure: false, ...meta },
      setCookie: (header) => cookies.push(header),
    };
    return { ctx, cookies };
  }

  /** A tRPC caller as this user (or anonymous), through every middleware. */
  async function callerAs(user: TestUser | null, meta: Partial<Context['meta']> = {}) {
    const { ctx, cookies } = await contextFor(user, meta);
    return { api: createCaller(ctx), ctx, cookies };
  }

  /** Only the caller, with a session read now (a block or a role change alters what the session carries). */
  async function apiOf(user: TestUser | null, meta: Partial<Context['meta']> = {}): Promise<Api> {
    return (await callerAs(user, meta)).api;
  }

  function outbox(): { file: string; text: string }[] {
    const dir = deps.mailer.outboxDir!;
    let files: string[];
    try {
      // Oldest first, by when each was written (file names are idempotency hashes).
      files = readdirSync(dir).sort((a, b) => statSync(path.join(dir, a)).mtimeMs - statSync(path.join(dir, b)).mtimeMs);
    } catch {
      return []; // nothing sent yet: the outbox folder does not exist
    }
    return files.map((file) => ({ file, text: decodeQuotedPrintable(readFileSync(path.join(dir, file), 'utf8')) }));
  }

  /**
   * The e-mail to this address that says `containing`, found by both rather than by being the outbox's last
   * file: another test's e-mail sent in the background may land after it, or in the same millisecond.
   * Throws while there is none (for `eventually`).
   */
  function mailTo(address: string, containing: string): { file: string; text: string } {
    const found = outbox().find((message) => message.text.includes(`To: ${address}`) && message.text.includes(containing));
    if (!found) throw new Error('no e-mail yet');
    return found;
  }

  return {
    deps,
    db: deps.db,
    config,
    clock,
    databaseUrl: database.url,
    createUser,
    contextFor,
    callerAs,
    apiOf,
    outbox,
    mailTo,
    /** Stops the job queue's workers for good (a test that migrates the schema down under the app). */
    stopJobs,
    async close() {
      await stopJobs();
      deps.mailer.close();
      await bus.stop();
      await handle.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What a test calls procedures on: the tRPC caller of one person (or nobody). */
export type Api = ReturnType<typeof createCaller>;

/** Waits until the check passes (for e-mails sent in the background, events delivered by NOTIFY...). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  let lastError: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw lastError;
}

/** Asserts a procedure call fails with this code and this user-facing message (as the error formatter sends it). */
export async function expectError(promise: Promise<unknown>, code: string, message: string | RegExp): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (!(caught instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(caught)}`);
  const userMessage = userFacingError(caught).message;
  if (caught.code !== code) throw new Error(`expected code ${code}, got ${caught.code} (${userMessage})`);
  if (typeof message === 'string' ? userMessage !== message : !message.test(userMessage)) {
    throw new Error(`expected message ${String(message)}, got "${userMessage}"`);
  }
}
