import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const E2E_OUTBOX = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3999}/outbox`);

export const DEMO = {
  admin: { email: 'admin@vizinhanca.app', password: 'admin-vizinhanca', name: 'Carla Mendes' },
  moderator: { email: 'moderador@vizinhanca.app', password: 'morador-vizinhanca', name: 'Rafael Oliveira' },
  resident: { email: 'ana@vizinhanca.app', password: 'morador-vizinhanca', name: 'Ana Beatriz Souza' },
  pending: { email: 'pedro@vizinhanca.app', password: 'morador-vizinhanca', name: 'Pedro Henrique Santos' },
} as const;

/** A valid CPF (check digits computed) that no other test uses. */
export function uniqueCpf(): string {
  const seed = Date.now() % 1_000_000_000;
  const base = String(100_000_000 + ((seed + Math.floor(Math.random() * 1_000_000)) % 899_999_999)).slice(0, 9).split('').map(Number);
  const digit = (digits: number[], weight: number) => {
    const rest = (digits.reduce((sum, d, i) => sum + d * (weight - i), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base, 10);
  return [...base, first, digit([...base, first], 11)].join('');
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemplo.com`;
}

/** Signs in through the login form (auth.spec.ts and the walks that check what the form shows). */
export async function login(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/**
 * Waits until the app runs on the page (React has taken #root). A page the server drew shows its screen
 * before that: the app starts after the first paint (server/src/http/start-after-paint.ts), and what only
 * the app does (the offline copy, client-side navigation) starts with it.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')));
}

/** The origin of this project's server (its own clock and database), for the Origin header of API calls. */
export function appOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('the project has no baseURL');
  return new URL(baseURL).origin;
}

/**
 * Signs the context in through the same tRPC call the login form makes (auth.login): the
 * session cookie lands in the context. Walks that do not check the form use this; it saves
 * a page load, the form and the home screen per sign-in (the form is walked by auth.spec.ts).
 */
export async function signInThroughApi(context: BrowserContext, account: { email: string; password: string }) {
  const response = await context.request.post('/trpc/auth.login', {
    data: { json: { email: account.email, password: account.password } },
    headers: { origin: appOrigin() },
  });
  expect(response.ok(), `auth.login as ${account.email}: ${await response.text()}`).toBe(true);
}

/** Signs the page's context in (signInThroughApi) and opens `path` as that user. */
export async function signIn(page: Page, account: { email: string; password: string }, path = '/') {
  await signInThroughApi(page.context(), account);
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/auth/);
}

/** A new browser context (a device) signed in as the account, its page not opened yet: for a walk's API calls as that user. */
export async function newSignedInContext(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  await signInThroughApi(context, account);
  return { context, page: await context.newPage() };
}

/** A new browser context (a device) signed in as the account, its page open on `path`. */
export async function newLoggedInPage(browser: Browser, account: { email: string; password: string }, path = '/') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account, path);
  return { context, page };
}

export interface NewResident {
  fullName: string;
  email: string;
  cpf: string;
  password: string;
}

export async function signUp(page: Page, resident: NewResident) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  await page.getByLabel('Nome completo').fill(resident.fullName);
  await page.getByLabel('CPF').fill(resident.cpf);
  await page.getByLabel('E-mail').fill(resident.email);
  await page.getByLabel('Telefone').fill('11987654321');
  await page.getByLabel('Bloco').fill('E');
  await page.getByLabel('Apartamento').fill('707');
  await page.getByLabel('Senha').fill(resident.password);
  await page.getByRole('button', { name: 'Criar Conta' }).click();
}

export function newResident(prefix = 'morador'): NewResident {
  return { fullName: `Teste ${prefix} ${Math.floor(Math.random() * 1e5)}`, email: uniqueEmail(prefix), cpf: uniqueCpf(), password: 'varanda-ensolarada' };
}

/** The newest .eml in the server's outbox addressed to this e-mail, decoded from quoted-printable. */
export function latestEmailTo(address: string): string | null {
  let files: string[];
  try {
    // Newest first by the time written (file names are message ids, not times).
    files = readdirSync(E2E_OUTBOX)
      .map((name) => ({ name, at: statSync(path.join(E2E_OUTBOX, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at || b.name.localeCompare(a.name))
      .map((entry) => entry.name);
  } catch {
    return null;
  }
  for (const file of files) {
    const raw = readFileSync(path.join(E2E_OUTBOX, file), 'utf8');
    const text = Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
    if (text.includes(`To: ${address}`)) return text;
  }
  return null;
}

/**
 * Watches a page's live events (call before its goto): the returned check waits until the
 * server listens for the page's document (its 'ready' event on the websocket), so an event
 * committed after it reaches the page live. tRPC's 'started' answer is not enough: the server
 * takes the snapshot it listens from after it, and an event committed in between was missed.
 * The subscription starts after the first screen (docs/decisions/013-first-screen.md).
 * A page load's socket is always fresh (the cursor lives in memory), so 'ready' comes.
 * The page's own documents keep the flag: a socket seen from outside could be the one of the
 * document before (a drawn screen whose app started late), ready a moment before it closed.
 */
export async function watchLiveEvents(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    const live = window as unknown as { vzLiveReady?: boolean; vzLiveWatched?: boolean };
    if (live.vzLiveWatched) return;
    live.vzLiveWatched = true;
    const NativeWebSocket = window.WebSocket;
    window.WebSocket = class extends NativeWebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener('message', (event: MessageEvent) => {
          if (typeof event.data === 'string' && /"kind":\s*"ready"/.test(event.data)) live.vzLiveReady = true;
        });
        this.addEventListener('close', () => (live.vzLiveReady = false));
      }
    };
  });
  const listening = () =>
    page.evaluate(() => (window as unknown as { vzLiveReady?: boolean }).vzLiveReady === true).catch(() => false);
  return () => expect.poll(listening, { message: "the server listens for the page's live events", timeout: 15_000 }).toBe(true);
}

/** Opens 'Detalhes do pedido' at the top of an order's conversation (the item's condition, the deposit, the problems) unless it is open. */
export async function showOrderDetails(page: Page) {
  const toggle = page.getByRole('button', { name: /^Detalhes do pedido/ });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** A toast with that text is on screen; then it is closed. */
export async function expectToast(page: Page, text: string) {
  const toast = page.locator('.toast').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  // Closed so the next step's toast is a new one. Under load the click can still be retrying when the
  // toast leaves by itself (4 s); it then waited for a button gone for good until the walk timed out.
  await toast
    .getByRole('button', { name: 'Fechar aviso' })
    .click({ timeout: 5_000 })
    .catch(async (error: unknown) => {
      if ((await toast.count()) > 0) throw error;
    });
  await expect(toast).toHaveCount(0);
}

/** Calls a tRPC procedure as the page's signed-in user (the same session cookie, our own origin); its answer. */
export async function callApi<T>(page: Page, procedure: string, input?: Record<string, unknown>, kind: 'query' | 'mutation' = 'mutation'): Promise<T> {
  const origin = appOrigin();
  const response =
    kind === 'mutation'
      ? await page.request.post(`/trpc/${procedure}`, { data: { json: input }, headers: { origin } })
      : await page.request.get(`/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify({ json: input }))}` : ''}`, { headers: { origin } });
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** The password of the residents a walk signs up. */
export const RESIDENT_PASSWORD = 'varanda-ensolarada';

/** A new resident signed up through the API and approved by the admin, on the home screen (a desktop: a fine pointer, no touch). */
export async function approvedResident(browser: Browser, admin: Page, prefix: string, options: { desktop?: boolean } = {}) {
  const context = await browser.newContext(options.desktop ? { hasTouch: false } : {});
  const page = await context.newPage();
  const resident = { fullName: `Teste ${prefix} ${Math.floor(Math.random() * 1e5)}`, email: uniqueEmail(prefix), cpf: uniqueCpf() };
  const apartment = String(100 + Math.floor(Math.random() * 800));
  await callApi(page, 'auth.signUp', { ...resident, phone: '11987654321', block: 'E', apartment, password: RESIDENT_PASSWORD });
  const pending = await callApi<{ id: string; email: string }[]>(admin, 'admin.pendingUsers', undefined, 'query');
  const id = pending.find((user) => user.email === resident.email)?.id;
  expect(id, `${resident.email} awaits approval`).toBeTruthy();
  await callApi(admin, 'admin.approveUser', { userId: id });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Olá, ${resident.fullName}!` })).toBeVisible();
  return { ...resident, id: id!, apartment, page, context, close: () => context.close() };
}

export type ApprovedResident = Awaited<ReturnType<typeof approvedResident>>;

/** The administrator gives a resident the front desk's role ('portaria'), as /admin's edit dialog does. */
export async function grantFrontDesk(admin: Page, userId: string) {
  const person = await callApi<{ updatedAt: string; fullName: string; block: string | null; apartment: string | null }>(admin, 'admin.users.byId', { userId }, 'query');
  const edit = { userId, expectedUpdatedAt: person.updatedAt, fullName: person.fullName, approvalStatus: 'approved', isSuspended: false, roles: ['portaria'] };
  // The edit's moment travels as a Date (superjson's meta), as the dialog sends it.
  const response = await admin.request.post('/trpc/admin.users.update', {
    data: { json: { ...edit, block: person.block ?? '', apartment: person.apartment ?? '', bio: '' }, meta: { values: { expectedUpdatedAt: ['Date'] } } },
    headers: { origin: appOrigin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * The portaria walks' set-up, through the API: the administrator and the moderator signed in, an owner, a
 * requester and a resident the administrator made the front desk, and the owner's rental (picked up) that the
 * requester ordered for these days and the owner approved. `close` closes every device.
 */
export async function deskScenario(browser: Browser, order: { rental: { title: string; description: string; priceCents: number; depositCents?: number }; startDate: string; endDate: string }) {
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dono');
  const requester = await approvedResident(browser, admin.page, 'vizinho');
  const deskPerson = await approvedResident(browser, admin.page, 'portaria');
  await grantFrontDesk(admin.page, deskPerson.id);
  const listingId = await publishedListing(owner.page, moderator.page, { type: 'rental', deliveryOptions: ['pickup'], ...order.rental });
  const { id: orderId } = await callApi<{ id: string }>(requester.page, 'orders.create', { listingId, startDate: order.startDate, endDate: order.endDate });
  await callApi(owner.page, 'orders.approve', { id: orderId });
  const close = async () => {
    for (const context of [owner.context, requester.context, deskPerson.context, admin.context, moderator.context]) await context.close();
  };
  return { admin, moderator, owner, requester, deskPerson, orderId, close };
}

/** The desk types a code on /portaria and looks it up. */
export async function typeDeskCode(desk: Page, code: string) {
  await desk.getByLabel('Código do pedido').fill(code);
  await desk.getByRole('button', { name: 'Buscar' }).click();
}

/**
 * A rental's return through the portaria without the screens (portaria.spec.ts walks them): the
 * requester's 'Devolver na portaria' code, then the desk's 'Recebido do morador' and 'Devolvido ao
 * dono', which completes the order. The return's code.
 */
export async function returnThroughDesk(requester: Page, desk: Page, orderId: string): Promise<string> {
  const { code } = await callApi<{ code: string }>(requester, 'portaria.start', { orderId });
  await callApi(desk, 'portaria.advance', { code, step: 'receive' });
  await callApi(desk, 'portaria.advance', { code, step: 'handOver' });
  return code;
}

/** The 6-digit portaria code shown on an order's card, digits only. */
export async function deskCodeOn(page: Page, title: string): Promise<string> {
  const panel = page.getByRole('article').filter({ hasText: title }).getByRole('region', { name: 'Código da portaria' });
  await expect(panel).toBeVisible();
  return ((await panel.locator('.orders-desk-code').textContent()) ?? '').replace(/\s/g, '');
}

/** A listing created by its owner and approved by the moderator: public and orderable. */
export async function publishedListing(owner: Page, moderator: Page, listing: Record<string, unknown>): Promise<string> {
  const { id } = await callApi<{ id: string }>(owner, 'listings.create', listing);
  await callApi(moderator, 'listings.moderation.approve', { id });
  return id;
}

/** A word no other listing has (letters and digits), to tell a test's listings apart and search by. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '2026-11-25' -> '25 de novembro de 2026', the calendar day button's name. */
export function dayName(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${day} de ${MONTHS[month! - 1]} de ${year}`;
}

/** '2026-11-25' -> '25/11/2026'. */
export function br(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** Pages the calendar (back or forward) to the month of this day. */
export async function showMonthOf(dialog: Locator, isoDay: string) {
  const [year, month] = isoDay.split('-').map(Number);
  const target = year! * 12 + month!;
  const title = dialog.getByRole('heading', { name: /^\S+ de \d{4}$/ });
  for (let step = 0; step < 24; step++) {
    const match = /^(\S+) de (\d{4})$/.exec((await title.textContent()) ?? '');
    const shown = Number(match?.[2]) * 12 + MONTHS.indexOf(match?.[1]?.toLowerCase() ?? '') + 1;
    if (shown === target) return;
    await dialog.getByRole('button', { name: shown < target ? 'Próximo mês' : 'Mês anterior' }).click();
  }
  throw new Error(`Calendar never showed ${isoDay}`);
}
