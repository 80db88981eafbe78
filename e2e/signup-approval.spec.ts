import { expect, test } from './fixtures.ts';
import { DEMO, latestEmailTo, newLoggedInPage, newResident, signUp } from './helpers.ts';

test('a new resident signs up, waits, and enters the app by itself when the admin approves', async ({ page, browser }) => {
  const resident = newResident('aprovacao');
  await signUp(page, resident);
  await expect(page.getByText('Cadastro realizado com sucesso! Você já pode fazer login.')).toBeVisible();
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByRole('heading', { name: 'Cadastro em Análise' })).toBeVisible();
  await expect(page.getByText(/24 horas úteis/)).toBeVisible();

  // The administrator approves in /admin, in another browser.
  const admin = await newLoggedInPage(browser, DEMO.admin, '/admin');
  await expect(admin.page.getByRole('heading', { name: 'Dashboard Admin' })).toBeVisible();
  const card = admin.page.getByRole('article').filter({ hasText: resident.email });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.page.getByText('Usuário aprovado com sucesso!')).toBeVisible();
  await expect(card).toHaveCount(0);

  // No reload: the realtime event moves the resident to the home screen.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: `Olá, ${resident.fullName}!` })).toBeVisible();
  await expect(page.getByText('Cadastro aprovado! 🎉').first()).toBeVisible();

  // The e-mail the pending screen promised.
  await expect.poll(() => latestEmailTo(resident.email)).toContain('aprovou o seu cadastro');
  await admin.context.close();
});

test('the admin rejects a sign-up with a reason, and the resident sees it', async ({ page, browser }) => {
  const resident = newResident('rejeicao');
  await signUp(page, resident);
  await expect(page.getByRole('heading', { name: 'Cadastro em Análise' })).toBeVisible();

  const admin = await newLoggedInPage(browser, DEMO.admin, '/admin');
  const card = admin.page.getByRole('article').filter({ hasText: resident.email });
  await card.getByRole('button', { name: 'Rejeitar' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Rejeitar Cadastro' });
  await expect(dialog.getByText('Deseja adicionar um motivo para a rejeição? (Opcional)')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Apartamento não encontrado no cadastro do condomínio');
  await dialog.getByRole('button', { name: 'Confirmar Rejeição' }).click();
  await expect(admin.page.getByText('Cadastro rejeitado')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Cadastro Não Aprovado' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Apartamento não encontrado no cadastro do condomínio')).toBeVisible();
  await admin.context.close();
});
