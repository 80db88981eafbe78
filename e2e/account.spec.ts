import { expect, test, type Page } from './fixtures.ts';
import { appStarted, DEMO, latestEmailTo, login, newLoggedInPage, newResident, signIn, uniqueEmail } from './helpers.ts';

// The offline walk reads what the service worker kept.
test.use({ serviceWorkers: 'allow' });

test('a resident invites a neighbour, who signs up through the link and is approved; the invite reads Aceito; a password change ends the other session', async ({
  page,
  browser,
}) => {
  // Ana invites an e-mail from /convites.
  const ana = await newLoggedInPage(browser, DEMO.resident, '/convites');
  await expect(ana.page.getByRole('heading', { name: 'Convites', level: 1 })).toBeVisible();
  const invited = newResident('convidada');
  await ana.page.getByLabel('E-mail').fill(invited.email);
  await ana.page.getByPlaceholder('Ex: Apt 1205 ou Visitante').fill('Apt 1205');
  await ana.page.getByRole('button', { name: 'Enviar convite', exact: true }).click();
  await expect(ana.page.getByText('Convite enviado com sucesso!')).toBeVisible();
  const item = ana.page.getByRole('listitem').filter({ hasText: invited.email });
  await expect(item.getByText('Pendente')).toBeVisible();
  await expect(item.getByText('Apt 1205')).toBeVisible();
  await expect(ana.page.getByText(/^\d+ pendentes$/)).toBeVisible();

  // The outbox has the personal link.
  await expect.poll(() => latestEmailTo(invited.email)).toMatch(/\/convite\/[A-Z0-9]{10}/);
  const link = /https?:\/\/[^\s]+\/convite\/[A-Z0-9]{10}/.exec(latestEmailTo(invited.email)!)![0];

  // The neighbour opens it: who invited, sign-up filled in.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Ana Beatriz Souza convidou você para o Vizinhança.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(invited.email);
  await expect(page.getByLabel('Apartamento')).toHaveValue('1205');
  await page.getByLabel('Nome completo').fill(invited.fullName);
  await page.getByLabel('CPF').fill(invited.cpf);
  await page.getByLabel('Bloco').fill('C');
  await page.getByLabel('Senha').fill(invited.password);
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page).toHaveURL(/\/pending-approval$/);

  // The admin sees who invited, and approves.
  const admin = await newLoggedInPage(browser, DEMO.admin, '/admin');
  const card = admin.page.getByRole('article').filter({ hasText: invited.email });
  await expect(card.getByText('Convidado por Ana Beatriz Souza')).toBeVisible();
  await card.getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.page.getByText('Usuário aprovado com sucesso!')).toBeVisible();
  await admin.context.close();

  // Ana's invite now reads Aceito (live, no reload needed).
  await expect(item.getByText('Aceito')).toBeVisible({ timeout: 15_000 });
  await ana.context.close();

  // The new resident has a second session open elsewhere; changing the password here ends it.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  const other = await newLoggedInPage(browser, invited);
  await page.goto('/configuracoes');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar senha' });
  await dialog.getByLabel('Senha atual').fill('senha-errada-mesmo');
  await dialog.getByLabel('Nova senha', { exact: true }).fill('jardim-de-outono');
  await dialog.getByLabel('Confirmar nova senha').fill('jardim-de-outono');
  await dialog.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Erro ao alterar senha: Senha atual incorreta')).toBeVisible();
  await dialog.getByLabel('Senha atual').fill(invited.password);
  await dialog.getByLabel('Confirmar nova senha').fill('outra-coisa-qualquer');
  await dialog.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('As senhas não coincidem').first()).toBeVisible();
  await dialog.getByLabel('Confirmar nova senha').fill('jardim-de-outono');
  await dialog.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await expect.poll(() => latestEmailTo(invited.email)).toContain('senha foi alterada');

  await other.page.goto('/perfil');
  await expect(other.page).toHaveURL(/\/auth/, { timeout: 15_000 });
  await login(other.page, invited.email, 'jardim-de-outono');
  await expect(other.page).not.toHaveURL(/\/auth/);
  await other.context.close();
});

test('a second invite to the same e-mail is refused, and Cancelar stops the link', async ({ page }) => {
  await signIn(page, DEMO.resident, '/convites');
  const email = uniqueEmail('cancelado');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar convite', exact: true }).click();
  await expect(page.getByText('Convite enviado com sucesso!')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar convite', exact: true }).click();
  await expect(page.getByText('Erro ao enviar convite: Já existe um convite pendente para este e-mail.')).toBeVisible();

  await page.getByRole('button', { name: `Cancelar convite para ${email}` }).click();
  await expect(page.getByText('Convite cancelado!')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email }).getByRole('button')).toHaveCount(0);

  await expect.poll(() => latestEmailTo(email)).toMatch(/\/convite\/[A-Z0-9]{10}/);
  const path = /\/convite\/[A-Z0-9]{10}/.exec(latestEmailTo(email)!)![0];
  const anonymous = await page.context().browser()!.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(path);
  await expect(visitor.getByRole('heading', { name: 'Convite indisponível' })).toBeVisible();
  await expect(visitor.getByText('Este convite foi cancelado.', { exact: false })).toBeVisible();
  // The spec's English form of the link leads to the same place.
  await visitor.goto(path.replace('/convite/', '/invite/'));
  await expect(visitor).toHaveURL(/\/convite\/[A-Z0-9]{10}$/);
  await expect(visitor.getByRole('heading', { name: 'Convite indisponível' })).toBeVisible();
  await anonymous.close();
});

test('the help search filters the FAQ as one types, ignoring accents', async ({ page }) => {
  await signIn(page, DEMO.resident, '/ajuda');
  const search = page.getByLabel('Buscar nas perguntas frequentes');
  await expect(page.getByRole('heading', { name: 'Comidas' })).toBeVisible();
  await search.fill('aluguel');
  await expect(page.getByRole('heading', { name: 'Aluguéis' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comidas' })).toHaveCount(0);
  await expect(page.getByText('Como combino a devolução?')).toBeVisible();
  await search.fill('xyzzy');
  await expect(page.getByText('Nenhuma pergunta encontrada')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ligar para a portaria' })).toHaveAttribute('href', 'tel:1133334444');

  // The front desk's contact cards come from the configuration (playwright.config.ts).
  const contacts = page.getByRole('region', { name: 'Fale com a portaria' });
  await expect(contacts.getByRole('link', { name: /^Telefone/ })).toHaveAttribute('href', 'tel:1133334444');
  await expect(contacts.getByRole('link', { name: /^E-mail/ })).toHaveAttribute('href', 'mailto:portaria@jardimdasflores.com.br');
  const whatsapp = contacts.getByRole('link', { name: /^WhatsApp/ });
  await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/5511988887777');
  await expect(whatsapp).toHaveAttribute('target', '_blank');
});

/** Waits until the app's saved copy on the device (client/src/lib/saved-query-cache.ts) holds an answer of this procedure. */
async function savedOnDevice(page: Page, procedure: string) {
  const [router, name] = procedure.split('.');
  await page.waitForFunction(
    ([first, second]) => {
      const saved = localStorage.getItem('vz-query-cache-v1');
      return saved !== null && saved.includes(`"${first}","${second}"`);
    },
    [router, name],
  );
}

test('offline, the last-seen home, list, listing, orders and notifications still show, marked as saved data', async ({ page, context }) => {
  await signIn(page, DEMO.resident);
  // Each screen in its own page load: what is saved on the device is more than the last one.
  await page.goto('/alugueis');
  const firstCard = page.getByRole('article').first();
  await expect(firstCard).toBeVisible();
  // The list is drawn by the server: the app (and its offline copy) must run before the walk leaves it.
  await appStarted(page);
  const title = (await firstCard.getByRole('heading').first().textContent())!.trim();
  await firstCard.getByRole('heading').first().click();
  await expect(page).toHaveURL(/\/item\/[0-9a-f-]+$/);
  // The address changes before the detail is drawn, and the list's card has the same title: wait for the
  // detail's own screen, then its title, so its answer has arrived (and is saved) before the walk leaves.
  await expect(page.getByRole('heading', { name: 'Detalhes do Item' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  const detailPath = new URL(page.url()).pathname;
  await page.goto('/meus-pedidos');
  const order = page.getByRole('article').first();
  await expect(order).toBeVisible();
  const orderTitle = (await order.getByRole('heading').first().textContent())!.trim();
  // Drawn by the server too, and each a page load of its own: the walk leaves only once the device's
  // copy holds the screen's answer (the app keeps it a moment after it starts; a resident moving
  // inside the installed app never reloads it, so nothing is lost between screens).
  await savedOnDevice(page, 'orders.mine');
  await page.goto('/notificacoes');
  const notification = page.getByRole('listitem').filter({ hasText: 'Novo pedido recebido' }).first();
  await expect(notification).toBeVisible();
  await savedOnDevice(page, 'notifications.list');
  await page.goto('/');
  await expect(page.getByText('Olá, Ana Beatriz Souza!')).toBeVisible();
  // Give the cache a moment to be saved on the device.
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  const saved = page.getByText(/Você está offline\. Mostrando dados salvos em/);
  await page.reload();
  await expect(saved).toBeVisible();
  await expect(page.getByText('Olá, Ana Beatriz Souza!')).toBeVisible();

  await page.goto('/alugueis');
  await expect(saved).toBeVisible();
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();

  await page.goto(detailPath);
  await expect(saved).toBeVisible();
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  await expect(page.getByText('Não foi possível carregar')).toHaveCount(0);

  await page.goto('/meus-pedidos');
  await expect(saved).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meus Pedidos' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { name: orderTitle }).first()).toBeVisible();

  await page.goto('/notificacoes');
  await expect(saved).toBeVisible();
  await expect(page.getByText('Novo pedido recebido').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A screen never opened before says it could not load instead of waiting forever.
  await page.goto('/comidas');
  await expect(saved).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
  await context.setOffline(false);
});
