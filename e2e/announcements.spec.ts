import { rmSync } from 'node:fs';
import { axeOn } from './axe.ts';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { expectToast, login, watchLiveEvents } from './helpers.ts';
import { overflowAt } from './overflow.ts';
import { freePort, startApp, stopApp, type RunningApp } from './own-app.ts';

// Comunicados on a phone: the administrator publishes a pinned announcement with a photo
// from /comunicados, and a resident's home, open all along, shows it on top without a
// reload (with the toast); the resident reads it ('Novo'), the administrator sees who read
// it, and an edit reaches the resident's open list ('Editado'). The walk runs its own app:
// an announcement reaches every resident, and the walks sharing the project's server count
// their notifications.

const CLOCK_START = '2026-11-23T12:00:00-03:00';
const PINNED_UNTIL = '2026-11-25';

/** axe-core finds nothing at 390 px, and nothing sticks out at 390, 360 or 320 px. */
async function expectCleanAtPhoneWidths(page: Page) {
  const axe = await axeOn(page).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await overflowAt(page), `at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function signedIn(browser: Browser, app: RunningApp, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  await login(page, email, password);
  await expect(page).not.toHaveURL(/\/auth/);
  return page;
}

test('an administrator publishes a pinned announcement and a resident’s open home shows it live', async ({ browser }) => {
  test.setTimeout(300_000); // An app of its own: its database, migrations and demo data first.
  const port = await freePort();
  const dataDir = `.tmp/e2e-announcements-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const app = await startApp(port, dataDir, CLOCK_START);
  try {
    const resident = await signedIn(browser, app, 'ana@vizinhanca.app', 'morador-vizinhanca');
    const residentLive = await watchLiveEvents(resident);
    await resident.goto('/');
    await expect(resident.getByRole('heading', { name: 'Olá, Ana Beatriz Souza!' })).toBeVisible();
    await expect(resident.getByRole('link', { name: /Comunicado fixado/ })).toHaveCount(0);
    await residentLive();

    const admin = await signedIn(browser, app, 'admin@vizinhanca.app', 'admin-vizinhanca');
    await admin.goto('/comunicados');
    await expect(admin.getByText('Nenhum comunicado ainda')).toBeVisible();
    await admin.getByRole('button', { name: 'Novo comunicado' }).click();
    const form = admin.getByRole('dialog', { name: 'Novo comunicado' });
    // Empty: the form says what is missing and sends nothing.
    await form.getByRole('button', { name: 'Publicar' }).click();
    await expect(form.getByText('Escreva o título do comunicado')).toBeVisible();
    await expectCleanAtPhoneWidths(admin);
    const title = 'Falta de água na terça';
    await form.getByLabel('Título').fill(title);
    await form.getByLabel('Texto').fill('A água será desligada das 9h às 12h.\nDetalhes em https://exemplo.com/aviso');
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2b7a5f' } }).png().toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: photo });
    await expect(form.getByRole('img', { name: 'Foto do comunicado' })).toBeVisible();
    await form.getByLabel('Fixar até').fill(PINNED_UNTIL);
    await form.getByRole('button', { name: 'Publicar' }).click();
    await expectToast(admin, 'Comunicado publicado!');
    await expect(admin.getByRole('article', { name: title })).toContainText(/Lido por 0 de \d+ moradores/);

    // The resident's home, never reloaded: the toast and the pinned announcement on top.
    await expectToast(resident, `Comunicado: ${title}`);
    const banner = resident.getByRole('link', { name: `Comunicado fixado ${title}` });
    await expect(banner).toBeVisible();
    await resident.screenshot({ path: 'test-results/home-comunicado-fixado.png' });
    await expectCleanAtPhoneWidths(resident);

    // Opened: 'Novo', who published it and when, the text as written (the address is text, not a link).
    await banner.click();
    await expect(resident).toHaveURL(/\/comunicados$/);
    const article = resident.getByRole('article', { name: title });
    await expect(article).toContainText('Novo');
    await expect(article).toContainText('Publicado por Carla Mendes');
    await expect(article).toContainText('Detalhes em https://exemplo.com/aviso');
    await expect(article.getByRole('link')).toHaveCount(0);
    await expect(article.getByRole('img', { name: `Foto do comunicado ${title}` })).toBeVisible();
    await expect(article.getByRole('button', { name: /Editar|Remover/ })).toHaveCount(0);
    await resident.screenshot({ path: 'test-results/comunicados.png', fullPage: true });
    await expectCleanAtPhoneWidths(resident);

    // The administrator's open list, never reloaded, sees it read; an edit reaches the resident's open list.
    await expect(admin.getByRole('article', { name: title })).toContainText(/Lido por 1 de \d+ moradores/);
    await expectCleanAtPhoneWidths(admin);
    await admin.getByRole('button', { name: `Editar ${title}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Editar comunicado' });
    await edit.getByLabel('Título').fill(`${title} e na quarta`);
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(admin, 'Comunicado atualizado!');
    await expect(resident.getByRole('article', { name: `${title} e na quarta` })).toContainText('Editado');
  } finally {
    await stopApp(app).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
