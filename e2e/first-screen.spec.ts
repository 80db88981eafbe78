// The first screen drawn by the server and hydrated by the app (docs/decisions/013-first-screen.md): the page
// arrives with the screen's markup, React adopts it without a mismatch, and the screen
// works as before, even for what was typed before the app's script arrived.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { appStarted, callApi, DEMO, signInThroughApi } from './helpers.ts';

// First screens as an installed app loads them, under its service worker (one describe below blocks it).
test.use({ serviceWorkers: 'allow' });

/** Console errors and uncaught page errors (a hydration mismatch is reported as one: client/src/main.tsx). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A refused request (the wrong password's 401) is the walk's own doing, not the page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * The drawn page delivered whole: its starter (at the end of the body) holds taps and forms from here on.
 * Acting on markup parsed before it (the walk's `waitUntil: 'commit'`) races the rest of the page, which no
 * finger can do (nothing is painted before the stylesheet, which comes before the body).
 */
async function holdingTaps(page: Page) {
  await page.waitForFunction(() => Array.isArray((window as { vzHeldBeforeStart?: unknown }).vzHeldBeforeStart));
}

/**
 * Holds the app's entry script each time the page asks for it. `release` lets the request asked for go on,
 * once it has been asked for (the starter asks after the first paint).
 */
async function holdAppEntry(page: Page) {
  let waiting: (() => void) | undefined;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise<void>((resolve) => (waiting = resolve));
    await route.continue();
  });
  return {
    async release() {
      await expect.poll(() => typeof waiting).toBe('function');
      const resume = waiting!;
      waiting = undefined;
      resume();
    },
  };
}

/** Every label and aria reference points at an element: ids rendered by the server and the client agree. */
async function danglingReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const missing: string[] = [];
    for (const label of Array.from(document.querySelectorAll('label[for]'))) {
      const id = label.getAttribute('for')!;
      if (!document.getElementById(id)) missing.push(`label for=${id}`);
    }
    for (const element of Array.from(document.querySelectorAll('[aria-labelledby], [aria-describedby]'))) {
      for (const attribute of ['aria-labelledby', 'aria-describedby']) {
        for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) missing.push(`${attribute}=${id}`);
        }
      }
    }
    return missing;
  });
}

test('/auth arrives drawn, hydrates without a mismatch, and signs in', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto('/auth');
  const html = await response!.text();
  // The markup is in the page itself, not drawn by the script.
  expect(html).toContain('<div id="root" data-vz-rendered="/auth">');
  expect(html).toContain('Conectando moradores para compartilhar recursos');
  expect(html).toContain('for="login-email"');

  await page.getByLabel('E-mail').fill(DEMO.resident.email);
  await page.getByLabel('Senha').fill('senha-errada-mesmo');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
  expect(await danglingReferences(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  await expect(page.getByLabel('CPF')).toBeVisible();
  expect(errors).toEqual([]);
});

test('/auth: what was typed before the script arrived is what the form sends', async ({ page }) => {
  const errors = collectErrors(page);
  // Hold the app's entry script until the form has been filled in on the server's markup.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(DEMO.resident.email);
  await page.getByLabel('Senha').fill(DEMO.resident.password);
  release();
  // React has adopted the field (its own properties on the element), then one frame for the hand-over.
  await page.waitForFunction(() => Object.keys(document.getElementById('login-password') ?? {}).some((key) => key.startsWith('__reactProps$')));
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.resident.email);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  // Signed in with what was typed: the form's state got the values, not the server's empty ones.
  await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();
  expect(errors).toEqual([]);
});

/** Opens a page the server draws for a resident, checks it came drawn, waits until React owns `owned`. */
async function openDrawn(page: Page, path: string, owned: string) {
  const response = await page.goto(path);
  expect(await response!.text(), path).toContain(`<div id="root" data-vz-rendered="${path}">`);
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  }, owned);
}

test("a resident's home, feed and rental detail arrive drawn and hydrate without a mismatch", async ({ page }) => {
  const errors = collectErrors(page);
  await signInThroughApi(page.context(), DEMO.resident);

  await openDrawn(page, '/', 'h1.home-greeting');
  await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();

  await openDrawn(page, '/alugueis', '.listing-card-link');
  const card = page.locator('.listing-card-link').first();
  const title = (await card.textContent())!;
  const href = (await card.getAttribute('href'))!;
  expect(href).toMatch(/^\/item\/[\w-]+$/);
  // A client-side navigation: the router is live after hydration.
  await card.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();

  await openDrawn(page, href, 'h2');
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  expect(await danglingReferences(page)).toEqual([]);
  // Time for a late boundary's hydration to report a mismatch.
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

/** Signs the demo resident in; the id of a neighbour's rental in the demo data (one 'Denunciar' can be tapped on). */
async function signedInBesideANeighboursRental(page: Page): Promise<string> {
  await signInThroughApi(page.context(), DEMO.resident);
  const feed = await callApi<{ items: { id: string; owner: { fullName: string } }[] }>(page, 'listings.list', { type: 'rental', limit: 20 }, 'query');
  const neighbours = feed.items.find((item) => item.owner.fullName !== DEMO.resident.name);
  expect(neighbours, "a neighbour's rental in the demo data").toBeTruthy();
  return neighbours!.id;
}

test("on a slow phone, a tap on a part the app adopts after it started is done, not lost: 'Denunciar' on a rental's page", async ({ page }) => {
  test.slow(); // The page's processor runs ten times slower.
  const rentalId = await signedInBesideANeighboursRental(page);
  // As a phone several times slower than this machine: the screen's later parts (the dialog's code, the
  // details below the photo) are adopted seconds after the app started, and React drops a tap on them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  await page.goto(`/item/${rentalId}`);
  await page.getByRole('button', { name: 'Denunciar' }).click();
  await expect(page.getByRole('dialog', { name: 'Denunciar anúncio' })).toBeVisible({ timeout: 30_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test("on a slow phone, a part of a listing's page whose code comes later is adopted as drawn, not dropped and drawn again", async ({ page }) => {
  test.slow(); // The page's processor runs ten times slower.
  const rentalId = await signedInBesideANeighboursRental(page);
  // Every time the page loses its 'Denunciar' button. An update (the live channel's first refetch) that reached
  // the button's part before React adopted it made React drop the server's markup: the button was gone for
  // 0.6 s, and a tap held on it had nothing to land on.
  await page.addInitScript(() => {
    const page = window as unknown as { vzReportButtonRemoved: number };
    page.vzReportButtonRemoved = 0;
    const isReportButton = (node: Node) => node instanceof Element && Array.from(node.querySelectorAll('button')).concat(node instanceof HTMLButtonElement ? [node] : []).some((button) => button.textContent?.trim() === 'Denunciar');
    new MutationObserver((records) => {
      for (const record of records) for (const node of Array.from(record.removedNodes)) if (isReportButton(node)) page.vzReportButtonRemoved += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  await page.goto(`/item/${rentalId}`);
  const report = page.getByRole('button', { name: 'Denunciar' });
  // Adopted: React's props are on the element.
  await expect.poll(() => report.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$'))), { timeout: 30_000 }).toBe(true);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(await page.evaluate(() => (window as unknown as { vzReportButtonRemoved: number }).vzReportButtonRemoved)).toBe(0);
});

test('the drawn home asks for the session once and loads nothing its screen does not use', async ({ page }) => {
  await signInThroughApi(page.context(), DEMO.resident);
  const asked: string[] = [];
  const stylesheets: string[] = [];
  // Once the live channel says 'ready', the tab reads what is on screen again on purpose (a change made before
  // it listened): those asks are the catch-up, not the load, and are counted apart.
  let liveReady = false;
  const askedAfterReady: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"kind":"ready"')) liveReady = true;
    }),
  );
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/')) (liveReady ? askedAfterReady : asked).push(...pathname.slice('/trpc/'.length).split(','));
    if (pathname.endsWith('.css')) stylesheets.push(pathname);
  });
  // The home's screen chunk is held until the guard's revalidation of the session has answered, so the layout
  // and the screen mount after that answer (what most Lighthouse runs saw): they must not ask again.
  let sessionAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (sessionAnswered = resolve));
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/') && pathname.slice('/trpc/'.length).split(',').includes('auth.me')) sessionAnswered();
  });
  const manifest = JSON.parse(readFileSync(new URL('../client/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, { file: string }>;
  const homeScreen = `/${manifest['src/features/home/components/home-screen.tsx']!.file}`;
  await page.route((url) => url.pathname === homeScreen, async (route) => {
    await answered;
    await route.continue();
  });
  await openDrawn(page, '/', 'h1.home-greeting');
  await expect(page.getByRole('link', { name: /Mensagens/ })).toBeVisible();
  // Time for the layout's lazy parts (live events, notification device, banners) to load and run.
  await page.waitForTimeout(1_500);
  expect(asked.filter((path) => path === 'auth.me')).toEqual(['auth.me']);
  expect(askedAfterReady.filter((path) => path === 'auth.me').length).toBeLessThanOrEqual(1);
  // This browser has not allowed notifications: there is no push subscription to renew, so neither the
  // preferences nor the settings' code and stylesheets are loaded (features/notifications/push-renewal.ts).
  expect(asked).not.toContain('notifications.preferences');
  expect(stylesheets.filter((path) => /\/(settings|pix|notifications)-[\w-]+\.css$/.test(path))).toEqual([]);
});

test("a resident's /ajuda and /configuracoes arrive drawn and hydrate without a mismatch", async ({ page }) => {
  const errors = collectErrors(page);
  await signInThroughApi(page.context(), DEMO.resident);

  await openDrawn(page, '/ajuda', 'input[aria-controls="faq-results"]');
  await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeVisible();
  await page.getByLabel('Buscar nas perguntas frequentes').fill('xyzzy');
  await expect(page.getByText('Nenhuma pergunta encontrada')).toBeVisible();
  expect(await danglingReferences(page)).toEqual([]);

  await openDrawn(page, '/configuracoes', 'input[role="switch"]');
  await expect(page.getByRole('switch', { name: 'E-mail' })).toBeEnabled();
  // The description the browser's answer gives (headless Chromium has push): the same the server drew.
  await expect(page.getByText('Avisos neste aparelho, mesmo com o app fechado')).toBeVisible();
  expect(await danglingReferences(page)).toEqual([]);
  // A client-side navigation from the drawn settings.
  await page.getByRole('link', { name: 'Política de privacidade' }).click();
  await expect(page).toHaveURL(/\/privacidade$/);
  // Time for a late boundary's hydration to report a mismatch.
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

/** Opens a page the server draws for this browser's session, checks it came drawn and waits until React adopted it. */
async function openAdopted(page: Page, path: string) {
  const response = await page.goto(path);
  expect(await response!.text(), path).toContain(`<div id="root" data-vz-rendered="${path}">`);
  await appStarted(page);
}

/** The first link on the page whose address matches, as the server drew it. */
async function firstHref(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  if (!href) throw new Error(`no link matching ${pattern} on ${page.url()}`);
  return href;
}

test('every page a resident, the administration, a pending account or a visitor opens arrives drawn and hydrates without a mismatch', async ({ browser }) => {
  test.setTimeout(180_000);
  const visits: { account: { email: string; password: string } | null; paths: (page: Page) => Promise<string[]> }[] = [
    {
      account: DEMO.resident,
      paths: async (page) => {
        await openAdopted(page, '/anuncios');
        const ownListing = await firstHref(page, /^\/anuncio\/[\w-]+$/);
        await openAdopted(page, '/meus-pedidos');
        const conversation = await firstHref(page, /^\/pedido\/[\w-]+\/conversa$/);
        await openAdopted(page, '/comidas');
        const food = await firstHref(page, /^\/food\/[\w-]+$/);
        await openAdopted(page, food);
        const neighbour = await firstHref(page, /^\/vizinho\/[\w-]+$/);
        const base = ['/perfil', '/salvos', '/anuncios/criar', '/cobrancas', '/pagamentos', '/notificacoes', '/mensagens', '/comunicados', '/convites', '/sobre', '/privacidade'];
        return [...base, '/gerenciar-pedidos', '/busca', '/servicos', ownListing, conversation, neighbour];
      },
    },
    { account: DEMO.admin, paths: async () => ['/admin'] },
    { account: DEMO.moderator, paths: async () => ['/admin'] },
    { account: DEMO.pending, paths: async () => ['/pending-approval'] },
    { account: null, paths: async () => ['/redefinir-senha'] },
  ];
  for (const { account, paths } of visits) {
    const context = await browser.newContext();
    if (account) await signInThroughApi(context, account);
    const page = await context.newPage();
    const errors = collectErrors(page);
    for (const path of await paths(page)) {
      await openAdopted(page, path);
      expect(await danglingReferences(page), path).toEqual([]);
      // Time for a late boundary's hydration to report a mismatch.
      await page.waitForTimeout(300);
      expect(errors, path).toEqual([]);
    }
    await context.close();
  }
});

test("a drawn page leaves the app's script to its starter, which keeps an install prompt that came first", async ({ page }) => {
  const errors = collectErrors(page);
  // Hold the app's entry so the prompt surely fires before the app's own listener exists.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entryRequested!: () => void;
  const requested = new Promise<void>((resolve) => (entryRequested = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    entryRequested();
    await released;
    await route.continue();
  });
  const response = await page.goto('/auth', { waitUntil: 'commit' });
  const html = await response!.text();
  // No module script or preload in the page: the inline starter asks for them (server/src/http/start-after-paint.ts).
  expect(html).not.toContain('<script type="module"');
  expect(html).not.toContain('rel="modulepreload"');
  // Asked for by the starter (the page's clock is Playwright's, so paint timings are not there to compare).
  await requested;

  // Chrome's install prompt, before the app runs (a stand-in event: headless Chrome never offers one).
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as { prompted?: boolean }).prompted = true),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
  release();
  const banner = page.getByRole('region', { name: 'Instalar o aplicativo' });
  await banner.getByRole('button', { name: 'Instalar', exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as { prompted?: boolean }).prompted === true)).toBe(true);
  await expect(banner).toBeHidden();
  expect(errors).toEqual([]);
});

test.describe('before the app runs', () => {
  // The second load must come from the network, where the walk holds the entry: not from the service worker's cache.
  test.use({ serviceWorkers: 'block' });

  test('a tap and a form sent before the app runs are done once it runs', async ({ page }) => {
    const errors = collectErrors(page);
    const entry = await holdAppEntry(page);

    // A tab tapped on the server's markup: nothing can happen yet, and nothing is lost.
    await page.goto('/auth', { waitUntil: 'commit' });
    await holdingTaps(page);
    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
    await entry.release();
    await expect(page.getByLabel('CPF')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Cadastrar' })).toHaveAttribute('aria-selected', 'true');

    // The sign-in form sent before the app runs: not a page reload with nothing, but a sign-in with what was typed.
    await page.goto('/auth', { waitUntil: 'commit' });
    await holdingTaps(page);
    await page.getByLabel('E-mail').fill(DEMO.resident.email);
    await page.getByLabel('Senha').fill(DEMO.resident.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await entry.release();
    await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();

    // Home's search typed and sent with Enter before the app runs: the search the person asked for.
    await page.goto('/', { waitUntil: 'commit' });
    await holdingTaps(page);
    await page.getByLabel('Buscar em aluguéis, comidas e serviços').fill('furadeira');
    await page.getByLabel('Buscar em aluguéis, comidas e serviços').press('Enter');
    await entry.release();
    await expect(page).toHaveURL(/\/busca\?busca=furadeira$/);
    expect(errors).toEqual([]);
  });

  test("a sort chosen on a list before the app runs is the list's order once it runs", async ({ page }) => {
    const errors = collectErrors(page);
    await signInThroughApi(page.context(), DEMO.resident);
    const titles = page.getByRole('article').getByRole('heading');
    // The order 'Maior preço' gives, asked for directly.
    await page.goto('/alugueis?ordem=price_desc');
    await appStarted(page);
    // Only the newest-first list is drawn by the server: this order comes from the app's own request.
    await expect(titles.nth(1)).toBeVisible();
    const dearestFirst = await titles.allTextContents();
    expect(dearestFirst.length).toBeGreaterThan(1);
    const newestFirst = await (async () => {
      await page.goto('/alugueis');
      await appStarted(page);
      return titles.allTextContents();
    })();
    expect(newestFirst).not.toEqual(dearestFirst);

    const entry = await holdAppEntry(page);
    await page.goto('/alugueis', { waitUntil: 'commit' });
    await holdingTaps(page);
    const sort = page.getByLabel('Ordenar por');
    await sort.selectOption({ label: 'Maior preço' });
    await expect(titles).toHaveText(newestFirst);
    await entry.release();
    await appStarted(page);
    // The app takes the choice the select shows: the list in that order, the address saying so.
    await expect(page).toHaveURL(/\/alugueis\?ordem=price_desc$/);
    await expect(titles).toHaveText(dearestFirst);
    await expect(sort).toHaveValue('price_desc');
    expect(errors).toEqual([]);
  });

  test("a conversation tapped in /mensagens before the app runs opens once it runs, and its back arrow returns to /mensagens", async ({ page }) => {
    const errors = collectErrors(page);
    await signInThroughApi(page.context(), DEMO.resident);
    const inbox = await callApi<{ conversations: { orderId: string }[] }>(page, 'messages.inbox', {}, 'query');
    expect(inbox.conversations.length, "the demo resident's conversations").toBeGreaterThan(0);
    const entry = await holdAppEntry(page);
    await page.goto('/mensagens', { waitUntil: 'commit' });
    await holdingTaps(page);
    // Followed by the browser, the link would open the thread without the state saying it came from the inbox.
    await page.getByRole('list', { name: 'Conversas' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/mensagens$/);
    await entry.release();
    await expect(page).toHaveURL(/\/pedido\/[\w-]+\/conversa$/);
    await expect(page.getByRole('list', { name: 'Mensagens' })).toBeVisible();
    // Reloaded, the thread keeps that state, which the server cannot see: its back arrow drawn by the server
    // leads to the orders, so a tap on it before the app runs waits for the app, which returns to the inbox.
    await page.reload({ waitUntil: 'commit' });
    await holdingTaps(page);
    await page.getByRole('link', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/pedido\/[\w-]+\/conversa$/);
    await entry.release();
    await expect(page).toHaveURL(/\/mensagens$/);
    await expect(page.getByRole('list', { name: 'Conversas' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a switch or a radio button on /configuracoes cannot be changed before the app runs, then can', async ({ page }) => {
    const errors = collectErrors(page);
    await signInThroughApi(page.context(), DEMO.moderator);
    const entry = await holdAppEntry(page);
    const emailPreference = async () => {
      const response = await page.request.get('/trpc/notifications.preferences');
      return ((await response.json()) as { result: { data: { json: { email: boolean } } } }).result.data.json.email;
    };

    await page.goto('/configuracoes', { waitUntil: 'commit' });
    await holdingTaps(page);
    const email = page.getByRole('switch', { name: 'E-mail' });
    const phone = page.getByRole('radio', { name: 'Telefone' });
    await expect(email).toBeChecked();
    // On the server's markup the taps are refused: changed on screen only, the controls would show one
    // thing while the app's state (what it saves, what the Pix form sends) held another.
    await email.click();
    await page.getByText('Telefone', { exact: true }).click();
    await expect(email).toBeChecked();
    await expect(phone).not.toBeChecked();
    await entry.release();
    await appStarted(page);
    // The app's state and the screen agree: the CPF placeholder, the switch on, nothing saved.
    await expect(page.getByLabel('Chave Pix')).toHaveAttribute('placeholder', '000.000.000-00');
    await expect(email).toBeChecked();
    expect(await emailPreference()).toBe(true);

    // Once the app runs, the same taps work (retried: the app takes over the taps a moment after it starts).
    await expect(async () => {
      await page.getByText('Telefone', { exact: true }).click();
      await expect(page.getByLabel('Chave Pix')).toHaveAttribute('placeholder', '(11) 98765-4321', { timeout: 1000 });
    }).toPass();
    await expect(phone).toBeChecked();
    await email.click();
    await expect(email).not.toBeChecked();
    await expect.poll(emailPreference).toBe(false);
    // Back as it was (other walks read this account's switches).
    await email.click();
    await expect.poll(emailPreference).toBe(true);
    expect(errors).toEqual([]);
  });
});
