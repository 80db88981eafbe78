// The app's own calls answered without tRPC's Fetch-API adapter (procedure-calls.ts): for every kind of
// request the client sends, and for the ones it never sends, the answer is the stock adapter's, byte for
// byte: status, body and the headers the browser reads. Two servers on one app's deps, one with the stock
// adapter alone, one with procedureCalls in front of it, are asked the same things in turn.
import type { AddressInfo } from 'node:net';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { createContext } from '../context.ts';
import { appRouter } from '../router.ts';
import { procedureCalls, type ProcedureCallOptions } from './procedure-calls.ts';
import { TRPC_MAX_BATCH_SIZE } from './hardening.ts';

const MAX_BODY = 4 * 1024;

let app: TestApp;
let resident: TestUser;
let neighbour: TestUser;
let cookie: string;
const servers: ReturnType<ReturnType<typeof express>['listen']>[] = [];
let stock: string;
let lean: string;
const leanCalls = vi.fn();

async function listen(handlers: express.RequestHandler[]): Promise<string> {
  const http = express();
  http.use('/trpc', ...handlers);
  const server = http.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  app = await createTestApp();
  resident = await app.createUser({ fullName: 'Rita Chamada' });
  neighbour = await app.createUser({ fullName: 'Nestor Vizinho' });
  const { token } = await app.deps.sessions.create(app.db, resident.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  cookie = app.deps.sessions.sessionCookie(token, false).split(';')[0]!;
  const options: ProcedureCallOptions = {
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    maxBodySize: MAX_BODY,
    createContext: (req, res) => createContext(app.deps, req, (header) => res.append('Set-Cookie', header), 'http'),
    headersFor: (errors): Record<string, string> => (errors.some((error) => error.code === 'SERVICE_UNAVAILABLE') ? { 'Retry-After': '5' } : {}),
    onError: () => {},
  };
  const stockAdapter = createExpressMiddleware({
    router: appRouter,
    maxBodySize: MAX_BODY,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: ({ req, res }) => options.createContext(req, res),
    responseMeta: ({ errors }) => ({ headers: options.headersFor(errors) }),
  });
  const leanAdapter = procedureCalls(options);
  stock = await listen([stockAdapter]);
  lean = await listen([
    (req, res, next) => {
      // Counts what the lean adapter answered itself (it never calls next for those).
      leanAdapter(req, res, () => {
        leanCalls(req.method, req.url);
        next();
      });
    },
    stockAdapter,
  ]);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await app?.close();
});

type Ask = { method?: 'GET' | 'POST'; path: string; body?: string | ReadableStream; signedIn?: boolean; contentType?: string };

async function ask(base: string, { method = 'GET', path, body, signedIn = true, contentType = 'application/json' }: Ask) {
  const response = await fetch(`${base}/trpc/${path}`, {
    method,
    headers: { ...(signedIn ? { cookie } : {}), ...(method === 'POST' ? { 'content-type': contentType } : {}) },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return {
    status: response.status,
    body: await response.text(),
    contentType: response.headers.get('content-type'),
    vary: response.headers.get('vary'),
    retryAfter: response.headers.get('retry-after'),
  };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The same request to both servers; the answers must be equal. Whether the lean adapter answered it itself. */
async function sameAnswer(request: Ask): Promise<{ answered: boolean; status: number; body: string }> {
  const expected = await ask(stock, request);
  leanCalls.mockClear();
  const actual = await ask(lean, request);
  expect(actual).toEqual(expected);
  return { answered: leanCalls.mock.calls.length === 0, status: actual.status, body: actual.body };
}

describe('procedureCalls answers as tRPC does', () => {
  it('queries, single and batched, signed in and out; a batch with one error is a 207', async () => {
    const me = await sameAnswer({ path: 'auth.me' });
    expect(me).toMatchObject({ answered: true, status: 200 });
    expect(me.body).toContain('Rita Chamada');
    expect(await sameAnswer({ path: 'auth.me', signedIn: false })).toMatchObject({ answered: true, status: 200, body: '{"result":{"data":{"json":null}}}' });
    const batch = await sameAnswer({ path: `auth.me,notifications.list?batch=1&input=${input({ 0: { json: null, meta: { values: ['undefined'] } }, 1: { json: {} } })}` });
    expect(batch).toMatchObject({ answered: true, status: 200 });
    const mixed = await sameAnswer({ path: `auth.me,users.neighbour?batch=1&input=${input({ 1: { json: { id: 'não-é-um-id' } } })}` });
    expect(mixed).toMatchObject({ answered: true, status: 207 });
    expect(mixed.body).toContain('"httpStatus":400');
    const found = await sameAnswer({ path: `users.neighbour?input=${input({ json: { id: neighbour.id } })}` });
    expect(found).toMatchObject({ answered: true, status: 200 });
    expect(found.body).toContain('Nestor Vizinho');
  });

  it('mutations: a refusal by the input schema with its field errors, a refusal to someone signed out, a success', async () => {
    const invalid = await sameAnswer({ method: 'POST', path: 'blocks.block?batch=1', body: JSON.stringify({ 0: { json: { userId: 'x' } } }) });
    expect(invalid).toMatchObject({ answered: true, status: 400 });
    const signedOut = await sameAnswer({ method: 'POST', path: 'blocks.unblock', body: JSON.stringify({ json: { userId: neighbour.id } }), signedIn: false });
    expect(signedOut).toMatchObject({ answered: true, status: 401 });
    // Unblocking someone never blocked changes nothing and answers the same message each time.
    const done = await sameAnswer({ method: 'POST', path: 'blocks.unblock?batch=1', body: JSON.stringify({ 0: { json: { userId: neighbour.id } } }) });
    expect(done).toMatchObject({ answered: true, status: 200 });
  });

  it('what the client never sends goes on to tRPC, answered in its words: unknown procedures, wrong methods, bad JSON, batches too large, other content types', async () => {
    const handedOn = [
      { path: 'nada.disso' },
      { path: `auth.me,nada.disso?batch=1&input=${input({})}` },
      { path: `blocks.unblock?input=${input({ json: { userId: neighbour.id } })}` },
      { method: 'POST' as const, path: 'auth.me', body: '{}' },
      { path: `auth.me?input=${encodeURIComponent('{não é json')}` },
      { method: 'POST' as const, path: 'blocks.unblock', body: '{"json": {' },
      { method: 'POST' as const, path: 'blocks.unblock', body: '' },
      { method: 'POST' as const, path: 'blocks.unblock?batch=1', body: '[1, 2]' },
      { path: `${Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'auth.me').join(',')}?batch=1&input=${input({})}` },
      { method: 'POST' as const, path: 'blocks.unblock', body: 'userId=1', contentType: 'application/x-www-form-urlencoded' },
    ];
    for (const request of handedOn) {
      const answer = await sameAnswer(request);
      expect(answer.answered, request.path).toBe(false);
      expect(answer.status, request.path).not.toBe(200);
    }
  });

  it('a body past the limit sent without a length: 413, as tRPC answers it', async () => {
    const chunks = () =>
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(MAX_BODY / 2)));
          controller.close();
        },
      });
    const expected = await ask(stock, { method: 'POST', path: 'blocks.unblock', body: chunks() });
    const actual = await ask(lean, { method: 'POST', path: 'blocks.unblock', body: chunks() });
    expect(actual).toEqual(expected);
    expect(actual.status).toBe(413);
  });
});
