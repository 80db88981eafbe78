import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { collectingLogger } from '../../test/log-lines.ts';
import { requestLog } from './request-log.ts';

const opened: { close(): unknown }[] = [];
afterEach(() => {
  for (const server of opened.splice(0)) server.close();
});

// The log lines of requests to `paths`, with the slow threshold set so that the answer does not
// depend on how fast this machine is: 0 makes every request slow, a minute none.
async function logLinesFor(slowMs: number, paths: string[]): Promise<Record<string, unknown>[]> {
  const { logger, lines } = collectingLogger();
  const app = express();
  app.use(requestLog(logger, slowMs));
  app.get('/trpc/auth.me', (_req, res) => void res.json({ ok: true }));
  app.get('/assets/app.js', (_req, res) => void res.send('//'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  opened.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const path of paths) expect((await fetch(`${base}${path}`)).status).toBeLessThan(500);
  // pino writes after 'finish': let the stream take the last line.
  await new Promise((resolve) => setImmediate(resolve));
  return lines;
}

describe('request log', () => {
  it('logs a successful API request slower than the threshold at info, a faster one at debug, and static files not at all', async () => {
    const slow = await logLinesFor(0, ['/trpc/auth.me', '/assets/app.js']);
    expect(slow).toEqual([expect.objectContaining({ level: 30, msg: 'request completed', procedure: 'auth.me', res: { statusCode: 200 } })]);

    const fast = await logLinesFor(60_000, ['/trpc/auth.me', '/assets/app.js']);
    expect(fast).toEqual([expect.objectContaining({ level: 20, msg: 'request completed', procedure: 'auth.me', res: { statusCode: 200 } })]);
  });
});
