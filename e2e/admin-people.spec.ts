import { expect, test } from './fixtures.ts';
import { DEMO, login, newLoggedInPage, newResident, signIn, signUp } from './helpers.ts';

test('an administrator finds a resident, suspends them (their open tab leaves the app), reactivates them and grants the moderator role', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A resident of their own, approved by the administrator, with the app open.
  const resident = newResident('suspensao');
  await signUp(page, resident);
  await expect(page.getByRole('heading', { name: 'Cadastro em Análise' })).toBeVisible();
  const admin = await newLoggedInPage(browser, DEMO.admin, '/admin');
  await admin.page.getByRole('article').filter({ hasText: resident.email }).getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByRole('heading', { name: `Olá, ${resident.fullName}!` })).toBeVisible({ timeout: 15_000 });

  // Usuários: find them by name, without the accents or the case.
  await admin.page.getByRole('tab', { name: /Usuários/ }).click();
  await admin.page.getByLabel('Buscar usuários').fill(resident.fullName.toLowerCase());
  const card = admin.page.getByRole('article', { name: resident.fullName });
  // The search applies after a pause in typing: until it has, the list still holds everyone and the card can move under the tap.
  await expect(admin.page.getByRole('list', { name: 'Usuários' }).getByRole('article')).toHaveCount(1);
  await expect(card.getByText(resident.email)).toBeVisible();

  // Suspend.
  await card.getByRole('button', { name: `Editar ${resident.fullName}` }).click();
  let dialog = admin.page.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(dialog.getByText(resident.email)).toBeVisible();
  await dialog.getByLabel('Conta suspensa').check();
  await dialog.getByLabel('Motivo').fill('Reclamações de vizinhos');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.page.getByText('Usuário atualizado com sucesso!')).toBeVisible();
  await expect(card.getByText('Suspenso')).toBeVisible();

  // The resident's open tab leaves the app at once (every session ended, no reload).
  await expect(page).toHaveURL(/\/auth$/, { timeout: 15_000 });
  // Signing in again shows why.
  await login(page, resident.email, resident.password);
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByRole('heading', { name: 'Conta suspensa' })).toBeVisible();

  // Reactivate: the resident is back in the app.
  await card.getByRole('button', { name: `Editar ${resident.fullName}` }).click();
  dialog = admin.page.getByRole('dialog', { name: 'Editar Usuário' });
  await dialog.getByLabel('Conta suspensa').uncheck();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.page.getByText('Usuário atualizado com sucesso!').first()).toBeVisible();
  await expect(card.getByText('Suspenso')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Olá, ${resident.fullName}!` })).toBeVisible();

  // Grant the moderator role: the resident can open the panel.
  await card.getByRole('button', { name: `Editar ${resident.fullName}` }).click();
  dialog = admin.page.getByRole('dialog', { name: 'Editar Usuário' });
  await dialog.getByLabel('Moderador').check();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(card.getByText('Moderador')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard Admin' })).toBeVisible();
  // A moderator sees only the sections their powers cover.
  await expect(page.getByRole('tab', { name: /Usuários/ })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Atividade/ })).toBeVisible();

  // The administrator sees it all in Atividade.
  await admin.page.getByRole('tab', { name: /Atividade/ }).click();
  const activity = admin.page.getByRole('list', { name: 'Atividade' });
  await expect(activity.getByText('Papel concedido').first()).toBeVisible();
  await expect(activity.getByText('Conta suspensa').first()).toBeVisible();
  await expect(activity.getByText('Motivo: Reclamações de vizinhos').first()).toBeVisible();
  await admin.context.close();
});

test('an administrator manages an advertiser, creates a charge for them and marks it paid in Cobranças', async ({ page }) => {
  await signIn(page, DEMO.admin, '/admin?secao=anunciantes');
  const bruno = page.getByRole('article', { name: 'Bruno Costa Lima' });
  await expect(bruno.getByText('Total')).toBeVisible();
  await bruno.getByRole('button', { name: 'Gerenciar Usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(dialog.getByText('bruno@vizinhanca.app')).toBeVisible();
  await dialog.getByLabel('Valor (R$)').fill('1.234,56');
  await dialog.getByLabel('Vencimento').fill('2030-01-15');
  await dialog.getByRole('button', { name: 'Criar cobrança' }).click();
  await expect(page.getByText('Cobrança criada')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('tab', { name: /Cobranças/ }).click();
  await expect(page.getByText('Anúncios de usuários com cobranças vencidas são pausados automaticamente até o pagamento.')).toBeVisible();
  const charge = page.getByRole('article', { name: 'Cobrança de Bruno Costa Lima' }).filter({ hasText: 'R$ 1.234,56' });
  await expect(charge.getByText('vence em 15/01/2030')).toBeVisible();
  await charge.getByRole('button', { name: 'Marcar como paga' }).click();
  await expect(page.getByText('Cobrança marcada como paga')).toBeVisible();
  await expect(charge.getByText('Paga')).toBeVisible();
});
