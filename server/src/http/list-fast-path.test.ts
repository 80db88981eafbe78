// listings.list answered before tRPC's HTTP adapter (feed-fast-path.ts, decision 018): a
// search, or a feed page not cached, runs the procedure through tRPC's caller and must
// answer the same bytes and headers tRPC's adapter answers; refusals and bad input still
// get tRPC's own answers, in pt-BR.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import superjson from 'superjson';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, eventually, insertTestUser, TEST_PASSWORD } from '../../test/harness.ts';
import { insertActiveListing, listingFields } from '../../test/listing-fixtures.ts';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from '../server.ts';
import { listingPageSchema, publicListingSchema } from '@vizinhanca/shared/listings/listing.schema';
import { feedCacheOf } from '../modules/listings/feed-cache.ts';
import { createHttpHandler } from './app.ts';
import { isFeedGet } from './feed-fast-path.ts';
import { GENERIC_ERROR_MESSAGE } from '../errors.ts';

let server: RunningServer;
let close: () => Promise<void>;
let base: string;
let approved: string;
let pending: string;

async function createUser(status: 'approved' | 'pending') {
  const { id, email } = await insertTestUser(server.deps.db, { status });
  const response = await fetch(`${base}/trpc/auth.login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ json: { email, password: TEST_PASSWORD } }),
  });
  return { id, cookie: response.headers.getSetCookie().find((header) => header.startsWith('vz_session='))!.split(';')[0]! };
}

async function publish(ownerId: string, title: string, description: string, minutesAgo: number) {
  const publishedAt = new Date(server.deps.clock.now().getTime() - minutesAgo * 60_000);
  await insertActiveListing(server.deps.db, ownerId, listingFields({ title, description, tags: ['ferramenta'] }), publishedAt);
}

beforeAll(async () => {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vz-list-fast-path-'));
  server = await startServer(loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir }));
  close = async () => {
    await server.close({ drainMs: 0 });
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  base = `http://127.0.0.1:${server.port}`;
  const owner = await createUser('approved');
  approved = owner.cookie;
  pending = (await createUser('pending')).cookie;
  await publish(owner.id, 'Furadeira de impacto', 'Com maleta e brocas', 3);
  await publish(owner.id, 'Escada', 'Serve para trocar a lâmpada da FURADEIRA... não, do teto', 2);
  await publish(owner.id, 'Bicicleta', 'Aro 29, revisada', 1);
  await publish(owner.id, 'Máquina de café', 'Espresso, cápsulas à parte', 4);
}, 60_000);

afterAll(async () => {
  await close?.();
});

const input = (fields: Record<string, unknown>) => ({ type: 'rental', filter: 'all', sort: 'newest', limit: 20, direction: 'forward', ...fields });

/** The browser's GET: batched with one call (httpBatchLink), or several calls at once (tRPC's adapter answers those). */
async function get(cookie: string | null, calls: Record<string, unknown>[], batched = true) {
  const sent = batched ? Object.fromEntries(calls.map((call, i) => [i, superjson.serialize(call)])) : superjson.serialize(calls[0]);
  const response = await fetch(`${base}/trpc/${calls.map(() => 'listings.list').join(',')}?${batched ? 'batch=1&' : ''}input=${encodeURIComponent(JSON.stringify(sent))}`, {
    headers: cookie ? { cookie } : {},
  });
  return { status: response.status, contentType: response.headers.get('content-type'), vary: response.headers.get('vary'), text: await response.text() };
}

describe('listings.list before the HTTP adapter', () => {
  it.each([
    ['a search', { search: 'furadeira' }],
    ['a search with accents and case', { search: 'MÁQUINA' }],
    ['a search that finds nothing', { search: 'jabuticaba' }],
    ['a feed page', { limit: 2 }],
  ])('%s: the same bytes and headers as tRPC adapter', async (_name, fields) => {
    const call = input(fields);
    const fast = await get(approved, [call]);
    // Two calls in one batch are answered by tRPC's adapter: [answer, answer].
    const adapter = await get(approved, [call, call]);
    expect(fast.status).toBe(200);
    expect(adapter.status).toBe(200);
    const answer = fast.text.slice(1, -1);
    expect(adapter.text).toBe(`[${answer},${answer}]`);
    expect(fast.contentType).toBe(adapter.contentType);
    expect(fast.vary).toBe(adapter.vary);
    // Not batched: tRPC's envelope without the array.
    expect((await get(approved, [call], false)).text).toBe(answer);
  });

  it.each([
    ['a search', { search: 'a' }],
    ['a feed page read from Postgres', { sort: 'price_asc', limit: 3 }],
    ['the same page from the cache', { sort: 'price_asc', limit: 3 }],
  ])('%s is the output schema\'s parse, written as superjson writes it', async (_name, fields) => {
    const { text } = await get(approved, [input(fields)]);
    const data = JSON.parse(text)[0].result.data;
    expect(data.json.items.length).toBeGreaterThan(0);
    // Parsed again by the schema and written by superjson itself: the same text, so nothing was added, dropped or reordered.
    expect(JSON.stringify(superjson.serialize(listingPageSchema(publicListingSchema).parse(superjson.deserialize(data))))).toBe(JSON.stringify(data));
  });

  it('finds case-insensitively in title and description, newest first', async () => {
    const { text } = await get(approved, [input({ search: 'FURADEIRA' })]);
    const { items } = superjson.deserialize<{ items: { title: string; publishedAt: Date }[] }>(JSON.parse(text)[0].result.data);
    expect(items.map((item) => item.title)).toEqual(['Escada', 'Furadeira de impacto']);
    expect(items[0]!.publishedAt).toBeInstanceOf(Date);
  });

  it('refusals and bad input get tRPC answers in pt-BR', async () => {
    const anonymous = await get(null, [input({ search: 'furadeira' })]);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)[0].error.json.data.code).toBe('UNAUTHORIZED');

    const notApproved = await get(pending, [input({ search: 'furadeira' })]);
    expect(notApproved.status).toBe(403);
    expect(JSON.parse(notApproved.text)[0].error.json.data.reason).toBe('NOT_APPROVED');

    const tooLong = await get(approved, [input({ search: 'x'.repeat(500) })]);
    expect(tooLong.status).toBe(400);
    expect(JSON.parse(tooLong.text)[0].error.json.message).toMatch(/A busca deve ter no máximo/);

    const control = await get(approved, [input({ search: 'fura\u0000deira' })]);
    expect(control.status).toBe(400);
  });
});

/** The browser's GET as sent on the wire (fetch would decode the body itself): the bytes, undecoded. */
function rawGet(call: Record<string, unknown>, batched: boolean, acceptEncoding: string | null): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const sent = batched ? { 0: superjson.serialize(call) } : superjson.serialize(call);
  const headers: Record<string, string> = acceptEncoding === null ? { cookie: approved } : { cookie: approved, 'accept-encoding': acceptEncoding };
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/trpc/listings.list?${batched ? 'batch=1&' : ''}input=${encodeURIComponent(JSON.stringify(sent))}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decoded(response: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  return (encoding === 'br' ? brotliDecompressSync(response.body) : encoding === 'gzip' ? gunzipSync(response.body) : response.body).toString('utf8');
}

describe('answers compressed before the middleware', () => {
  it('a search is sent as brotli or gzip as the browser asks, the bytes tRPC answers', async () => {
    const call = input({ search: 'a' });
    const adapter = await get(approved, [call, call]);
    const plain = await rawGet(call, true, null);
    expect(plain.body.length).toBeGreaterThan(1024);
    const answer = plain.body.toString('utf8').slice(1, -1);
    expect(adapter.text).toBe(`[${answer},${answer}]`);
    for (const [acceptEncoding, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
      const response = await rawGet(call, false, acceptEncoding);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe(adapter.vary);
      expect(decoded(response)).toBe(answer);
      // Taken before the compression middleware (which dropped the length and sent it chunked): sent whole, with its length.
      expect(response.headers['content-length']).toBe(String(response.body.length));
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('an answer under 1 KB goes plain, as the middleware leaves it', async () => {
    const response = await rawGet(input({ search: 'jabuticaba' }), true, 'gzip, deflate, br, zstd');
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString('utf8'))[0].result.data.json.items).toEqual([]);
  });
});

describe('a cached feed page, compressed once and kept', () => {
  it('is sent as brotli, gzip or plain as the browser asks, always the bytes tRPC answers', async () => {
    const call = input({ sort: 'price_asc' });
    // tRPC's adapter answers two calls in one batch: [answer, answer].
    const adapter = await get(approved, [call, call]);
    const plain = await rawGet(call, true, null);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const answer = plain.body.toString('utf8').slice(1, -1);
    expect(adapter.text).toBe(`[${answer},${answer}]`);
    const cached = () => feedCacheOf(server.deps.bus).get(['rental', '', 'all', 'price_asc', '', 20, ''].join('|'), server.deps.clock.now().getTime());
    expect(cached()).toBeDefined();

    // Chromium's header, then gzip alone, then brotli refused; batched and not, from the same cached page, twice each.
    const cases = [
      { acceptEncoding: 'gzip, deflate, br, zstd', batched: true, encoding: 'br', text: `[${answer}]` },
      { acceptEncoding: 'gzip, deflate, br, zstd', batched: false, encoding: 'br', text: answer },
      { acceptEncoding: 'gzip', batched: true, encoding: 'gzip', text: `[${answer}]` },
      { acceptEncoding: 'gzip', batched: false, encoding: 'gzip', text: answer },
      { acceptEncoding: 'br;q=0, gzip', batched: true, encoding: 'gzip', text: `[${answer}]` },
      { acceptEncoding: 'identity', batched: true, encoding: undefined, text: `[${answer}]` },
    ];
    for (const expected of cases) {
      for (let i = 0; i < 2; i++) {
        const response = await rawGet(call, expected.batched, expected.acceptEncoding);
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected.encoding);
        expect(response.headers['content-type']).toBe(adapter.contentType);
        expect(response.headers.vary).toBe(adapter.vary);
        expect(decoded(response)).toBe(expected.text);
        if (expected.encoding) expect(response.body.length).toBeLessThan(plain.body.length / 2);
      }
    }
    // Compressed by the cache (once per envelope and encoding), not by the middleware on every request.
    expect([...cached()!.encoded.keys()].sort()).toEqual(['batch:br', 'batch:gzip', 'single:br', 'single:gzip']);
  });
});

describe('the headers of every answer', () => {
  it('a feed page from Postgres and from the cache carries what every API answer does, answered before the /trpc mount', async () => {
    const call = input({ sort: 'price_desc', limit: 2 });
    for (const expected of ['miss', 'hit']) {
      const { status, headers } = await rawGet(call, true, 'gzip');
      expect(status).toBe(200);
      expect(headers['x-feed-cache']).toBe(expected);
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('same-origin');
      expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a GET of listings.list announcing a body too large is refused by the /trpc mount, as before', async () => {
    const sent = encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input({ limit: 2 })) }));
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/trpc/listings.list?batch=1&input=${sent}`, { method: 'GET', headers: { cookie: approved, 'content-length': String(200 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(413);
  });
});

describe('the X-Feed-Cache header', () => {
  it('says miss for a page read from Postgres, hit for the same page from the cache, and nothing for a search', async () => {
    const call = input({ sort: 'rating', limit: 3 });
    expect((await rawGet(call, true, null)).headers['x-feed-cache']).toBe('miss');
    expect((await rawGet(call, true, null)).headers['x-feed-cache']).toBe('hit');
    expect((await rawGet(input({ search: 'furadeira' }), true, null)).headers['x-feed-cache']).toBeUndefined();
  });

  it('a page after a cursor is kept from its second ask on, each answer the same bytes', async () => {
    const first = await get(approved, [input({ sort: 'price_asc', limit: 1 })]);
    const cursor = (superjson.deserialize(JSON.parse(first.text)[0].result.data) as { nextCursor: string }).nextCursor;
    const call = input({ sort: 'price_asc', limit: 1, cursor });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await rawGet(call, true, null));
    expect(answers.map((answer) => answer.headers['x-feed-cache'])).toEqual(['miss', 'miss', 'hit']);
    expect(new Set(answers.map((answer) => answer.body.toString('utf8'))).size).toBe(1);
  });
});

describe('a cached feed page and blocks', () => {
  it('is answered without the listings of someone the viewer blocked (or who blocked them), the cache keeping the whole page for the others', async () => {
    const call = input({ sort: 'price_desc' });
    const owner = await server.deps.db.selectFrom('listings').select('user_id').executeTakeFirstOrThrow();
    const viewer = await createUser('approved');
    const whole = await get(approved, [call]);
    const items = (text: string) => superjson.deserialize<{ items: { title: string }[] }>(JSON.parse(text)[0].result.data).items;
    expect(items(whole.text)).toHaveLength(4);
    expect(items((await get(viewer.cookie, [call])).text)).toHaveLength(4);
    const key = ['rental', '', 'all', 'price_desc', '', 20, ''].join('|');
    const stored = feedCacheOf(server.deps.bus).get(key, server.deps.clock.now().getTime());
    expect(stored).toBeDefined();

    // The owner blocks the viewer: the session the viewer already has learns it from the database, on commit.
    await server.deps.db.insertInto('user_blocks').values({ blocker_id: owner.user_id, blocked_id: viewer.id, created_at: server.deps.clock.now() }).execute();
    await eventually(async () => expect(items((await get(viewer.cookie, [call])).text)).toEqual([]));
    // Everyone else: the cached bytes, from the same entry.
    expect((await get(approved, [call])).text).toBe(whole.text);
    expect(feedCacheOf(server.deps.bus).get(key, server.deps.clock.now().getTime())).toBe(stored);
  });
});

describe('a cached feed page answered before Express', () => {
  it('when its URL was read, the session is in memory and the page is held: the bytes and headers Express sends, a log line of its own', async () => {
    // The server's own listener on the same app's parts, with Express's entry counted and the log read at debug.
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
    const { app, handle } = createHttpHandler({ ...server.deps, logger });
    const throughExpress = vi.spyOn(app as unknown as { handle: (...args: unknown[]) => void }, 'handle');
    const listener = http.createServer(handle).listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/trpc/listings.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input({ sort: 'price_asc', limit: 2 })) }))}`;
    const ask = (cookie: string | null) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...(cookie ? { cookie } : {}) } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const viewer = await createUser('approved');
    try {
      // The URL's first ask goes through Express (its input read and kept, the session read); the page may be held already.
      const first = await ask(viewer.cookie);
      expect(throughExpress).toHaveBeenCalledTimes(1);
      // Asked again: answered before Express, from the cache, with what Express's answer carried.
      const again = await ask(viewer.cookie);
      const third = await ask(viewer.cookie);
      expect(throughExpress).toHaveBeenCalledTimes(1);
      for (const answer of [again, third]) {
        expect(answer.status).toBe(200);
        expect(answer.headers['x-feed-cache']).toBe('hit');
        expect(decoded(answer)).toBe(decoded(first));
        const perResponse = ['date', 'x-request-id', 'x-feed-cache', 'content-length'];
        const described = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !perResponse.includes(name)));
        expect(described(answer.headers)).toEqual(described(first.headers));
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(answer.headers['content-security-policy']).toBeTruthy();
      }
      expect(again.headers['x-request-id']).not.toBe(third.headers['x-request-id']);
      // Its log line, as Express's requests have (debug: neither slow nor failed).
      await eventually(() => expect(lines.filter((line) => line.msg === 'request completed' && (line.req as { id: string }).id === third.headers['x-request-id'])).toHaveLength(1));
      const line = lines.find((entry) => (entry.req as { id: string } | undefined)?.id === third.headers['x-request-id'])!;
      expect(line).toMatchObject({ req: { method: 'GET', path: '/trpc/listings.list' }, res: { statusCode: 200 }, userId: viewer.id, procedure: 'listings.list' });
      expect(lines.filter((entry) => (entry.level as number) >= 50)).toEqual([]);

      // A cookie no parser reads (a malformed escape) on a URL read before: Express answers it as before, and the server goes on.
      const malformed = await ask('vz_session=%E0%A4%A');
      expect(malformed.status).toBeGreaterThanOrEqual(400);
      expect(throughExpress).toHaveBeenCalledTimes(2);
      expect((await ask(viewer.cookie)).status).toBe(200);

      // A hit that fails while answering: logged and answered as the app's last handler answers a failure, and the server goes on.
      const failing = vi.spyOn(feedCacheOf(server.deps.bus), 'answer').mockImplementationOnce(() => {
        throw new Error('falha de teste');
      });
      const failed = await ask(viewer.cookie);
      failing.mockRestore();
      expect(failed.status).toBe(500);
      expect(JSON.parse(failed.body.toString())).toEqual({ error: { message: GENERIC_ERROR_MESSAGE, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } });
      expect(failed.headers['cache-control']).toBe('no-store');
      expect(throughExpress).toHaveBeenCalledTimes(2);
      await eventually(() => expect(lines.filter((entry) => entry.msg === 'request failed' && entry.reqId === failed.headers['x-request-id'])).toHaveLength(1));
      expect((await ask(viewer.cookie)).status).toBe(200);

      // Anything it cannot answer at once goes through Express, which answers it as before.
      // Twice each: the first read puts the session in the cache, the second finds it there, and is refused all the same.
      expect((await ask(null)).status).toBe(401);
      for (let i = 0; i < 2; i++) expect((await ask(pending)).status).toBe(403);
      expect(throughExpress).toHaveBeenCalledTimes(5);
      // The person suspended: their session leaves the cache on every instance, and Express refuses them, then and after.
      await server.deps.db.updateTable('users').set({ is_suspended: true }).where('id', '=', viewer.id).execute();
      await eventually(async () => expect((await ask(viewer.cookie)).status).toBe(403));
      expect((await ask(viewer.cookie)).status).toBe(403);
      expect((await ask(approved)).status).toBe(200);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

describe('which requests the feed paths take', () => {
  const asked = (method: string, url: string, headers: http.IncomingHttpHeaders = {}) => ({ method, url, headers }) as http.IncomingMessage;

  it('takes a plain GET of listings.list, with its query or without (tRPC answers that one)', () => {
    expect(isFeedGet(asked('GET', '/trpc/listings.list?batch=1&input=%7B%7D'))).toBe(true);
    expect(isFeedGet(asked('GET', '/trpc/listings.list?input=%7B%7D'))).toBe(true);
    expect(isFeedGet(asked('GET', '/trpc/listings.list'))).toBe(true);
  });

  it('leaves every other request to Express and tRPC', () => {
    expect(isFeedGet(asked('POST', '/trpc/listings.list?batch=1'))).toBe(false);
    expect(isFeedGet(asked('HEAD', '/trpc/listings.list?batch=1'))).toBe(false);
    expect(isFeedGet(asked('GET', '/trpc/listings.list?batch=1', { 'content-length': '2' }))).toBe(false);
    expect(isFeedGet(asked('GET', '/trpc/listings.list?batch=1', { 'transfer-encoding': 'chunked' }))).toBe(false);
    expect(isFeedGet(asked('GET', '/trpc/listings.listMine?batch=1'))).toBe(false);
    expect(isFeedGet(asked('GET', '/trpc/listings.list,listings.get?batch=1'))).toBe(false);
    expect(isFeedGet(asked('GET', '/trpc/listings.list/x?batch=1'))).toBe(false);
    expect(isFeedGet(asked('GET', '/alugueis'))).toBe(false);
  });
});
