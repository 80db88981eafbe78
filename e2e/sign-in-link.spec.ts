import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { appOrigin, latestEmailTo, login, newResident, signUp } from './helpers.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now (injected through the debugger, outside the page's CSP). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run()).violations.map((violation) => violation.id);
  });
}

async function expectNoSidewaysScroll(page: Page) {
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${width}px`).toBe(true);
  }
}

/** Guesses at most: every guess counts against the walks' shared address too (100 in 15 minutes), and past it every later walk's sign-in on this server is refused. */
const MAX_GUESSES = 60;

/**
 * Someone else guessing the account's password every 300 ms until stopped (or MAX_GUESSES), so the slowed login stays slowed.
 * `slowed` resolves once the waits reached 8 s (the 9th guess read): from then on a login lands in a wait.
 */
function startGuessing(request: APIRequestContext, email: string) {
  let guessing = true;
  let markSlowed = () => {};
  const slowed = new Promise<void>((resolve) => (markSlowed = resolve));
  let read = 0;
  const done = (async () => {
    for (let i = 0; guessing && i < MAX_GUESSES; i++) {
      const response = await request.post('/trpc/auth.login', { data: { json: { email, password: `chute-${i}` } }, headers: { origin: appOrigin() } });
      if (response.status() === 401) read += 1;
      if (read >= 9) markSlowed();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  return {
    slowed,
    async stop() {
      guessing = false;
      await done;
    },
  };
}

test.setTimeout(120_000);

test('a new browser of the owner gets in by an e-mailed link while someone keeps guessing the password', async ({ page, browser, request }) => {
  const owner = newResident('link');
  await signUp(page, owner);
  await expect(page).toHaveURL(/\/pending-approval$/);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const guessing = startGuessing(request, owner.email);
  try {
    await guessing.slowed;
    const offer = page.getByRole('button', { name: 'Receber link de acesso por e-mail' });
    // The right password is refused while the login is slowed; the screen offers the link.
    await expect(async () => {
      await login(page, owner.email, owner.password);
      await expect(offer).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('alert').filter({ hasText: /^Muitas tentativas de login\. Tente novamente em \d+ minutos?\.$/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    await offer.click();
    await expect(page.getByRole('status').filter({ hasText: 'Se o e-mail estiver cadastrado, você receberá um link de acesso.' })).toBeVisible();
    await expect.poll(() => latestEmailTo(owner.email)).toContain('/entrar-com-link?token=');
    const link = /https?:\/\/\S+\/entrar-com-link\?token=[\w%-]+/.exec(latestEmailTo(owner.email)!)![0];

    // The owner's other browser, which never signed in.
    const tablet = await browser.newContext();
    const tabletPage = await tablet.newPage();
    await tabletPage.goto(link);
    await expect(tabletPage.getByRole('heading', { name: 'Entrar com link de acesso' })).toBeVisible();
    expect(await axeViolations(tabletPage)).toEqual([]);
    await expectNoSidewaysScroll(tabletPage);
    await tabletPage.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(tabletPage.getByRole('heading', { name: 'Cadastro em Análise' })).toBeVisible();

    // Once only.
    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await again.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(again.getByRole('alert').filter({ hasText: 'Este link de acesso é inválido, expirou ou já foi usado.' })).toBeVisible();
    expect(await axeViolations(again)).toEqual([]);
  } finally {
    await guessing.stop();
  }
});
