import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from '../src/context.ts';
import { createHttpHandler } from '../src/http/app.ts';

/** The app's HTTP layer (without the client) on a free local port, for tests that need real requests: the server's own listener, feed hits before Express included. */
export async function serveHttp(deps: AppDeps): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer(createHttpHandler(deps).handle).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
