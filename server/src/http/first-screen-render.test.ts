// The first screen drawn by the server (issue 12; docs/decisions/013-first-screen.md, fifth pass): the
// page carries the screen's markup in #root, rendered by the client's own tree (client/src/server-render.tsx,
// from source here) from exactly the answers the page carries; nothing where the browser would end up
// elsewhere, and the page as before when rendering fails.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { servePage } from './first-screen-data.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { screenRenderer, type ScreenRenderer, type ServerRenderModule } from './first-screen-render.ts';

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
  const module = (await import(path.join(PROJECT_ROOT, 'client/src/server-render.tsx'))) as ServerRenderModule;
  base = await serve(screenRenderer(app.deps, module));
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
  const html = await (await fetch(`${on}${path}`, { headers: cookie ? { cookie } : {} })).text();
  const root = /<div id="root"([^>]*)>([\s\S]*?)<\/div>(?:<!--\/root-->|<script|<\/body>)/.exec(html);
  return { html, rootAttributes: root?.[1] ?? null, root: root?.[2] ?? '' };
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

  it("the home's 'Mensagens' drawn with the resident's unread messages: the count, and the conversation it opens", async () => {
    const reader = await app.createUser({ fullName: 'Lia Leitora' });
    const seller = await app.createUser({ fullName: 'Sara Vendedora' });
    const sellerApi = (await app.callerAs(seller)).api;
    const { id: serviceId } = await sellerApi.listings.create({ type: 'service', title: 'Aulas de violão', description: 'Uma hora de aula', priceCents: 5000, priceUnit: 'hour' });
    await (await app.callerAs(await app.createUser({ roles: ['moderator'] }))).api.listings.moderation.approve({ id: serviceId });
    const cookie = await cookieFor(reader);
    // Nothing unread yet: the link opens the orders, no count.
    const before = await open('/', cookie);
    expect(before.root).toContain('href="/meus-pedidos"');
    expect(visibleText(before.root)).not.toContain('mensagem não lida');

    const { id: orderId } = await (await app.callerAs(reader)).api.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
    await sellerApi.messages.send({ orderId, body: 'Pode ser às 18h?', clientId: crypto.randomUUID() });
    const after = await open('/', cookie);
    expect(after.rootAttributes).toBe(' data-vz-rendered="/"');
    expect(after.root).toContain(`href="/pedido/${orderId}/conversa"`);
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
    // The switches as stored, enabled (their answer is there): 'Mensagens' off, the other three on.
    const switches = [...settings.root.matchAll(/<input[^>]*role="switch"[^>]*>/g)].map((match) => match[0]);
    expect(switches).toHaveLength(4);
    expect(switches.map((tag) => / checked=""/.test(tag))).toEqual([true, true, true, false]);
    for (const tag of switches) expect(tag).not.toContain('disabled');
    // The server has no browser to ask: it draws push as supported, and the browser's hydration reads the same (use-push-device.ts).
    expect(visibleText(settings.root)).toContain('Avisos neste aparelho, mesmo com o app fechado');
    for (const page of [help, settings]) expect(page.root).not.toContain('<script');
  });

  it('no markup where the browser would not stay or the server has not every answer', async () => {
    const cookie = await cookieFor(resident);
    const pending = await app.createUser({ status: 'pending' });
    const suspended = await app.createUser({ suspended: true });
    for (const [path, who] of [
      // An approved resident is sent home from /auth: that is not the screen to draw.
      ['/auth', cookie],
      ['/auth', await cookieFor(pending)],
      // The address's query is the client's to parse.
      ['/auth?aba=cadastro', undefined],
      // /ajuda and /configuracoes: only for an approved resident (their route's guard).
      ['/ajuda', undefined],
      ['/configuracoes', undefined],
      ['/ajuda', await cookieFor(pending)],
      ['/configuracoes', await cookieFor(pending)],
      ['/configuracoes', await cookieFor(suspended)],
      ['/configuracoes?aba=x', cookie],
      // Not approved: the app's guard sends them elsewhere (signed out, the server sends the home to /auth itself).
      ['/', await cookieFor(pending)],
      ['/alugueis', undefined],
      ['/alugueis', await cookieFor(pending)],
      // A search is the client's to parse; a listing that does not exist is the screen's to say.
      ['/alugueis?busca=furadeira', cookie],
      ['/item/00000000-0000-4000-8000-000000000000', cookie],
    ] as const) {
      const page = await open(path, who);
      expect(page.rootAttributes, `${path} ${who ? 'signed in' : 'signed out'}`).toBe('');
      expect(page.root, path).toContain('app-splash');
    }
  });

  it('a renderer that fails or gives up leaves the page as before: the splash and the data block', async () => {
    const failing = await serve(() => Promise.reject(new Error('render exploded')));
    const givingUp = await serve(() => Promise.resolve(null));
    for (const on of [failing, givingUp]) {
      const page = await open('/auth', undefined, on);
      expect(page.rootAttributes).toBe('');
      expect(page.root).toContain('app-splash');
      expect(page.html).toContain('<script type="application/json" id="vz-first-screen">');
    }
  });
});
