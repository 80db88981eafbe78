import { expect, test, type Page } from './fixtures.ts';
import sharp from 'sharp';
import { DEMO, newSignedInContext, signIn } from './helpers.ts';

// Bruno publishes here, so these walks never touch the listings other specs give Ana.
const OWNER = { email: 'bruno@vizinhanca.app', password: 'morador-vizinhanca' } as const;

/** A real photo-like JPEG (noise does not compress), big enough for the progress bar to be seen. */
async function photo(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + ((i / 3) | 0) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

async function chooseImage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Adicionar foto|Trocar foto/ }).click();
  await (await chooser).setFiles(file);
}

test('the create form refuses what the shared schema refuses, before sending anything', async ({ page }) => {
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('listings.create') || request.url().includes('/api/images')) sent += 1;
  });
  await signIn(page, OWNER, '/anuncios/criar?category=food');
  await expect(page.getByRole('heading', { name: 'Criar Anúncio' })).toBeVisible();
  await expect(page.getByText('Passo 2 de 2 · Comidas')).toBeVisible();
  // Pickup is checked by default (spec 5).
  await expect(page.getByRole('checkbox', { name: 'Retirada no local' })).toBeChecked();

  await page.getByRole('button', { name: 'Publicar Anúncio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preencha todos os campos obrigatórios' })).toBeVisible();
  await expect(page.getByLabel('Título')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Descrição')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Título').fill('Pão de queijo congelado');
  await page.getByLabel('Descrição').fill('Pacote com 20 unidades.');
  await page.getByLabel('Preço (R$)').fill('0');
  await page.getByRole('button', { name: 'Publicar Anúncio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Insira um preço válido' })).toBeVisible();

  await page.getByLabel('Preço (R$)').fill('25');
  await page.getByRole('checkbox', { name: 'Retirada no local' }).uncheck();
  await page.getByRole('button', { name: 'Publicar Anúncio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Selecione pelo menos uma opção de entrega' })).toBeVisible();
  await expect(page.getByLabel('Preço (R$)')).toHaveValue('25,00');

  // 6 MB: refused on the phone with the server's message.
  await chooseImage(page, { name: 'grande.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(page.getByRole('status').filter({ hasText: 'Imagem deve ter no máximo 5MB' })).toBeVisible();
  await expect(page.getByText('Imagem deve ter no máximo 5MB', { exact: true }).last()).toBeVisible();
  expect(sent).toBe(0);

  // The back arrow of step 2 returns to step 1.
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { name: 'O que você quer anunciar?' })).toBeVisible();
  await expect(page).toHaveURL(/\/anuncios\/criar$/);
});

test('a resident publishes a dish with a photo, then pauses, reactivates, renews, edits and deletes it', async ({ page, browser, baseURL }) => {
  const title = `Bolo de fubá com goiabada ${Date.now() % 100000}`;
  // /anuncios -> Criar -> step 1 -> Comidas.
  await signIn(page, OWNER, '/anuncios');
  await expect(page.getByRole('heading', { name: 'Meus Anúncios' })).toBeVisible();
  await page.getByRole('link', { name: 'Criar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'O que você quer anunciar?' })).toBeVisible();
  await expect(page.getByText(/ativo por 30 dias/)).toBeVisible();
  await page.getByRole('link', { name: /^Comidas/ }).click();
  await expect(page).toHaveURL(/category=food/);

  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Descrição').fill('Bolo fofinho de fubá com pedaços de goiabada. Forma de 20 cm, serve 10 fatias.');
  await page.getByLabel('Preço (R$)').fill('18,50');
  await page.getByLabel('Categorias').fill('bolo, caseiro');
  await page.getByRole('checkbox', { name: 'Entrega' }).check();
  await page.getByRole('switch', { name: 'Requer encomenda antecipada' }).check();
  await page.getByRole('button', { name: '2 dias' }).click();
  await expect(page.getByLabel('Antecedência mínima (horas)')).toHaveValue('48');
  await expect(page.getByRole('button', { name: '2 dias' })).toHaveAttribute('aria-pressed', 'true');

  // A slow upload, so the progress bar is there to be seen; publishing waits for it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 120 * 1024 });
  await chooseImage(page, { name: 'bolo.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  const progress = page.getByRole('progressbar', { name: 'Envio da imagem' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/Enviando imagem\.\.\. \d+%/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publicar Anúncio' })).toBeDisabled();
  await expect(progress).toBeHidden({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByRole('status').filter({ hasText: 'Imagem enviada!' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto 1 de 1' })).toBeVisible();

  await page.getByRole('button', { name: 'Publicar Anúncio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anúncio criado! Aguardando aprovação do administrador.' })).toBeVisible();
  await expect(page).toHaveURL(/\/anuncios$/);
  // The card is an article named by its title; the title is its link.
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Pendente', { exact: true })).toBeVisible();
  await expect(card.getByText('Comida', { exact: true })).toBeVisible();

  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/anuncio\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: title })).toBeVisible();
  await expect(main.getByText('R$ 18,50')).toBeVisible();
  await expect(main.getByRole('img', { name: `Foto de ${title}` })).toBeVisible();
  await expect(main.getByText('N/A', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Pausar' })).toHaveCount(0);

  // The moderator approves it through the API (the admin screen is another walk).
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const approval = await moderator.page.request.post('/trpc/listings.moderation.approve', {
    data: { json: { id } },
    headers: { origin: baseURL! },
  });
  expect(approval.ok()).toBe(true);
  await moderator.context.close();

  await page.reload();
  await expect(main.getByText('Ativo', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('N/A', { exact: true })).toHaveCount(0);

  await main.getByRole('button', { name: 'Pausar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anúncio pausado' })).toBeVisible();
  await expect(main.getByText('Pausado', { exact: true }).first()).toBeVisible();
  await main.getByRole('button', { name: 'Reativar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anúncio reativado' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Pausar' })).toBeVisible();
  await expect(main.getByText('Ativo', { exact: true }).first()).toBeVisible();

  await main.getByRole('button', { name: 'Renovar' }).click();
  const renewed = page.getByRole('status').filter({ hasText: 'Anúncio renovado' });
  await expect(renewed).toBeVisible();
  await expect(renewed).toContainText('Seu anúncio foi renovado por mais 30 dias!');

  // Editing the title of an active listing sends it back to approval.
  await main.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(new RegExp(`/anuncios/criar\\?edit=${id}$`));
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await expect(page.getByLabel('Preço (R$)')).toHaveValue('18,50');
  await expect(page.getByLabel('Antecedência mínima (horas)')).toHaveValue('48');
  await expect(page.getByRole('img', { name: 'Foto 1 de 1' })).toBeVisible();
  const newTitle = `${title} (sem glúten)`;
  await page.getByLabel('Título').fill(newTitle);
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  const updated = page.getByRole('status').filter({ hasText: 'Anúncio atualizado!' });
  await expect(updated).toBeVisible();
  await expect(updated).toContainText('voltou para aprovação');
  await expect(page).toHaveURL(new RegExp(`/anuncio/${id}$`));
  await expect(main.getByRole('heading', { name: newTitle })).toBeVisible();
  await expect(main.getByText('Pendente', { exact: true }).first()).toBeVisible();
  // The photo was kept.
  await expect(main.getByRole('img', { name: `Foto de ${newTitle}` })).toBeVisible();

  // Delete, after the confirm.
  await main.getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir anúncio' });
  await expect(dialog.getByText('Tem certeza que deseja excluir este anúncio?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  const deleted = page.getByRole('status').filter({ hasText: 'Anúncio excluído' });
  await expect(deleted).toBeVisible();
  await expect(deleted).toContainText('Seu anúncio foi excluído com sucesso.');
  await expect(page).toHaveURL(/\/anuncios$/);
  await expect(page.getByRole('heading', { name: 'Meus Anúncios' })).toBeVisible();
  await expect(page.getByRole('link', { name: newTitle })).toHaveCount(0);

  await page.goto(`/anuncio/${id}`);
  await expect(page.getByRole('heading', { name: 'Anúncio não encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para Meus Anúncios' }).click();
  await expect(page).toHaveURL(/\/anuncios$/);
});
