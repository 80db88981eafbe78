import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCacheAnswers, describeCacheAnswers, runLoad, sumCacheAnswers } from './load.ts';

// Counts, not timings: every request answered, each `once` request sent at most once, errors counted.
describe('bench load generator', () => {
  const seen: { url: string; method: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push({ url: req.url!, method: req.method!, body, headers: req.headers });
        if (req.url === '/fail') {
          res.statusCode = 500;
          res.end('falhou');
        } else if (req.url === '/sold-out') {
          res.statusCode = 409;
          res.end('{"error":{"message":"Esgotado"}}');
        } else if (req.url!.startsWith('/chunked')) {
          // No Content-Length: Node sends it chunked, in pieces the reader must put together.
          res.write('{"parte":');
          setTimeout(() => res.end(`"${'x'.repeat(5000)}"}`), 5);
        } else if (req.url!.startsWith('/close')) {
          // The server ends the connection after this answer: the next request needs a new socket.
          res.setHeader('connection', 'close');
          res.end('ok');
        } else if (req.url!.startsWith('/slow-feed/')) {
          // A feed page slower than everything else in the load: the feed's own figures must show it.
          res.setHeader('x-feed-cache', 'miss');
          setTimeout(() => res.end('ok'), 60);
        } else if (req.url!.startsWith('/cached/')) {
          // As the app's feed path says it: odd pages from the cache, even ones from Postgres.
          res.setHeader('x-feed-cache', Number(req.url!.slice('/cached/'.length)) % 2 ? 'hit' : 'miss');
          res.end('ok');
        } else if (req.method === 'POST') {
          res.statusCode = body === '{"0":{"json":{"dia":"2026-11-24"}}}' ? 200 : 400;
          res.end(body);
        } else {
          res.end('ok');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts the expected refusal apart from errors', async () => {
    const requests = ['/r/1', '/sold-out', '/fail', '/sold-out', '/r/2'].map((path) => ({ method: 'GET' as const, path, headers: {} }));
    const result = await runLoad({ url, connections: 2, durationMs: 5_000, requests, once: true, threads: 1, refusal: 'Esgotado' });
    expect({ refused: result.refused, errors: result.errors, answered: result.requests }).toEqual({ refused: 2, errors: 1, answered: 5 });
  });

  it('sends each one-off request once over several threads and counts errors', async () => {
    seen.length = 0;
    const requests = Array.from({ length: 40 }, (_, i) => ({ method: 'GET' as const, path: i === 7 ? '/fail' : `/r/${i}`, headers: { cookie: `vz_session=t${i}` } }));
    const result = await runLoad({ url, connections: 4, durationMs: 5_000, requests, once: true, threads: 2 });
    expect(result.requests).toBe(40);
    expect(result.errors).toBe(1);
    expect(result.firstErrors).toEqual(['500 falhou']);
    expect(new Set(seen.map((request) => request.url)).size).toBe(40);
    expect(seen).toHaveLength(40);
    // The captured headers as sent, plus what a keep-alive HTTP/1.1 client adds.
    const third = seen.find((request) => request.url === '/r/3')!;
    expect(third.headers).toMatchObject({ cookie: 'vz_session=t3', host: url.slice('http://'.length), connection: 'keep-alive' });
  });

  it('reads chunked answers whole, posts bodies intact, and reconnects when the server closes', async () => {
    seen.length = 0;
    const body = '{"0":{"json":{"dia":"2026-11-24"}}}';
    const requests = [
      ...Array.from({ length: 10 }, (_, i) => ({ method: 'GET' as const, path: `/chunked/${i}`, headers: {} })),
      ...Array.from({ length: 10 }, (_, i) => ({ method: 'POST' as const, path: `/post/${i}`, headers: { 'content-type': 'application/json' }, body })),
      ...Array.from({ length: 10 }, (_, i) => ({ method: 'GET' as const, path: `/close/${i}`, headers: {} })),
    ];
    const result = await runLoad({ url, connections: 2, durationMs: 5_000, requests, once: true, threads: 1 });
    expect(result).toMatchObject({ requests: 30, errors: 0 });
    expect(seen).toHaveLength(30);
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual(Array(10).fill(body));
  });

  it('adds up the cache answers of several loads', () => {
    expect(sumCacheAnswers([{ cache: { hit: 3, miss: 1, none: 0 } }, { cache: { hit: 2, miss: 0, none: 5 } }])).toEqual({ hit: 5, miss: 1, none: 5 });
    expect(sumCacheAnswers([])).toEqual({ hit: 0, miss: 0, none: 0 });
  });

  it('counts answers by their X-Feed-Cache header: hits, misses and answers without it', async () => {
    const requests = [
      ...Array.from({ length: 30 }, (_, i) => ({ method: 'GET' as const, path: `/cached/${i}`, headers: {} })),
      ...Array.from({ length: 5 }, (_, i) => ({ method: 'GET' as const, path: `/r/${i}`, headers: {} })),
      { method: 'GET' as const, path: '/fail', headers: {} },
    ];
    const result = await runLoad({ url, connections: 3, durationMs: 5_000, requests, once: true, threads: 2 });
    expect(result.cache).toEqual({ hit: 15, miss: 15, none: 5 });
    expect(describeCacheAnswers(result.cache)).toBe('feed cache: 50.0% hits, miss ratio 50.0% (15 hits, 15 misses, 5 answers without the header)');
    expect(result.feed?.requests).toBe(30);
  });

  it('gives the feed\'s own rate and latencies apart from the rest of a mixed load', async () => {
    const requests = [
      ...Array.from({ length: 8 }, (_, i) => ({ method: 'GET' as const, path: `/slow-feed/${i}`, headers: {} })),
      ...Array.from({ length: 24 }, (_, i) => ({ method: 'GET' as const, path: `/r/${i}`, headers: {} })),
    ];
    const result = await runLoad({ url, connections: 4, durationMs: 5_000, requests, once: true, threads: 2 });
    expect(result.requests).toBe(32);
    // Every feed answer waited 60 ms on the server: its median cannot be less, whatever the rest did.
    expect(result.feed).toMatchObject({ requests: 8, errors: 0 });
    expect(result.feed!.p50).toBeGreaterThanOrEqual(60);
    const none = await runLoad({ url, connections: 1, durationMs: 5_000, requests: requests.slice(8, 10), once: true, threads: 1 });
    expect(none.feed).toBeNull();
  });

  it('adds up the threads\' counts and says when no cache answered', () => {
    expect(countCacheAnswers([{ hit: 3, miss: 1 }, { miss: 2 }, {}], 10)).toEqual({ hit: 3, miss: 3, none: 4 });
    expect(describeCacheAnswers({ hit: 0, miss: 0, none: 7 })).toBe('no cache in the path (no X-Feed-Cache header)');
    expect(describeCacheAnswers({ hit: 0, miss: 40, none: 0 })).toMatch(/^feed cache: 0% hits, miss ratio 100%/);
  });

  it('counts a connection refused as an error, not a hang', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await runLoad({ url: `http://127.0.0.1:${port}`, connections: 1, durationMs: 5_000, requests: [{ method: 'GET', path: '/', headers: {} }], once: true, threads: 1 });
    expect(result).toMatchObject({ requests: 1, errors: 1 });
    expect(result.firstErrors[0]).toMatch(/ECONNREFUSED/);
  });
});
