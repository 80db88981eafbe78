// The first screen sent with the page: a page carries the answers its own route loaders asked for
// on the server (client/src/server-render.tsx, from source here), the caller's own and through the
// same procedures, and the LCP photo preloaded with the URL the <img> uses; where the app would
// send the browser elsewhere, the server redirects, and nobody gets anyone else's answers.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { pageWithFirstScreen, servePage } from './first-screen-data.ts';
import { screenRenderer, type ServerRenderModule } from './first-screen-render.ts';

/** The budget here: the machine running the suite may be loaded, and only the hanging-loader test is about the budget. */
const UNHURRIED_MS = 60_000;

const PAGE = '<html><head><title>Vizinhança</title></head><body><div id="root"><div class="app-splash">Vizinhança</div></div><!--/root--></body></html>';

let app: TestApp;
let server: ReturnType<ReturnType<typeof express>['listen']>;
let base: string;
let resident: TestUser;
let owner: TestUser;
let rentalId: string;
let cardUrl: string;
let detailUrl: string;

async function upload(user: TestUser, height: number) {
  const id = crypto.randomUUID();
  await app.db.insertInto('images').values({ id, user_id: user.id, purpose: 'listing', width: 1600, height, bytes: 1000 }).execute();
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  resident = await app.createUser({ fullName: 'Rita Vizinha' });
  owner = await app.createUser({ fullName: 'Otávio Dono' });
  const moderator = await app.createUser({ roles: ['moderator'] });
  const ownerApi = (await app.callerAs(owner)).api;
  const photos = [await upload(owner, 1000), await upload(owner, 1200)];
  ({ id: rentalId } = await ownerApi.listings.create({ type: 'rental', title: 'Furadeira de impacto', description: 'Com maleta e brocas', priceCents: 1500, imageIds: photos }));
  await (await app.callerAs(moderator)).api.listings.moderation.approve({ id: rentalId });
  cardUrl = `/files/images/${photos[0]}/card.webp`;
  detailUrl = `/files/images/${photos[0]}/detail.webp`;

  const http = express();
  const module = (await import(path.join(PROJECT_ROOT, 'client/src/server-render.tsx'))) as ServerRenderModule;
  http.get('/{*path}', servePage(app.deps, () => PAGE, Promise.resolve(screenRenderer(app.deps, module, UNHURRIED_MS))));
  server = http.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
});

async function cookieFor(user: TestUser): Promise<string> {
  const { token } = await app.deps.sessions.create(app.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return app.deps.sessions.sessionCookie(token, false).split(';')[0]!;
}

type Answer = { queryKey: [string[], { input?: unknown; type: string }?]; data: unknown };

/** An answer as the test names it: the procedure's path, its input (if any) and whether it is a feed's pages. */
function named({ queryKey: [procedure, options], data }: Answer) {
  return { path: procedure.join('.'), ...(options?.input === undefined ? {} : { input: options.input }), ...(options?.type === 'infinite' ? { infinite: true } : {}), data };
}

async function open(path: string, cookie?: string) {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  const block = /<script type="application\/json" id="vz-first-screen">(.*?)<\/script>/.exec(html)?.[1];
  const answers = block ? superjson.deserialize<{ answers: Answer[] }>(JSON.parse(block)).answers.map(named) : null;
  const preload = /<link rel="preload" as="image" fetchpriority="high" href="([^"]*)">/.exec(html)?.[1] ?? null;
  return { html, answers, preload, status: response.status, location: response.headers.get('location'), cacheControl: response.headers.get('cache-control') };
}

/** The answer to one procedure, or undefined. */
function answer(page: Awaited<ReturnType<typeof open>>, procedure: string) {
  return page.answers?.find((entry) => entry.path === procedure);
}

describe('the first screen sent with the page', () => {
  it("on a feed page: the resident's own session and the feed page, the first card's photo preloaded", async () => {
    const { api } = await app.callerAs(resident);
    const page = await open('/alugueis', await cookieFor(resident));
    const feedInput = { type: 'rental', filter: 'all', sort: 'newest', limit: 20 } as const;
    const feed = await api.listings.list(feedInput);
    expect(page.answers).toEqual([
      { path: 'auth.me', data: await api.auth.me() },
      { path: 'listings.list', input: feedInput, infinite: true, data: { pages: [feed], pageParams: [null] } },
    ]);
    expect(feed.items[0]!.id).toBe(rentalId);
    expect(page.preload).toBe(feed.items[0]!.imageCardUrl);
    expect(page.preload).toBe(cardUrl);
    // In the head, before the page's own resources are parsed further.
    expect(page.html.indexOf(page.preload!)).toBeLessThan(page.html.indexOf('</head>'));
    expect(page.cacheControl).toBe('private, no-store');
  });

  it("on a rental's detail: the listing as the resident sees it, the lister's reviews, the gallery's first photo", async () => {
    const { api } = await app.callerAs(resident);
    const page = await open(`/item/${rentalId}`, await cookieFor(resident));
    expect(page.answers).toEqual([
      { path: 'auth.me', data: await api.auth.me() },
      { path: 'listings.byId', input: { id: rentalId }, data: await api.listings.byId({ id: rentalId }) },
      { path: 'reviews.forUser', input: { userId: owner.id }, data: await api.reviews.forUser({ userId: owner.id }) },
    ]);
    expect(page.preload).toBe(detailUrl);
    // The owner's own answer differs (isOwner): each caller gets theirs.
    const ownerPage = await open(`/item/${rentalId}`, await cookieFor(owner));
    expect(answer(ownerPage, 'listings.byId')!.data).toMatchObject({ isOwner: true });
    expect(answer(page, 'listings.byId')!.data).toMatchObject({ isOwner: false });
  });

  it("on the home: the resident's counts, activity, unread messages and pinned announcement, no photo", async () => {
    // An order of the owner's service with a message the resident has not read: 'Mensagens' opens that conversation.
    const ownerApi = (await app.callerAs(owner)).api;
    const { id: serviceId } = await ownerApi.listings.create({ type: 'service', title: 'Aulas de violão', description: 'Uma hora de aula', priceCents: 5000, priceUnit: 'hour' });
    await (await app.callerAs(await app.createUser({ roles: ['moderator'] }))).api.listings.moderation.approve({ id: serviceId });
    const { api } = await app.callerAs(resident);
    const { id: orderId } = await api.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
    await ownerApi.messages.send({ orderId, body: 'Pode ser às 18h?', clientId: crypto.randomUUID() });

    const page = await open('/', await cookieFor(resident));
    expect(page.answers).toEqual([
      { path: 'auth.me', data: await api.auth.me() },
      { path: 'notifications.unreadCount', data: await api.notifications.unreadCount() },
      { path: 'activity.recent', data: await api.activity.recent() },
      { path: 'listings.countsByType', data: await api.listings.countsByType() },
      { path: 'messages.unread', data: await api.messages.unread() },
      { path: 'announcements.pinned', data: await api.announcements.pinned() },
    ]);
    expect(answer(page, 'messages.unread')!.data).toEqual({ total: 1, byOrder: [{ orderId, count: 1 }] });
    // The owner's own: nothing unread on their side.
    const ownerPage = await open('/', await cookieFor(owner));
    expect(answer(ownerPage, 'messages.unread')).toEqual({ path: 'messages.unread', data: { total: 0, byOrder: [] } });
    expect(page.preload).toBeNull();
  });

  it("on /ajuda and /configuracoes: the front desk's contacts; the resident's profile, switches, Pix key and blocked people", async () => {
    const { api } = await app.callerAs(resident);
    const cookie = await cookieFor(resident);
    const help = await open('/ajuda', cookie);
    expect(help.answers).toEqual([
      { path: 'auth.me', data: await api.auth.me() },
      { path: 'help.contacts', data: await api.help.contacts() },
    ]);
    expect(help.preload).toBeNull();
    expect(help.cacheControl).toBe('private, no-store');

    // Their own switches: one turned off shows as off.
    await api.notifications.setPreference({ key: 'email', enabled: false });
    const settings = await open('/configuracoes', cookie);
    expect(settings.answers).toEqual([
      { path: 'auth.me', data: await api.auth.me() },
      { path: 'users.me', data: await api.users.me() },
      { path: 'notifications.preferences', data: await api.notifications.preferences() },
      { path: 'pix.myKey', data: await api.pix.myKey() },
      { path: 'blocks.list', data: await api.blocks.list() },
    ]);
    expect(answer(settings, 'users.me')!.data).toMatchObject({ id: resident.id });
    expect(answer(settings, 'notifications.preferences')!.data).toMatchObject({ email: false, orders: true });
    expect(settings.cacheControl).toBe('private, no-store');
    expect(answer(settings, 'pix.myKey')!.data).toBeNull();
    // Another resident gets their own: their profile and their Pix key.
    const ownerApi = (await app.callerAs(owner)).api;
    await ownerApi.pix.saveKey({ type: 'email', key: 'otavio@exemplo.com' });
    const ownerPage = await open('/configuracoes', await cookieFor(owner));
    expect(answer(ownerPage, 'users.me')!.data).toMatchObject({ id: owner.id });
    expect(answer(ownerPage, 'pix.myKey')).toEqual({ path: 'pix.myKey', data: await ownerApi.pix.myKey() });
    expect(answer(ownerPage, 'pix.myKey')!.data).toMatchObject({ type: 'email' });
  });

  it('a listing that does not exist: only the session, the screen says it is not found itself', async () => {
    const page = await open(`/item/${crypto.randomUUID()}`, await cookieFor(resident));
    expect(page.answers?.map((entry) => entry.path)).toEqual(['auth.me']);
    expect(page.preload).toBeNull();
  });

  it('someone signed out, pending, suspended, or with a stale cookie: sent where the app would send them, with nobody\'s answers', async () => {
    const pending = await app.createUser({ status: 'pending' });
    const suspended = await app.createUser({ suspended: true });
    const residentCookie = await cookieFor(resident);
    const stale = `${residentCookie.split('=')[0]}=not-a-session`;
    const cases = [
      ['/alugueis', undefined, '/auth'],
      [`/item/${rentalId}`, undefined, '/auth'],
      ['/', await cookieFor(pending), '/pending-approval'],
      ['/', await cookieFor(suspended), '/pending-approval'],
      ['/alugueis', await cookieFor(pending), '/pending-approval'],
      [`/item/${rentalId}`, await cookieFor(pending), '/pending-approval'],
      ['/alugueis', await cookieFor(suspended), '/pending-approval'],
      [`/item/${rentalId}`, await cookieFor(suspended), '/pending-approval'],
      ['/alugueis', stale, '/auth'],
      ['/ajuda', undefined, '/auth'],
      ['/configuracoes', undefined, '/auth'],
      ['/ajuda', await cookieFor(pending), '/pending-approval'],
      ['/configuracoes', await cookieFor(pending), '/pending-approval'],
      ['/ajuda', await cookieFor(suspended), '/pending-approval'],
      ['/configuracoes', await cookieFor(suspended), '/pending-approval'],
      ['/configuracoes', stale, '/auth'],
      ['/perfil', undefined, '/auth'],
    ] as const;
    for (const [path, cookie, to] of cases) {
      const page = await open(path, cookie);
      expect(page.status, path).toBe(302);
      expect(page.location, path).toBe(to);
      expect(page.cacheControl, path).toBe('no-store');
    }
    // Where they are sent, their own session and nothing else.
    const waiting = await open('/pending-approval', await cookieFor(pending));
    expect(waiting.answers).toEqual([{ path: 'auth.me', data: await (await app.callerAs(pending)).api.auth.me() }]);
    expect(answer(waiting, 'auth.me')!.data).toMatchObject({ id: pending.id, approvalStatus: 'pending' });
  });

  it('the home without a valid session: sent to /auth by the server, the answer never stored', async () => {
    const staleCookie = `${(await cookieFor(resident)).split('=')[0]}=not-a-session`;
    for (const [path, cookie] of [['/', undefined], ['/?de=app', undefined], ['/', staleCookie]] as const) {
      const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
      expect(response.status, `${path} ${cookie}`).toBe(302);
      expect(response.headers.get('location')).toBe('/auth');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    // A session signed out since is no session either.
    const revoked = await app.createUser();
    const revokedCookie = await cookieFor(revoked);
    await app.deps.sessions.revokeAll(app.db, revoked.id);
    expect((await fetch(`${base}/`, { headers: { cookie: revokedCookie }, redirect: 'manual' })).status).toBe(302);
    // The resident gets their home.
    expect((await fetch(`${base}/`, { headers: { cookie: await cookieFor(resident) }, redirect: 'manual' })).status).toBe(200);
  });

  it("/auth: the guard's answer for nobody (null); anyone signed in is sent home", async () => {
    const pending = await app.createUser({ status: 'pending' });
    const suspended = await app.createUser({ suspended: true });
    const residentCookie = await cookieFor(resident);
    expect((await open('/auth')).answers).toEqual([{ path: 'auth.me', data: null }]);
    expect((await open('/auth', `${residentCookie.split('=')[0]}=not-a-session`)).answers).toEqual([{ path: 'auth.me', data: null }]);
    expect((await open('/auth')).cacheControl).toBe('private, no-store');
    for (const cookie of [residentCookie, await cookieFor(pending), await cookieFor(suspended)]) {
      const page = await open('/auth', cookie);
      expect(page.status).toBe(302);
      expect(page.location).toBe('/');
      expect(page.answers).toBeNull();
    }
  });

  it('a session signed out since is refused, although it was valid a moment before', async () => {
    const cookie = await cookieFor(resident);
    expect((await open('/alugueis', cookie)).answers).not.toBeNull();
    // Signed out everywhere (as 'Sair de todos os dispositivos' does).
    await app.deps.sessions.revokeAll(app.db, resident.id);
    const page = await open('/alugueis', cookie);
    expect(page.answers).toBeNull();
    expect(page.location).toBe('/auth');
  });
});

describe('pageWithFirstScreen', () => {
  it("keeps any text in the data as text: no '</script>' closes the block, no '$' pattern is expanded", () => {
    const data = { title: "Furadeira</script><script>alert(1)</script> por R$ 15 $' $& <!--", when: new Date('2026-11-23T15:00:00Z') };
    const markup = '<main><img src="/files/images/a/detail.webp?x=&quot;1&quot;&amp;y" fetchpriority="high" alt=""></main>';
    const html = pageWithFirstScreen(PAGE, { answers: [{ queryKey: [['listings', 'byId'], { input: { id: 'x' }, type: 'query' }], data }], markup }, '/item/x', new Date());
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const block = /<script type="application\/json" id="vz-first-screen">(.*?)<\/script>/.exec(html)![1]!;
    expect(superjson.deserialize<{ answers: { data: unknown }[] }>(JSON.parse(block)).answers[0]!.data).toEqual(data);
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/files/images/a/detail.webp?x=&quot;1&quot;&amp;y"></head>');
  });
});
