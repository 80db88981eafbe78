import { expect, test } from './fixtures.ts';
import { DEMO, latestEmailTo, login, newResident, signUp } from './helpers.ts';

test('login with a wrong password shows the spec error and stays on /auth', async ({ page }) => {
  await login(page, DEMO.resident.email, 'senha-errada-mesmo');
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('login succeeds with a toast and lands on home', async ({ page }) => {
  await login(page, DEMO.resident.email, DEMO.resident.password);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();
});

test('sign-up masks the CPF and refuses wrong check digits without sending anything', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  const cpf = page.getByLabel('CPF');
  await cpf.fill('52998224726');
  await expect(cpf).toHaveValue('529.982.247-26');
  await page.getByLabel('Telefone').fill('11987654321');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('Nome completo').fill('Fulano de Tal');
  await page.getByLabel('E-mail').fill('fulano@exemplo.com');
  await page.getByLabel('Senha').fill('varanda-ensolarada');
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('auth.signUp')) requests += 1;
  });
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('CPF inválido').first()).toBeVisible();
  expect(requests).toBe(0);
});

test('a duplicate e-mail gets a clear message', async ({ page }) => {
  const resident = { ...newResident('duplicado'), email: DEMO.resident.email };
  await signUp(page, resident);
  await expect(page.getByText('Este e-mail já está cadastrado.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('logout from the profile ends the session', async ({ page }) => {
  await login(page, DEMO.resident.email, DEMO.resident.password);
  await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();
  await page.goto('/perfil');
  await page.getByRole('button', { name: 'Sair da Conta' }).click();
  await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/perfil');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the pending screen signs out with Sair', async ({ page }) => {
  await login(page, DEMO.pending.email, DEMO.pending.password);
  await expect(page.getByRole('heading', { name: 'Cadastro em Análise' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('password recovery through the e-mailed link', async ({ page }) => {
  const resident = newResident('recuperacao');
  await signUp(page, resident);
  await expect(page).toHaveURL(/\/pending-approval$/);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await page.getByLabel('E-mail').fill(resident.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('Se o e-mail estiver cadastrado, você receberá um link para criar uma nova senha.')).toBeVisible();

  await expect.poll(() => latestEmailTo(resident.email)).toContain('/redefinir-senha?token=');
  const link = /https?:\/\/\S+\/redefinir-senha\?token=[\w%-]+/.exec(latestEmailTo(resident.email)!)![0];
  await page.goto(link);
  await page.getByLabel('Nova senha', { exact: true }).fill('jardim-de-inverno');
  await page.getByLabel('Confirmar nova senha').fill('jardim-de-inverno');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha redefinida! Entre com a nova senha.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await login(page, resident.email, 'jardim-de-inverno');
  await expect(page.getByRole('heading', { name: 'Cadastro em Análise' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-nova');
  await page.getByLabel('Confirmar nova senha').fill('outra-senha-nova');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Este link é inválido ou expirou. Peça um novo link de recuperação.')).toBeVisible();
});
