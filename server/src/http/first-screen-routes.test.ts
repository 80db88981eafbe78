// Every route of the client's route table is drawn by the server for every kind of person, from the
// route's own loaders (client/src/server-render.tsx, from source here): a new route needs no server edit,
// and one whose first screen falls back to the empty shell fails here.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createMemoryHistory } from '@tanstack/react-router';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemoIfEmpty } from '../db/seed.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { servePage } from './first-screen-data.ts';
import { screenRenderer, type ServerRenderModule } from './first-screen-render.ts';

/** The budget here: the machine running the suite may be loaded, and only the hanging-loader test is about the budget. */
const UNHURRIED_MS = 60_000;

const PAGE = '<html><head><title>Vizinhança</title></head><body><div id="root"><div class="app-splash">Vizinhança</div></div><!--/root--></body></html>';

/** The demo's people (server/src/db/seed.ts), one of each kind. */
const PEOPLE = {
  pending: 'pedro@vizinhanca.app',
  resident: 'ana@vizinhanca.app',
  moderator: 'moderador@vizinhanca.app',
  admin: 'admin@vizinhanca.app',
} as const;

let app: TestApp;
let server: ReturnType<ReturnType<typeof express>['listen']>;
let base: string;
let routePaths: string[];
const cookies: Partial<Record<keyof typeof PEOPLE, string>> = {};
/** A real address for each route with parameters, from the demo's data. */
const addresses = new Map<string, string>();

async function idOf(email: string): Promise<string> {
  return (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

async function publishedListing(type: 'rental' | 'food' | 'service'): Promise<string> {
  const listing = await app.db.selectFrom('listings').select('id').where('type', '=', type).where('status', '=', 'active').executeTakeFirstOrThrow();
  return listing.id;
}

beforeAll(async () => {
  app = await createTestApp();
  await seedDemoIfEmpty(app.deps);
  for (const [kind, email] of Object.entries(PEOPLE) as [keyof typeof PEOPLE, string][]) {
    const { token } = await app.deps.sessions.create(app.db, await idOf(email), { ip: '127.0.0.1', userAgent: 'vitest' });
    cookies[kind] = app.deps.sessions.sessionCookie(token, false).split(';')[0]!;
  }

  const ana = await idOf(PEOPLE.resident);
  const bruno = await idOf('bruno@vizinhanca.app');
  const rental = await publishedListing('rental');
  const ownListing = await app.db.selectFrom('listings').select('id').where('user_id', '=', ana).executeTakeFirstOrThrow();
  const order = await app.db.selectFrom('orders').select('id').where('renter_id', '=', ana).executeTakeFirstOrThrow();
  const anaApi = (await app.callerAs({ id: ana, email: PEOPLE.resident, password: '', fullName: '' })).api;
  const { shareCode } = await anaApi.invites.overview();
  const anaFood = await app.db.selectFrom('listings').select('id').where('user_id', '=', ana).where('type', '=', 'food').where('status', '=', 'active').executeTakeFirstOrThrow();
  const fornada = await anaApi.fornadas.open({ listingId: anaFood.id, day: '2026-11-28', windowStart: '11:00', windowEnd: '13:00', portions: 10, deadlineDay: '2026-11-27', deadlineTime: '18:00' });
  const wanted = await anaApi.wanted.create({ type: 'service', title: 'Procura-se quem conserte bicicleta', description: 'Pneu furado' });
  for (const [route, address] of [
    ['/item/$id', `/item/${rental}`],
    ['/alugueis/$id', `/alugueis/${rental}`],
    ['/food/$id', `/food/${await publishedListing('food')}`],
    ['/service/$id', `/service/${await publishedListing('service')}`],
    ['/anuncio/$id', `/anuncio/${ownListing.id}`],
    ['/vizinho/$id', `/vizinho/${bruno}`],
    ['/pedido/$id/conversa', `/pedido/${order.id}/conversa`],
    ['/convite/$code', `/convite/${shareCode}`],
    ['/invite/$code', `/invite/${shareCode}`],
    ['/fornada/$id', `/fornada/${fornada.id}`],
    ['/procura-se/$id', `/procura-se/${wanted.id}`],
  ] as const) {
    addresses.set(route, address);
  }

  // The route table itself, as the browser's router has it.
  const { createAppRouter } = await import(path.join(PROJECT_ROOT, 'client/src/router.tsx'));
  const router = createAppRouter({} as never, { history: createMemoryHistory(), isServer: true }) as { routesByPath: Record<string, unknown> };
  routePaths = Object.keys(router.routesByPath);

  const module = (await import(path.join(PROJECT_ROOT, 'client/src/server-render.tsx'))) as ServerRenderModule;
  const http = express();
  http.get('/{*path}', servePage(app.deps, () => PAGE, Promise.resolve(screenRenderer(app.deps, module, UNHURRIED_MS))));
  server = http.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await app?.close();
});

/** Where the browser ends up from `address` and whether the page came drawn: redirects followed as it would. */
async function land(address: string, cookie: string | undefined): Promise<{ path: string; drawn: boolean }> {
  let current = address;
  for (let hops = 0; hops < 4; hops++) {
    const response = await fetch(`${base}${current}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
    const html = await response.text();
    const location = response.headers.get('location');
    if (response.status === 302 && location) {
      current = location;
      continue;
    }
    const pathname = current.split('?')[0]!;
    return { path: current, drawn: response.status === 200 && html.includes(`<div id="root" data-vz-rendered="${pathname}">`) };
  }
  throw new Error(`${address}: more than 4 redirects`);
}

describe('every route of the route table, drawn by the server', () => {
  it('knows a real address for every route with a parameter', () => {
    expect(routePaths.length).toBeGreaterThan(25);
    const missing = routePaths.filter((route) => route.includes('$') && !addresses.has(route));
    expect(missing, 'routes with a parameter and no address from the demo data in this test').toEqual([]);
  });

  for (const kind of ['anonymous', 'pending', 'resident', 'moderator', 'admin'] as const) {
    it(`as ${kind === 'anonymous' ? 'someone signed out' : `the demo's ${kind}`}: no page falls back to the empty shell`, async () => {
      const cookie = kind === 'anonymous' ? undefined : cookies[kind];
      const shells: string[] = [];
      for (const route of routePaths) {
        const address = addresses.get(route) ?? route;
        const landed = await land(address, cookie);
        if (!landed.drawn) shells.push(`${address} → ${landed.path}`);
      }
      expect(shells).toEqual([]);
    }, 120_000);
  }
});
