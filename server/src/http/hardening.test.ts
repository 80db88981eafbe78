// The server as an attacker meets it: oversized bodies, batches, forged headers, control characters, and its headers.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@vizinhanca/shared/validation/text';
import { createTestDatabase, eventually, testCpf } from '../../test/harness.ts';
import { decodeQuotedPrintable } from '../../test/quoted-printable.ts';
import { hashPassword } from '../auth/crypto.ts';
import { loadConfig } from '../config.ts';
import { LOGIN_ACCOUNT_SHAPE } from '../modules/auth/auth.service.ts';
import { hit, RATE_LIMITS } from '../modules/throttle/throttle.service.ts';
import * as users from '../modules/users/users.repository.ts';
import { startServer, type RunningServer } from '../server.ts';
import { CONTENT_SECURITY_POLICY, HTTP_MESSAGES, TRPC_MAX_BATCH_SIZE } from './hardening.ts';

const PASSWORD = 'senha-de-teste-segura';
/** Words of English error messages (Zod, tRPC, superjson, Node) that must never reach a resident. */
const ENGLISH = /\b(expected|invalid input|required|procedure|found|unexpected|token|json|error|received|too big|too small|path|request|unsupported)\b/i;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDirs: string[] = [];
let server: RunningServer;
let proxied: RunningServer;
let secure: RunningServer;
let base: string;

async function start(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vz-hardening-'));
  dataDirs.push(dataDir);
  return startServer(
    loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await start();
  base = `http://127.0.0.1:${server.port}`;
  proxied = await start({ TRUST_PROXY: '1' });
  secure = await start({ PUBLIC_URL: 'https://vizinhanca.example' });
});

afterAll(async () => {
  await server?.close();
  await proxied?.close();
  await secure?.close();
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs = [];
});

let userCounter = 0;
async function createUser() {
  userCounter += 1;
  const email = `hard-${userCounter}@teste.com`;
  const { id } = await users.insertUser(server.deps.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    fullName: `Morador ${userCounter}`,
    cpf: testCpf(userCounter + 9191),
    phone: '11987654321',
    block: 'A',
    apartment: 'A-101',
    approvalStatus: 'approved',
    createdAt: server.deps.clock.now(),
  });
  return { id, email, password: PASSWORD };
}

async function post(url: string, procedure: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, message: messageOf(text) };
}

function messageOf(text: string): string {
  const parsed = JSON.parse(text) as unknown;
  const first = (Array.isArray(parsed) ? parsed[0] : parsed) as { error?: { json?: { message?: string }; message?: string } };
  return first.error?.json?.message ?? first.error?.message ?? '';
}

const attemptsFor = async (email: string) =>
  (await server.deps.db.selectFrom('login_attempts').select('id').where('email', '=', email).execute()).length;

describe('request bodies', () => {
  it('refuses a 1 MB body announced by Content-Length before reading it', async () => {
    // Only the headers are sent: the answer comes without the server waiting for the megabyte.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(
          `POST /trpc/auth.login HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${base}\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n`,
        );
      });
      let received = '';
      socket.setTimeout(5000, () => reject(new Error(`no answer; got ${received}`)));
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('\r\n\r\n') && received.includes('}')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain(HTTP_MESSAGES.bodyTooLarge);
  });

  it('refuses a 1 MB body sent without a length (chunked) with a pt-BR message', async () => {
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 16; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(64 * 1024)));
        controller.close();
      },
    });
    const response = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(messageOf(text)).toBe('A requisição é grande demais.');
  });
});

describe('batches', () => {
  it(`refuses a batch of more than ${TRPC_MAX_BATCH_SIZE} calls`, async () => {
    const paths = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'auth.me').join(',');
    const response = await fetch(`${base}/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(response.status).toBe(400);
    expect(messageOf(await response.text())).toBe('Requisição inválida.');
  });

  it('never evaluates a login sent in a batch, not even 1,000 of them in one request', async () => {
    const user = await createUser();
    for (const count of [2, 1000]) {
      const inputs = Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { json: { email: user.email, password: i === count - 1 ? PASSWORD : `chute-${i}` } }]));
      const paths = Array.from({ length: count }, () => 'auth.login').join(',');
      const response = await post(base, `${paths}?batch=1`, JSON.stringify(inputs));
      expect(response.status).toBe(400);
      expect(response.message).toBe(HTTP_MESSAGES.notBatchable);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const alone = await post(base, 'auth.login?batch=1', JSON.stringify({ 0: { json: { email: user.email, password: 'chute' } } }));
    expect(alone.status).toBe(400);
    expect(await attemptsFor(user.email)).toBe(0);
  });

  it('never sends reset e-mails from a batch', async () => {
    const inputs = { 0: { json: { email: 'a@example.com' } }, 1: { json: { email: 'b@example.com' } } };
    const response = await post(base, 'auth.requestPasswordReset,auth.requestPasswordReset?batch=1', JSON.stringify(inputs));
    expect(response.status).toBe(400);
    expect(response.message).toBe(HTTP_MESSAGES.notBatchable);
  });
});

describe('throttling across instances', () => {
  it('guesses spread over two instances on one database get no more evaluations than on one', async () => {
    const user = await createUser();
    const bases = [base, `http://127.0.0.1:${proxied.port}`];
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(bases[i % 2]!, 'auth.login', JSON.stringify({ json: { email: user.email, password: i === 59 ? PASSWORD : `chute-${i}` } }), {
          'x-forwarded-for': `198.51.100.${i % 250}`,
        }),
      ),
    );
    // These servers run on real time: past the free guesses, the k-th more waits base * (2^k - 1) ms in all.
    const elapsed = Date.now() - started;
    const allowed = LOGIN_ACCOUNT_SHAPE.free + Math.floor(Math.log2(elapsed / LOGIN_ACCOUNT_SHAPE.baseMs + 1));
    expect(responses.filter((response) => response.status === 401).length).toBeLessThanOrEqual(allowed);
    expect(responses.filter((response) => response.status === 429).length).toBeGreaterThanOrEqual(60 - allowed);
    expect(await attemptsFor(user.email)).toBeLessThanOrEqual(allowed);
  }, 60_000);
});

describe('headers the client writes', () => {
  it('e-mails a reset link on the public address, whatever Host the request names', async () => {
    const user = await createUser();
    // fetch cannot forge Host; a raw request can, as curl or an attacker's script would.
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ json: { email: user.email } });
      const request = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/trpc/auth.requestPasswordReset',
          method: 'POST',
          headers: { 'content-type': 'application/json', host: 'evil.example', origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(status).toBe(200);
    const outbox = server.deps.mailer.outboxDir!;
    const mail = await eventually(() => {
      const file = readdirSync(outbox).find((name) => decodeQuotedPrintable(readFileSync(path.join(outbox, name), 'utf8')).includes(user.email));
      if (!file) throw new Error('no e-mail yet');
      return decodeQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8'));
    });
    expect(mail).toContain(`${server.url}/redefinir-senha?token=`);
    expect(server.url).toBe(`http://localhost:${server.port}`);
    expect(mail).not.toContain('evil.example');
  });

  it('with PUBLIC_URL set, the link is on it', async () => {
    const user = await createUser();
    await fetch(`http://127.0.0.1:${secure.port}/trpc/auth.requestPasswordReset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://vizinhanca.example', host: 'evil.example' },
      body: JSON.stringify({ json: { email: user.email } }),
    });
    const outbox = secure.deps.mailer.outboxDir!;
    const mail = await eventually(() => {
      const file = readdirSync(outbox).find((name) => decodeQuotedPrintable(readFileSync(path.join(outbox, name), 'utf8')).includes(user.email));
      if (!file) throw new Error('no e-mail yet');
      return decodeQuotedPrintable(readFileSync(path.join(outbox, file), 'utf8'));
    });
    expect(mail).toContain('https://vizinhanca.example/redefinir-senha?token=');
  });

  it('behind one proxy, the client address is the one the proxy saw, not one the client wrote', async () => {
    const proxiedBase = `http://127.0.0.1:${proxied.port}`;
    for (let i = 0; i < 3; i++) {
      await post(proxiedBase, 'auth.login', JSON.stringify({ json: { email: `ninguem-${i}@example.com`, password: 'chute' } }), {
        'x-forwarded-for': `10.66.${i}.${i}, 192.0.2.50`,
      });
    }
    const keys = (await proxied.deps.db.selectFrom('throttles').select(['key', 'hits']).where('key', 'like', 'login-address:%').execute()).filter(
      (row) => row.key.includes('10.66.') || row.key.includes('192.0.2.50'),
    );
    expect(keys).toEqual([{ key: 'login-address:192.0.2.50', hits: 3 }]);
  });

  it('without a proxy, X-Forwarded-Host does not make a foreign Origin ours', async () => {
    const response = await post(base, 'auth.login', JSON.stringify({ json: { email: 'x@example.com', password: 'chute' } }), {
      origin: 'http://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(response.status).toBe(403);
  });

  // The proxy passes on whatever X-Forwarded-Host the client wrote: it names no origin of ours.
  it('behind a proxy, a client-written X-Forwarded-Host does not make a foreign Origin ours, for a call or a websocket', async () => {
    const proxiedBase = `http://127.0.0.1:${proxied.port}`;
    const forged = { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' };
    const response = await post(proxiedBase, 'auth.login', JSON.stringify({ json: { email: 'x@example.com', password: 'chute' } }), forged);
    expect(response.status).toBe(403);
    const upgrade = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: proxied.port,
        path: '/trpc',
        headers: { ...forged, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      });
      request.on('response', (answer) => resolve(answer.statusCode ?? 0));
      request.on('upgrade', () => reject(new Error('upgraded')));
      request.on('error', reject);
      request.end();
    });
    expect(upgrade).toBe(403);
  });
});

describe('uploads', () => {
  it('refuses uploads past the per-resident limit before reading the file, with 429 and a pt-BR message', async () => {
    const user = await createUser();
    const login = await post(base, 'auth.login', JSON.stringify({ json: { email: user.email, password: PASSWORD } }));
    const cookie = login.headers.getSetCookie().find((header) => header.startsWith('vz_session='))!.split(';')[0]!;
    for (let i = 0; i < RATE_LIMITS.uploadsPerUser.limit; i++) await hit(server.deps, `uploadsPerUser:${user.id}`, RATE_LIMITS.uploadsPerUser);
    const response = await fetch(`${base}/api/images?purpose=listing`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', origin: base, cookie },
      body: Buffer.alloc(1000),
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^Muitas solicitações em pouco tempo\./);
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy that forbids inline scripts (but the hashed starter) and framing', async () => {
    const response = await fetch(`${base}/health`);
    const policy = response.headers.get('content-security-policy');
    expect(policy).toBe(CONTENT_SECURITY_POLICY);
    // Our own files, and the one fixed inline starter by its hash (start-after-paint.ts): nothing else inline.
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('sends HSTS only when the public address is https', async () => {
    expect((await fetch(`${base}/health`)).headers.get('strict-transport-security')).toBeNull();
    const response = await fetch(`http://127.0.0.1:${secure.port}/health`);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });

  it('marks every API answer no-store, errors included', async () => {
    expect((await fetch(`${base}/trpc/auth.me`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${base}/trpc/nada.existe`)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('messages a client can see', () => {
  it('answers tRPC and parser failures in pt-BR with the right status', async () => {
    const cases: { response: Promise<{ status: number; message: string; text: string }>; status: number }[] = [
      { response: fetch(`${base}/trpc/nada.existe`).then(async (r) => ({ status: r.status, text: '', message: messageOf(await r.text()) })), status: 404 },
      { response: post(base, 'auth.login', '{"json": {'), status: 400 },
      { response: post(base, 'auth.login', JSON.stringify({ json: { email: 'a@example.com', password: 'x' }, meta: { values: { email: [['custom', 'x'.repeat(10)]] } } })), status: 400 },
      { response: post(base, 'auth.login', JSON.stringify({ json: { email: 'a@example.com', password: 'x' }, meta: { values: ['Date', { a: 'b' }], referentialEqualities: { 'a.b.c': ['x'] } } })), status: 400 },
      { response: post(base, 'auth.login', JSON.stringify({ json: 5 })), status: 400 },
      { response: post(base, 'listings.byId', JSON.stringify({ json: { id: 'x' } })), status: 405 },
    ];
    for (const { response, status } of cases) {
      const answer = await response;
      expect({ status: answer.status, message: answer.message }).toMatchObject({ status });
      expect(answer.message.length).toBeGreaterThan(0);
      expect(answer.message).not.toMatch(ENGLISH);
    }
  });

  it('refuses U+0000 and other control characters in text with a 400 and a pt-BR message', async () => {
    for (const bad of ['\u0000', '\u001b[2J', '\u0007', '\u0085']) {
      const response = await post(base, 'auth.login', JSON.stringify({ json: { email: `a${bad}@example.com`, password: 'chute' } }));
      expect(response.status).toBe(400);
      expect(response.message).toBe(CONTROL_CHARACTERS_MESSAGE);
      const signUp = await post(base, 'auth.signUp', JSON.stringify({ json: { fullName: `Ana${bad}`, cpf: '390.533.447-05', email: 'ana@example.com', password: 'quintal-de-casa' } }));
      expect(signUp.status).toBe(400);
      expect(signUp.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });
});
