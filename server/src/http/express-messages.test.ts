import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { expressMessageClasses } from './express-messages.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server made as startServer makes it: Node's answer until the app is adopted, then the app's. */
async function serverWith(messages: ReturnType<typeof expressMessageClasses>, app: express.Express) {
  const born: { request: object | null; response: object | null }[] = [];
  let handle: http.RequestListener = (_req, res) => res.end('starting');
  const server = http.createServer(messages.classes, (req, res) => {
    // Read before Express sets anything.
    born.push({ request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object });
    handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    born,
    adopt() {
      messages.adopt(app);
      handle = app;
    },
  };
}

function appUnderTest() {
  const app = express();
  app.get('/who', (req, res) => res.json({ path: req.path, query: req.query.q, sameApp: req.app === app }));
  app.post('/echo', express.text(), (req, res) => res.status(201).type('text').send(`eco: ${String(req.body)}`));
  return app;
}

describe('expressMessageClasses', () => {
  it('makes requests and responses with Node’s prototypes until the app is adopted, then with the app’s', async () => {
    const app = appUnderTest();
    const server = await serverWith(expressMessageClasses(), app);

    expect(await (await fetch(`${server.url}/who`)).text()).toBe('starting');
    expect(server.born[0]).toEqual({ request: http.IncomingMessage.prototype, response: http.ServerResponse.prototype });

    server.adopt();
    const answer = await fetch(`${server.url}/who?q=pão`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ path: '/who', query: 'pão', sameApp: true });
    // Born with the app's prototypes: Express's Object.setPrototypeOf finds them already in place.
    expect(server.born[1]!.request).toBe(app.request);
    expect(server.born[1]!.response).toBe(app.response);
  });

  it('keeps requests readable streams and responses writable ones', async () => {
    const server = await serverWith(expressMessageClasses(), appUnderTest());
    server.adopt();
    const answer = await fetch(`${server.url}/echo`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'bolo de fubá' });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe('eco: bolo de fubá');
  });

  it('serves a keep-alive connection opened before the app was adopted', async () => {
    const server = await serverWith(expressMessageClasses(), appUnderTest());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ body: string; socket: unknown }>((resolve, reject) => {
        http
          .get(`${server.url}${path}`, { agent }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ body, socket: res.socket }));
          })
          .on('error', reject);
      });
    try {
      const before = await get('/who');
      server.adopt();
      const after = await get('/who?q=1');
      expect(before.body).toBe('starting');
      expect(JSON.parse(after.body)).toEqual({ path: '/who', query: '1', sameApp: true });
      expect(after.socket).toBe(before.socket);
    } finally {
      agent.destroy();
    }
  });

  it('leaves Node’s own classes in place when they are classes, which cannot be called', async () => {
    class Request extends http.IncomingMessage {}
    class Response extends http.ServerResponse {}
    const messages = expressMessageClasses({ IncomingMessage: Request, ServerResponse: Response as unknown as typeof http.ServerResponse });
    expect(messages.classes).toEqual({});

    const app = appUnderTest();
    const server = await serverWith(messages, app);
    server.adopt();
    expect(await (await fetch(`${server.url}/who?q=x`)).json()).toEqual({ path: '/who', query: 'x', sameApp: true });
    expect(server.born[0]!.request).toBe(http.IncomingMessage.prototype);
  });
});
