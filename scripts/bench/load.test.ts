import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './load.ts';

// Counts, not timings: every request answered, each `once` request sent at most once, errors counted.
describe('bench load generator', () => {
  const seen: string[] = [];
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url!);
      res.statusCode = req.url === '/fail' ? 500 : 200;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends each one-off request once over several threads and counts errors', async () => {
    const requests = Array.from({ length: 40 }, (_, i) => ({ method: 'GET' as const, path: i === 7 ? '/fail' : `/r/${i}`, headers: {} }));
    const result = await runLoad({ url, connections: 4, durationMs: 5_000, requests, once: true, threads: 2 });
    expect(result.requests).toBe(40);
    expect(result.errors).toBe(1);
    expect(new Set(seen).size).toBe(40);
    expect(seen).toHaveLength(40);
  });
});
