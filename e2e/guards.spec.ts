import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

const PROTECTED = ['/', '/alugueis', '/comidas', '/servicos', '/perfil', '/anuncios', '/anuncios/criar', '/meus-pedidos', '/gerenciar-pedidos', '/notificacoes', '/mensagens', '/comunicados', '/configuracoes', '/admin', '/item/1', '/convites', '/ajuda', '/cobrancas', '/pagamentos', '/portaria'];

test('anonymous visitors are sent to /auth from every protected screen', async ({ page }) => {
  // 19 whole page loads: about 30 s on a quiet machine, so the default minute is too close under load.
  test.setTimeout(120_000);
  for (const path of PROTECTED) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/auth$/);
  }
  await expect(page.getByText('Conectando moradores para compartilhar recursos')).toBeVisible();
});

test('the page carries the condominium time zone from the server configuration', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.locator('meta[name="vz-condo-timezone"]')).toHaveAttribute('content', 'America/Recife');
});

test('an unknown path shows the 404 page to anyone', async ({ page }) => {
  await page.goto('/nao-existe/mesmo');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: /home/i })).toBeVisible();
});

test('a pending resident only reaches /pending-approval', async ({ page }) => {
  await signIn(page, DEMO.pending);
  await expect(page).toHaveURL(/\/pending-approval$/);
  for (const path of ['/', '/perfil', '/admin', '/auth']) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/pending-approval$/);
  }
  await expect(page.getByRole('heading', { name: 'Cadastro em Análise' })).toBeVisible();
});

test('an approved resident is sent home from /auth and /pending-approval, and denied /admin', async ({ page }) => {
  await signIn(page, DEMO.resident);
  await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Painel Admin' })).toHaveCount(0);
  await page.goto('/pending-approval');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await page.getByRole('button', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a moderator opens the admin panel but does not see people’s sign-ups', async ({ page }) => {
  await signIn(page, DEMO.moderator);
  await page.getByRole('link', { name: 'Painel Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard Admin' })).toBeVisible();
  await expect(page.getByText(DEMO.pending.email)).toHaveCount(0);
});

test('the aliases lead to their canonical routes', async ({ page }) => {
  await signIn(page, DEMO.resident);
  await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();
  await page.goto('/alugueis/abc');
  await expect(page).toHaveURL(/\/item\/abc$/);
  await page.goto('/criar-anuncio?edit=abc');
  await expect(page).toHaveURL(/\/anuncios\/criar\?edit=abc$/);
});
