import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { requestMeta, type AppDeps, type RequestMeta } from './context.ts';

const deps = { config: { PUBLIC_URL: '', PORT: 3000 } } as unknown as AppDeps;

/** Serves one request with `trustProxy`, reads `field` of its meta after the client's socket is gone, and returns it. */
async function metaAfterTheClientLeft(trustProxy: number | false, headers: Record<string, string>, field: 'ip' | 'deviceToken' = 'ip'): Promise<string | null | undefined> {
  const app = express();
  app.set('trust proxy', trustProxy);
  let answer!: (value: string | null | undefined) => void;
  const read = new Promise<string | null | undefined>((resolve) => (answer = resolve));
  app.get('/', (req, res) => {
    const meta: RequestMeta = requestMeta(deps, req);
    req.socket.destroy();
    res.on('close', () => setTimeout(() => answer(meta[field]), 20));
  });
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const request = http.get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/', headers });
    request.on('error', () => {});
    return await read;
  } finally {
    server.close();
  }
}

describe('requestMeta', () => {
  it('keeps the address of a request whose client left before a procedure read it', async () => {
    expect(await metaAfterTheClientLeft(false, {})).toBe('127.0.0.1');
    expect(await metaAfterTheClientLeft(false, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
  });

  it("behind a trusted proxy, the address is the one the proxy saw, read when first asked", async () => {
    expect(await metaAfterTheClientLeft(1, { 'x-forwarded-for': '10.66.1.1, 192.0.2.50' })).toBe('192.0.2.50');
  });

  it('reads the device cookie of a browser that signed in before, when signing in asks for it', async () => {
    const token = 'd'.repeat(43);
    expect(await metaAfterTheClientLeft(false, { cookie: `vz_session=abc; vz_device=${token}` }, 'deviceToken')).toBe(token);
    expect(await metaAfterTheClientLeft(false, { cookie: 'vz_session=abc' }, 'deviceToken')).toBeNull();
    expect(await metaAfterTheClientLeft(false, {}, 'deviceToken')).toBeNull();
    const slim = { url: '/trpc', headers: { cookie: `vz_device=${token}` }, socket: { remoteAddress: '198.51.100.7', localPort: 3000 } } as unknown as http.IncomingMessage;
    expect(requestMeta(deps, slim).deviceToken).toBe(token);
  });

  it("a websocket's slim request gives its peer's address as a plain value", () => {
    const slim = { url: '/trpc', headers: { cookie: undefined }, socket: { remoteAddress: '198.51.100.7', localPort: 3000 } } as unknown as http.IncomingMessage;
    const meta = requestMeta(deps, slim);
    expect(meta.ip).toBe('198.51.100.7');
    expect(Object.getOwnPropertyDescriptor(meta, 'ip')).toMatchObject({ value: '198.51.100.7' });
  });
});
