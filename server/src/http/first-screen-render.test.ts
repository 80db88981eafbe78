// The first screen drawn by the server (docs/decisions/013-first-screen.md): the page carries the screen's
// markup in #root, rendered by the client's own tree and route loaders (client/src/server-render.tsx, from
// source here) with the caller's answers, which the page carries too; a redirect where the browser would end
// up elsewhere, and the page as before when rendering fails or takes too long.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { servePage } from './first-screen-data.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { screenRenderer, type ScreenRenderer, type ServerRenderModule } from './first-screen-render.ts';

/** The budget here: the machine running the suite may be loaded, and only the hanging-loader test is about the budget. */
const UNHURRIED_MS = 60_000;

let module: ServerRenderModule;

const SPLASH = '<div id="root"><div class="app-splash">Vizinhança</div></div><!--/root-->';
const PAGE = `<html><head><title>Vizinhança</title></head><body>${SPLASH}</body></html>`;

let app: TestApp;
const servers: ReturnType<ReturnType<typeof express>['listen']>[] = [];
let resident: TestUser;

async function serve(renderer: ScreenRenderer): Promise<string> {
  const http = express();
  http.get('/{*path}', servePage(app.deps, () => PAGE, Promise.resolve(renderer)));
  const server = http.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let base: string;
let rentalId: string;
let photo: string;

beforeAll(async () => {
  app = await createTestApp();
  resident = await app.createUser({ fullName: 'Rita Vizinha' });
  const owner = await app.createUser({ fullName: 'Otávio Dono' });
  const moderator = await app.createUser({ roles: ['moderator'] });
  photo = crypto.randomUUID();
  await app.db.insertInto('images').values({ id: photo, user_id: owner.id, purpose: 'listing', width: 1600, height: 1000, bytes: 1000 }).execute();
  ({ id: rentalId } = await (await app.callerAs(owner)).api.listings.create({
    type: 'rental',
    title: 'Furadeira de impacto',
    description: 'Com maleta e brocas',
    priceCents: 1500,
    imageIds: [photo],
  }));
  await (await app.callerAs(moderator)).api.listings.moderation.approve({ id: rentalId });
  // The renderer's source (the built one is the same module, bundled): the client's own tree.
  module = (await import(path.join(PROJECT_ROOT, 'client/src/server-render.tsx'))) as ServerRenderModule;
  base = await serve(screenRenderer(app.deps, module, UNHURRIED_MS));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await app?.close();
});

async function cookieFor(user: TestUser): Promise<string> {
  const { token } = await app.deps.sessions.create(app.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return app.deps.sessions.sessionCookie(token, false).split(';')[0]!;
}

async function open(path: string, cookie?: string, on = base) {
  const response = await fetch(`${on}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  const root = /<div id="root"([^>]*)>([\s\S]*?)<\/div>(?:<!--\/root-->|<script|<\/body>)/.exec(html);
  return { html, rootAttributes: root?.[1] ?? null, root: root?.[2] ?? '', status: response.status, location: response.headers.get('location') };
}

/** The visible text of some markup (tags dropped), for asserting what a person reads. */
function visibleText(markup: string): string {
  return markup.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the first screen drawn by the server', () => {
  it('/auth signed out: the hero, the tabs and the sign-in form, marked for hydration, with the data block', async () => {
    const page = await open('/auth');
    expect(page.rootAttributes).toBe(' data-vz-rendered="/auth"');
    const text = visibleText(page.root);
    for (const words of ['Vizinhança', 'Conectando moradores para compartilhar recursos', 'Entrar', 'Cadastrar', 'E-mail', 'Senha', 'Esqueci minha senha']) {
      expect(text).toContain(words);
    }
    expect(page.root).toContain('<label class="field-label" for="login-email">E-mail</label>');
    expect(page.root).not.toContain('<script');
    expect(page.html).toContain('<script type="application/json" id="vz-first-screen">');
  });

  it("a resident's home, feed and rental detail: drawn from their own answers, the first card and the gallery's photo in it", async () => {
    const cookie = await cookieFor(resident);
    const home = await open('/', cookie);
    expect(home.rootAttributes).toBe(' data-vz-rendered="/"');
    expect(visibleText(home.root)).toContain('Olá, Rita Vizinha!');

    const feed = await open('/alugueis', cookie);
    expect(feed.rootAttributes).toBe(' data-vz-rendered="/alugueis"');
    expect(visibleText(feed.root)).toContain('Furadeira de impacto');
    expect(visibleText(feed.root)).toContain('R$ 15,00');
    expect(feed.root).toContain(`/files/images/${photo}/card.webp`);

    const detail = await open(`/item/${rentalId}`, cookie);
    expect(detail.rootAttributes).toBe(` data-vz-rendered="/item/${rentalId}"`);
    expect(visibleText(detail.root)).toContain('Furadeira de impacto');
    expect(visibleText(detail.root)).toContain('Com maleta e brocas');
    expect(visibleText(detail.root)).toContain('Otávio Dono');
    for (const page of [home, feed, detail]) expect(page.root).not.toContain('<script');
  });

  it("the home's 'Mensagens' drawn with the resident's unread messages: the count, and the inbox it opens", async () => {
    const reader = await app.createUser({ fullName: 'Lia Leitora' });
    const seller = await app.createUser({ fullName: 'Sara Vendedora' });
    const sellerApi = (await app.callerAs(seller)).api;
    const { id: serviceId } = await sellerApi.listings.create({ type: 'service', title: 'Aulas de violão', description: 'Uma hora de aula', priceCents: 5000, priceUnit: 'hour' });
    await (await app.callerAs(await app.createUser({ roles: ['moderator'] }))).api.listings.moderation.approve({ id: serviceId });
    const cookie = await cookieFor(reader);
    // Nothing unread yet: the link opens the inbox, no count.
    const before = await open('/', cookie);
    expect(before.root).toContain('href="/mensagens"');
    expect(visibleText(before.root)).not.toContain('mensagem não lida');

    const { id: orderId } = await (await app.callerAs(reader)).api.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
    await sellerApi.messages.send({ orderId, body: 'Pode ser às 18h?', clientId: crypto.randomUUID() });
    const after = await open('/', cookie);
    expect(after.rootAttributes).toBe(' data-vz-rendered="/"');
    expect(after.root).toContain('href="/mensagens"');
    expect(visibleText(after.root)).toContain('1 mensagem não lida');
  });

  it("a resident's /ajuda and /configuracoes: the FAQ and the front desk; their own switches and the Pix form", async () => {
    const cookie = await cookieFor(resident);
    const help = await open('/ajuda', cookie);
    expect(help.rootAttributes).toBe(' data-vz-rendered="/ajuda"');
    const contacts = await (await app.callerAs(resident)).api.help.contacts();
    for (const words of ['Ajuda', 'Perguntas frequentes', 'Fale com a portaria', contacts.phone, 'Emergência', 'Ligar para a portaria']) {
      expect(visibleText(help.root)).toContain(words);
    }

    await (await app.callerAs(resident)).api.notifications.setPreference({ key: 'messages', enabled: false });
    const settings = await open('/configuracoes', cookie);
    expect(settings.rootAttributes).toBe(' data-vz-rendered="/configuracoes"');
    for (const words of ['Configurações', 'Conta', 'Editar perfil', 'Alterar senha', 'Notificações push', 'Chave Pix', 'Nenhuma chave Pix cadastrada.', 'Sair', 'Vizinhança v']) {
      expect(visibleText(settings.root)).toContain(words);
    }
    // The account's switches as stored, enabled (their answer is there): 'Mensagens' off, 'E-mail', 'Pedidos' and 'Comunicados' on.
    // 'Notificações push' is drawn off and waiting: it shows this browser's own subscription, which only the browser knows.
    const switches = [...settings.root.matchAll(/<input[^>]*role="switch"[^>]*>/g)].map((match) => match[0]);
    expect(switches).toHaveLength(5);
    expect(switches.map((tag) => / checked=""/.test(tag))).toEqual([false, true, true, false, true]);
    expect(switches.map((tag) => tag.includes('disabled'))).toEqual([true, false, false, false, false]);
    // The server has no browser to ask: it draws push as supported, and the browser's hydration reads the same (use-push-device.ts).
    expect(visibleText(settings.root)).toContain('Avisos neste aparelho, mesmo com o app fechado');
    for (const page of [help, settings]) expect(page.root).not.toContain('<script');
  });

  it('drawing a page never starts an AsyncLocalStorage: its promise hooks would stay on and tax every later request of the process', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    try {
      const page = await open('/', await cookieFor(resident));
      expect(visibleText(page.root)).toContain('Olá, Rita Vizinha!');
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
    }
  });

  it('a redirect where the browser would not stay: the address its guard or alias sends it to', async () => {
    const cookie = await cookieFor(resident);
    const pending = await cookieFor(await app.createUser({ status: 'pending' }));
    const suspended = await cookieFor(await app.createUser({ suspended: true }));
    for (const [path, who, to] of [
      // An approved resident is sent home from /auth; so is anyone signed in, whose home then sends them on.
      ['/auth', cookie, '/'],
      ['/auth', pending, '/'],
      // /ajuda and /configuracoes: only for an approved resident (their route's guard).
      ['/ajuda', undefined, '/auth'],
      ['/configuracoes', undefined, '/auth'],
      ['/ajuda', pending, '/pending-approval'],
      ['/configuracoes', pending, '/pending-approval'],
      ['/configuracoes', suspended, '/pending-approval'],
      ['/', pending, '/pending-approval'],
      ['/alugueis', undefined, '/auth'],
      ['/alugueis', pending, '/pending-approval'],
      // The alias of a rental's address.
      [`/alugueis/${rentalId}`, cookie, `/item/${rentalId}`],
    ] as const) {
      const page = await open(path, who);
      expect(page.status, `${path} ${who ? 'signed in' : 'signed out'}`).toBe(302);
      expect(page.location, path).toBe(to);
    }
  });

  it('an address with a query string carries its answers, not markup; a listing that does not exist is drawn as its screen says', async () => {
    const cookie = await cookieFor(resident);
    for (const [path, who] of [
      ['/auth?aba=cadastro', undefined],
      ['/configuracoes?aba=x', cookie],
      ['/alugueis?busca=furadeira', cookie],
    ] as const) {
      const page = await open(path, who);
      expect(page.rootAttributes, path).toBe('');
      expect(page.root, path).toContain('app-splash');
      expect(page.html, path).toContain('<script type="application/json" id="vz-first-screen">');
    }
    const missing = await open('/item/00000000-0000-4000-8000-000000000000', cookie);
    expect(missing.rootAttributes).toBe(' data-vz-rendered="/item/00000000-0000-4000-8000-000000000000"');
  });

  it('a renderer that fails or gives up leaves the page as before: the splash, no data', async () => {
    const failing = await serve(() => Promise.reject(new Error('render exploded')));
    const givingUp = await serve(() => Promise.resolve(null));
    for (const on of [failing, givingUp]) {
      const page = await open('/auth', undefined, on);
      expect(page.rootAttributes).toBe('');
      expect(page.root).toContain('app-splash');
      expect(page.html).not.toContain('id="vz-first-screen"');
    }
  });

  it('a loader that hangs: the page as before once the time budget is spent', async () => {
    const hanging = await serve((url, call, now) =>
      module.renderFirstScreen(url, {
        call: (procedure, input) => (procedure === 'help.contacts' ? new Promise(() => undefined) : call(procedure, input)),
        timeZone: app.deps.config.CONDO_TIMEZONE,
        now,
        budgetMs: 1000,
      }),
    );
    const started = Date.now();
    const page = await open('/ajuda', await cookieFor(resident), hanging);
    // It waited for the loader until the budget was spent, then gave up on it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(page.rootAttributes).toBe('');
    expect(page.root).toContain('app-splash');
    expect(page.html).not.toContain('id="vz-first-screen"');
  });
});
