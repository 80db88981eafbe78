import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inOrder } from './in-order.ts';

let server: Server;
let base: string;
const ran: string[] = [];

const mark = (name: string): RequestHandler => (_req, res, next) => {
  ran.push(name);
  res.setHeader(`x-${name}`, '1');
  next();
};

beforeAll(async () => {
  const app = express();
  app.use(
    inOrder(
      mark('a'),
      (req, res, next) => {
        if (req.path === '/answered') return void res.status(403).send('parou');
        if (req.path === '/thrown') throw new Error('lançado');
        if (req.path === '/passed') return next(new Error('passado'));
        next();
      },
      mark('b'),
    ),
  );
  app.get('/{*path}', (_req, res) => void res.send('fim'));
  app.use(((error, _req, res, _next) => void res.status(500).send(`erro: ${(error as Error).message}`)) as express.ErrorRequestHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('inOrder', () => {
  it('runs every handler in order, then the next layer', async () => {
    ran.length = 0;
    const response = await fetch(`${base}/qualquer`);
    expect(await response.text()).toBe('fim');
    expect(ran).toEqual(['a', 'b']);
    expect(response.headers.get('x-a')).toBe('1');
    expect(response.headers.get('x-b')).toBe('1');
  });

  it('stops at a handler that answers', async () => {
    ran.length = 0;
    const response = await fetch(`${base}/answered`);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('parou');
    expect(ran).toEqual(['a']);
  });

  it('hands an error, thrown or passed, to the error handlers and runs nothing after it', async () => {
    for (const [path, message] of [['/thrown', 'lançado'], ['/passed', 'passado']]) {
      ran.length = 0;
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe(`erro: ${message}`);
      expect(ran).toEqual(['a']);
    }
  });
});
