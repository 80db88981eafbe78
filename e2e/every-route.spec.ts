import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { axeOn } from './axe.ts';
import type { APIRequestContext, Request } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { appOrigin, appStarted, approvedResident, callApi, DEMO, grantFrontDesk, newSignedInContext, RESIDENT_PASSWORD, signInThroughApi } from './helpers.ts';
import { overflowAt } from './overflow.ts';

// Every route of the route table, as every kind of person who can open it: axe-core with zero
// violations at 390x844, then no sideways scroll and nothing cut at 390, 360 and 320 px, and no
// procedure called in a loop. One page load per route and person; the widths are the same page resized.

// Every screen as an installed app draws it: under its service worker.
test.use({ serviceWorkers: 'allow' });

const WIDTHS = [390, 360, 320] as const;
const OWNER = { email: 'bruno@vizinhanca.app', password: 'morador-vizinhanca' };
const PENDING = DEMO.pending;

/** Real ids from the demo data, read through the API the screens use. */
interface DemoIds {
  bicycle: string;
  cake: string;
  guitarLessons: string;
  juliana: string;
  /** Bruno's approved order of Ana's drill (Pix, messages). */
  drillOrder: string;
  inviteCode: string;
  /** Ana's fornada of the cake (she reads its list; the others read that it is not theirs). */
  cakeFornada: string;
  /** A 'Procura-se' request of Bruno's, written for the walk. */
  wantedRequest: string;
}

type Visitor = 'anonymous' | 'pending' | 'approved' | 'frontDesk';

interface RouteVisit {
  /** The path as the route table writes it. */
  pattern: string;
  visitor: Visitor;
  href: (ids: DemoIds) => string;
}

const ROUTES: RouteVisit[] = [
  { pattern: '/auth', visitor: 'anonymous', href: () => '/auth' },
  { pattern: '/redefinir-senha', visitor: 'anonymous', href: () => '/redefinir-senha' },
  { pattern: '/entrar-com-link', visitor: 'anonymous', href: () => '/entrar-com-link?token=link-de-teste' },
  { pattern: '/convite/$code', visitor: 'anonymous', href: (ids) => `/convite/${ids.inviteCode}` },
  { pattern: '/invite/$code', visitor: 'anonymous', href: (ids) => `/invite/${ids.inviteCode}` },
  { pattern: '/pending-approval', visitor: 'pending', href: () => '/pending-approval' },
  { pattern: '/portaria', visitor: 'frontDesk', href: () => '/portaria' },
  { pattern: '/', visitor: 'approved', href: () => '/' },
  { pattern: '/vizinho/$id', visitor: 'approved', href: (ids) => `/vizinho/${ids.juliana}` },
  { pattern: '/busca', visitor: 'approved', href: () => '/busca?busca=bolo' },
  { pattern: '/salvos', visitor: 'approved', href: () => '/salvos' },
  { pattern: '/procura-se', visitor: 'approved', href: () => '/procura-se' },
  { pattern: '/procura-se/$id', visitor: 'approved', href: (ids) => `/procura-se/${ids.wantedRequest}` },
  { pattern: '/alugueis', visitor: 'approved', href: () => '/alugueis' },
  { pattern: '/comidas', visitor: 'approved', href: () => '/comidas' },
  { pattern: '/servicos', visitor: 'approved', href: () => '/servicos' },
  { pattern: '/perfil', visitor: 'approved', href: () => '/perfil' },
  { pattern: '/anuncios', visitor: 'approved', href: () => '/anuncios' },
  { pattern: '/anuncios/criar', visitor: 'approved', href: () => '/anuncios/criar' },
  { pattern: '/criar-anuncio', visitor: 'approved', href: () => '/criar-anuncio' },
  { pattern: '/anuncio/$id', visitor: 'approved', href: (ids) => `/anuncio/${ids.bicycle}` },
  { pattern: '/cobrancas', visitor: 'approved', href: () => '/cobrancas' },
  { pattern: '/item/$id', visitor: 'approved', href: (ids) => `/item/${ids.bicycle}` },
  { pattern: '/alugueis/$id', visitor: 'approved', href: (ids) => `/alugueis/${ids.bicycle}` },
  { pattern: '/food/$id', visitor: 'approved', href: (ids) => `/food/${ids.cake}` },
  { pattern: '/service/$id', visitor: 'approved', href: (ids) => `/service/${ids.guitarLessons}` },
  { pattern: '/configuracoes', visitor: 'approved', href: () => '/configuracoes' },
  { pattern: '/privacidade', visitor: 'approved', href: () => '/privacidade' },
  { pattern: '/notificacoes', visitor: 'approved', href: () => '/notificacoes' },
  { pattern: '/mensagens', visitor: 'approved', href: () => '/mensagens' },
  { pattern: '/comunicados', visitor: 'approved', href: () => '/comunicados' },
  { pattern: '/pagamentos', visitor: 'approved', href: () => '/pagamentos' },
  { pattern: '/convites', visitor: 'approved', href: () => '/convites' },
  { pattern: '/ajuda', visitor: 'approved', href: () => '/ajuda' },
  { pattern: '/sobre', visitor: 'approved', href: () => '/sobre' },
  { pattern: '/meus-pedidos', visitor: 'approved', href: () => '/meus-pedidos' },
  { pattern: '/gerenciar-pedidos', visitor: 'approved', href: () => '/gerenciar-pedidos' },
  { pattern: '/pedido/$id/conversa', visitor: 'approved', href: (ids) => `/pedido/${ids.drillOrder}/conversa` },
  { pattern: '/fornada/$id', visitor: 'approved', href: (ids) => `/fornada/${ids.cakeFornada}` },
  { pattern: '/admin', visitor: 'approved', href: () => '/admin' },
];

/** Every path the route files declare (createRoute's path, and the helpers that take the path first). */
function routeTablePatterns(): string[] {
  const folder = path.resolve('client/src/routes');
  const patterns = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => /\.tsx?$/.test(name))) {
    const source = readFileSync(path.join(folder, file), 'utf8');
    for (const match of source.matchAll(/(?:path:\s*|Route\(\s*)'(\/[^']*)'/g)) patterns.add(match[1]!);
  }
  return [...patterns].sort();
}

async function readJson<T>(request: APIRequestContext, procedure: string, input?: Record<string, unknown>): Promise<T> {
  const search = input ? `?input=${encodeURIComponent(JSON.stringify({ json: input }))}` : '';
  const response = await request.get(`/trpc/${procedure}${search}`, { headers: { origin: appOrigin() } });
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

async function demoIds(page: Page): Promise<DemoIds> {
  const request = page.context().request;
  await signInThroughApi(page.context(), OWNER);
  const feed = await readJson<{ items: { id: string; title: string; owner: { id: string; fullName: string } }[] }>(request, 'listings.list', { limit: 50 });
  const listingId = (title: string) => {
    const listing = feed.items.find((item) => item.title === title);
    expect(listing, `the demo listing '${title}'`).toBeTruthy();
    return listing!.id;
  };
  const orders = await readJson<{ items: { id: string; status: string; listing: { title: string } | null }[] }>(request, 'orders.mine', { tab: 'all' });
  const drillOrder = orders.items.find((order) => order.listing?.title === 'Furadeira de impacto Bosch' && order.status === 'approved');
  expect(drillOrder, "Bruno's approved order of the drill").toBeTruthy();
  const invites = await readJson<{ shareCode: string }>(request, 'invites.overview');
  const wanted = await request.post('/trpc/wanted.create', {
    data: { json: { type: 'rental', title: 'Procura-se escada para o fim de semana', description: 'Para trocar uma lâmpada alta', maxPriceCents: 2000 } },
    headers: { origin: appOrigin() },
  });
  expect(wanted.ok(), `wanted.create: ${await wanted.text()}`).toBe(true);
  const wantedRequest = ((await wanted.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id;
  await page.context().clearCookies();
  const cake = listingId('Bolo de cenoura com cobertura de chocolate');
  await signInThroughApi(page.context(), DEMO.resident);
  const batches = await readJson<{ fornadas: { id: string }[] }>(request, 'fornadas.ofListing', { listingId: cake });
  const cakeFornada = batches.fornadas[0]?.id ?? (await callApi<{ id: string }>(page, 'fornadas.open', { listingId: cake, day: '2026-11-28', windowStart: '11:00', windowEnd: '13:00', portions: 10, deadlineDay: '2026-11-27', deadlineTime: '18:00' })).id;
  // An open report, so that /admin 'Denúncias' is looked at with a report on it, not only empty.
  await callApi(page, 'reports.request', { requestId: wantedRequest, reason: 'other', details: 'Pedido de teste das rotas' });
  await page.context().clearCookies();
  return {
    cakeFornada,
    bicycle: listingId('Bicicleta aro 29 com capacete'),
    cake,
    guitarLessons: listingId('Aulas de violão para iniciantes'),
    juliana: feed.items.find((item) => item.owner.fullName === 'Juliana Pereira')!.owner.id,
    drillOrder: drillOrder!.id,
    inviteCode: invites.shareCode,
    wantedRequest,
  };
}

/** How long the page sends nothing before its screen counts as drawn. */
const QUIET_MS = 150;

/**
 * The page's requests in flight. Playwright's 'networkidle' waits for 500 ms without a request;
 * a screen's requests follow one another within milliseconds, so a shorter quiet says the same
 * once nothing is in flight, in less than half the time per screen.
 */
function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet() {
      const deadline = Date.now() + 15_000;
      while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`still in flight after 15 s: ${[...inFlight].map((request) => request.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** The screen has drawn its data: the app runs, no request is in flight and nothing is loading. */
async function settled(page: Page, requests: ReturnType<typeof watchRequests>) {
  await appStarted(page);
  await requests.quiet();
  await expect(page.locator('.spinner-block')).toHaveCount(0);
}


/** A screen that calls one procedure this often while it is looked at is calling it in a loop. */
const MOST_CALLS_OF_ONE_PROCEDURE = 20;

/** /admin's sections of the trust work, each its own address (?secao=), looked at by the administration too. */
const ADMIN_SECTION_HREFS = ['/admin?secao=denuncias', '/admin?secao=problemas'];

async function checkRoutes(page: Page, visitor: Visitor, ids: DemoIds, extraHrefs: string[] = []): Promise<string[]> {
  const hrefs = [...ROUTES.filter((entry) => entry.visitor === visitor).map((route) => route.href(ids)), ...extraHrefs];
  const problems: string[] = [];
  const calls = new Map<string, number>();
  const countCall = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/trpc/')) return;
    for (const procedure of pathname.slice('/trpc/'.length).split(',')) calls.set(procedure, (calls.get(procedure) ?? 0) + 1);
  };
  page.on('request', countCall);
  const requests = watchRequests(page);
  // A live toast (another walk's signup or listing reaches the administration) may arrive while axe-core reads
  // the screen: mid fade-in its text is partly transparent and fails the contrast check it passes drawn.
  // With reduced motion (the app's own CSS for it) a toast is drawn at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const href of hrefs) {
    calls.clear();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(href);
    await settled(page, requests);
    const axe = await axeOn(page).analyze();
    for (const violation of axe.violations) {
      problems.push(`${href} axe ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      for (const problem of await overflowAt(page)) problems.push(`${href} at ${width}px: ${problem}`);
    }
    for (const [procedure, count] of calls) {
      if (count > MOST_CALLS_OF_ONE_PROCEDURE) problems.push(`${href} called ${procedure} ${count} times`);
    }
  }
  page.off('request', countCall);
  requests.stop();
  return problems;
}

test.describe('every route on a phone', () => {
  // The kinds of people are independent walks: on two workers they run side by side.
  test.describe.configure({ mode: 'parallel' });
  // Not tagged @dates: only the 'phone' project walks it (the widths and axe-core do not depend on the date).
  // About 30 screens, each checked by axe-core and at three widths: minutes on a busy machine.
  test.setTimeout(600_000);

  let ids: DemoIds;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    ids = await demoIds(await context.newPage());
    await context.close();
  });

  test('the walk covers every route of the route table', () => {
    expect(ROUTES.map((route) => route.pattern).sort()).toEqual(routeTablePatterns());
  });

  test('public screens and the pending screen: axe-core clean, no sideways scroll at 320-390 px', async ({ page }) => {
    const problems = await checkRoutes(page, 'anonymous', ids);
    await signInThroughApi(page.context(), PENDING);
    problems.push(...(await checkRoutes(page, 'pending', ids)));
    expect(problems).toEqual([]);
  });

  test("the front desk's screen as the portaria account: axe-core clean, no sideways scroll at 320-390 px", async ({ browser, page }) => {
    const admin = await newSignedInContext(browser, DEMO.admin);
    const desk = await approvedResident(browser, admin.page, 'portaria-rotas');
    await grantFrontDesk(admin.page, desk.id);
    await desk.close();
    await admin.context.close();
    await signInThroughApi(page.context(), { email: desk.email, password: RESIDENT_PASSWORD });
    expect(await checkRoutes(page, 'frontDesk', ids)).toEqual([]);
  });

  for (const [role, account] of [
    ['resident', DEMO.resident],
    ['owner', OWNER],
    ['moderator', DEMO.moderator],
    ['administrator', DEMO.admin],
  ] as const) {
    test(`every screen as the ${role}: axe-core clean, no sideways scroll at 320-390 px`, async ({ page }) => {
      await signInThroughApi(page.context(), account);
      expect(await checkRoutes(page, 'approved', ids, role === 'administrator' ? ADMIN_SECTION_HREFS : [])).toEqual([]);
    });
  }
});
