import { expect, test, type Page } from './fixtures.ts';
import { callApi, DEMO, newLoggedInPage, newSignedInContext, signIn, uniqueWord } from './helpers.ts';

const NEIGHBOUR = { email: 'bruno@vizinhanca.app', password: 'morador-vizinhanca', name: 'Bruno Costa Lima' } as const;

async function createListing(page: Page, listing: Record<string, unknown>): Promise<string> {
  return (await callApi<{ id: string }>(page, 'listings.create', listing)).id;
}

/** The count on the home's 'Comidas' card ('3 pratos', '1 prato'). */
async function homeFoodCount(page: Page): Promise<number> {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Categorias' }).getByRole('link', { name: /Comidas/ });
  await expect(card).toContainText(/\d+ pratos?/);
  const match = /(\d+) pratos?/.exec((await card.textContent()) ?? '');
  return Number(match?.[1]);
}

test('a moderator approves a dish, a neighbour finds it by a word of its description, and a pause hides it', async ({ page, browser }) => {
  test.slow(); // Three people, a dozen screens.
  const word = uniqueWord('cenoura');
  const title = `Bolo de cenoura ${word.slice(-5)}`;
  const description = `Bolo fofinho com cobertura de brigadeiro, receita da vó ${word}. Serve 10 fatias.`;

  // Ana (the owner) publishes a dish made to order; it waits for approval.
  await signIn(page, DEMO.resident);
  const id = await createListing(page, {
    type: 'food',
    title,
    description,
    priceCents: 2750,
    tags: ['doces', 'caseiro'],
    deliveryOptions: ['pickup', 'delivery'],
    requiresAdvanceOrder: true,
    minimumNoticeHours: 48,
  });

  const neighbour = await newLoggedInPage(browser, NEIGHBOUR);
  const countBefore = await homeFoodCount(neighbour.page);

  // Not public yet.
  await neighbour.page.goto(`/food/${id}`);
  await expect(neighbour.page.getByRole('heading', { name: 'Prato não encontrado' })).toBeVisible();

  // The moderator approves it from the pendencies.
  const moderator = await newLoggedInPage(browser, DEMO.moderator, '/admin');
  await expect(moderator.page.getByRole('tab', { name: /^Pendências/ })).toHaveAttribute('aria-selected', 'true');
  await moderator.page.getByRole('searchbox', { name: 'Buscar anúncios pendentes' }).fill(word);
  const pendingCard = moderator.page.getByRole('article').filter({ hasText: title });
  await expect(pendingCard).toHaveCount(1);
  await expect(pendingCard).toContainText('Comida');
  await expect(pendingCard).toContainText('Ana Beatriz Souza');
  await expect(pendingCard).toContainText('R$ 27,50/unidade');
  await pendingCard.getByRole('button', { name: 'Aprovar' }).click();
  await expect(moderator.page.getByText('Anúncio aprovado com sucesso!')).toBeVisible();
  await expect(pendingCard).toHaveCount(0);
  // The owner is told live.
  await expect(page.getByText('Anúncio Aprovado! 🎉').first()).toBeVisible({ timeout: 15_000 });

  // A neighbour searches a word of the description, in another case.
  const neighbourPage = neighbour.page;
  await neighbourPage.goto('/comidas');
  await expect(neighbourPage.getByRole('heading', { name: 'Comidas' })).toBeVisible();
  await neighbourPage.getByRole('searchbox', { name: 'Buscar' }).fill(word.toUpperCase());
  const card = neighbourPage.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(neighbourPage.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText('Ana Beatriz Souza');
  await expect(card).toContainText('Apto A-101');
  await expect(card).toContainText('R$ 27,50');
  await expect(card).toContainText('/unidade');
  await expect(card).toContainText('Disponível');
  await expect(card).toContainText('Novo');
  await expect(card).toContainText('2 dias de antecedência');
  await expect(neighbourPage).toHaveURL(new RegExp(`busca=${word.toUpperCase()}`));

  // The chips filter: it is made to order, so 'Pronto' hides it and 'Sob Encomenda' shows it.
  const ready = neighbourPage.getByRole('button', { name: 'Pronto', exact: true });
  await ready.click();
  await expect(ready).toHaveAttribute('aria-pressed', 'true');
  await expect(neighbourPage.getByText('Nenhuma comida disponível no momento')).toBeVisible();
  await neighbourPage.getByRole('button', { name: 'Sob Encomenda', exact: true }).click();
  await expect(card).toBeVisible();

  // The detail.
  await card.getByRole('link', { name: title }).click();
  await expect(neighbourPage).toHaveURL(new RegExp(`/food/${id}$`));
  // The address changes before the detail is drawn, and the list's card shares its title, price and mark:
  // wait for the detail's own screen before reading them.
  await expect(neighbourPage.getByRole('heading', { name: 'Detalhes do Prato' })).toBeVisible();
  await expect(neighbourPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(neighbourPage.getByText('R$ 27,50').first()).toBeVisible();
  await expect(neighbourPage.getByText('/unidade').first()).toBeVisible();
  await expect(neighbourPage.getByText('Sob Encomenda', { exact: true })).toBeVisible();
  await expect(neighbourPage.getByText('Peça com pelo menos 2 dias de antecedência.')).toBeVisible();
  await expect(neighbourPage.getByText(/Disponível a partir de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/)).toBeVisible();
  await expect(neighbourPage.getByText(description)).toBeVisible();
  await expect(neighbourPage.getByText('Retirada no local')).toBeVisible();
  await expect(neighbourPage.getByRole('heading', { name: 'Anunciante' })).toBeVisible();
  await expect(neighbourPage.getByRole('button', { name: 'Fazer Pedido' })).toBeEnabled();
  await expect(neighbourPage.getByRole('link', { name: 'Gerenciar meu anúncio' })).toHaveCount(0);

  // The owner sees the way to manage it instead of ordering.
  await page.goto(`/food/${id}`);
  await expect(page.getByRole('link', { name: 'Gerenciar meu anúncio' })).toHaveAttribute('href', `/anuncio/${id}`);
  await expect(page.getByRole('button', { name: 'Fazer Pedido' })).toHaveCount(0);

  // The home card counts it.
  await expect.poll(() => homeFoodCount(neighbourPage)).toBeGreaterThan(countBefore);

  // The moderator pauses it from 'Todos os Anúncios', with a reason for the owner.
  await moderator.page.getByRole('tab', { name: /^Anúncios/ }).click();
  await expect(moderator.page).toHaveURL(/secao=anuncios/);
  await expect(moderator.page.getByRole('heading', { name: 'Todos os Anúncios' })).toBeVisible();
  await moderator.page.getByRole('searchbox', { name: 'Buscar anúncios', exact: true }).fill(word);
  const managed = moderator.page.getByRole('article').filter({ hasText: title });
  await expect(managed).toContainText('Ativo');
  await managed.getByRole('button', { name: 'Pausar' }).click();
  const pauseDialog = moderator.page.getByRole('dialog', { name: 'Pausar Anúncio' });
  await pauseDialog.getByLabel('Motivo').fill('A foto precisa mostrar o bolo inteiro.');
  await pauseDialog.getByRole('button', { name: 'Confirmar Pausa' }).click();
  await expect(moderator.page.getByText('Anúncio pausado com sucesso')).toBeVisible();
  await expect(pauseDialog).toHaveCount(0);
  await expect(managed).toContainText('Pausado pela administração');
  await expect(page.getByText('A foto precisa mostrar o bolo inteiro.').first()).toBeVisible({ timeout: 15_000 });

  // The filters: paused food matches, active does not.
  await moderator.page.getByLabel('Tipo').selectOption({ label: 'Comida' });
  await moderator.page.getByLabel('Status').selectOption({ label: 'Pausado' });
  await expect(managed).toBeVisible();
  await moderator.page.getByLabel('Status').selectOption({ label: 'Ativo' });
  await expect(moderator.page.getByText('Nenhum anúncio encontrado.')).toBeVisible();
  await moderator.page.getByLabel('Status').selectOption({ label: 'Todos' });

  // It left the public screens.
  await neighbourPage.goto(`/comidas?busca=${word}`);
  await expect(neighbourPage.getByText('Nenhuma comida disponível no momento')).toBeVisible();
  await neighbourPage.goto(`/food/${id}`);
  await expect(neighbourPage.getByRole('heading', { name: 'Prato não encontrado' })).toBeVisible();
  await expect(neighbourPage.getByRole('link', { name: 'Voltar para Comidas' })).toBeVisible();

  // Activated again, it comes back; deleted (after confirming), it is gone for good.
  await managed.getByRole('button', { name: 'Ativar' }).click();
  await expect(moderator.page.getByText('Anúncio ativado com sucesso')).toBeVisible();
  await expect(managed).toContainText('Ativo');
  await neighbourPage.goto(`/comidas?busca=${word}`);
  await expect(neighbourPage.getByRole('article').filter({ hasText: title })).toBeVisible();

  await managed.getByRole('button', { name: 'Excluir' }).click();
  const deleteDialog = moderator.page.getByRole('dialog', { name: 'Excluir Anúncio' });
  await deleteDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(managed).toBeVisible();
  await managed.getByRole('button', { name: 'Excluir' }).click();
  await deleteDialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(moderator.page.getByText('Anúncio excluído com sucesso')).toBeVisible();
  await expect(managed).toHaveCount(0);
  await neighbourPage.reload();
  await expect(neighbourPage.getByText('Nenhuma comida disponível no momento')).toBeVisible();

  await neighbour.context.close();
  await moderator.context.close();
});

test('the admin rejects a pending listing with a reason and the owner is told', async ({ page, browser }) => {
  const word = uniqueWord('furadeira');
  const title = `Furadeira ${word.slice(-5)}`;
  const reason = 'A foto não mostra o item anunciado.';
  const owner = await newLoggedInPage(browser, NEIGHBOUR);
  await createListing(owner.page, { type: 'rental', title, description: `Furadeira de impacto ${word}`, priceCents: 1500, deliveryOptions: ['pickup'] });

  await signIn(page, DEMO.admin, '/admin');
  await expect(page.getByRole('tab', { name: /^Pendências/ })).toContainText(/\d+ anúncios? · \d+ cadastros?/);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Aluguel');
  await expect(card).toContainText('R$ 15,00/dia');
  await card.getByRole('button', { name: 'Ver' }).click();
  const view = page.getByRole('dialog', { name: 'Detalhes do Anúncio' });
  await expect(view).toContainText(`Furadeira de impacto ${word}`);
  await expect(view).toContainText(NEIGHBOUR.name);
  await view.getByRole('button', { name: 'Fechar' }).click();
  await expect(view).toHaveCount(0);

  await card.getByRole('button', { name: 'Rejeitar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rejeitar Anúncio' });
  await expect(dialog.getByText('Deseja adicionar um motivo para a rejeição? (Opcional)')).toBeVisible();
  await dialog.getByLabel('Motivo').fill(reason);
  await dialog.getByRole('button', { name: 'Confirmar Rejeição' }).click();
  await expect(page.getByText('Anúncio rejeitado.')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The owner gets the reason live.
  await expect(owner.page.getByText(reason).first()).toBeVisible({ timeout: 15_000 });

  // It shows as rejected, with its reason, among all listings.
  await page.getByRole('tab', { name: /^Anúncios/ }).click();
  await page.getByLabel('Status').selectOption({ label: 'Rejeitado' });
  await page.getByRole('searchbox', { name: 'Buscar anúncios', exact: true }).fill(word);
  const rejected = page.getByRole('article').filter({ hasText: title });
  await expect(rejected).toContainText('Rejeitado');
  await expect(rejected).toContainText(reason);
  await expect(rejected.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  // Never public.
  await owner.page.goto(`/alugueis?busca=${word}`);
  await expect(owner.page.getByText('Nenhum item disponível no momento')).toBeVisible();
  await owner.context.close();
});

test('rental and service details show their own texts, units and not-found states', async ({ page, browser }) => {
  const word = uniqueWord('servico');
  const owner = await newSignedInContext(browser, DEMO.resident);
  const rentalId = await createListing(owner.page, {
    type: 'rental',
    title: `Escada ${word.slice(-5)}`,
    description: `Escada de alumínio ${word}`,
    priceCents: 1000,
    deliveryOptions: ['pickup', 'delivery'],
  });
  const serviceTitle = `Aula de violão ${word.slice(-5)}`;
  const serviceId = await createListing(owner.page, {
    type: 'service',
    title: serviceTitle,
    description: `Aulas para iniciantes ${word}`,
    priceCents: 8000,
    priceUnit: 'hour',
    deliveryOptions: ['pickup', 'delivery', 'scheduled'],
  });
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  await callApi(moderator.page, 'listings.moderation.approve', { id: rentalId });
  await callApi(moderator.page, 'listings.moderation.approve', { id: serviceId });
  await moderator.context.close();

  // Services: the unit the owner chose, 'Prestador' and the service delivery labels.
  await signIn(page, NEIGHBOUR, '/servicos');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(word);
  const serviceCard = page.getByRole('article').filter({ hasText: serviceTitle });
  await expect(serviceCard).toContainText('R$ 80,00/hora');
  await page.getByRole('button', { name: 'Disponível', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Disponível', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(serviceCard).toBeVisible();
  await serviceCard.getByRole('link', { name: serviceTitle }).click();
  await expect(page).toHaveURL(new RegExp(`/service/${serviceId}$`));
  await expect(page.getByRole('heading', { name: 'Prestador' })).toBeVisible();
  await expect(page.getByText('/hora').first()).toBeVisible();
  for (const label of ['No Local', 'Atendimento Domiciliar', 'Agendamento']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Solicitar Serviço' })).toBeEnabled();

  // Rentals: per day, 'Anunciante', no reviews yet.
  await page.goto(`/item/${rentalId}`);
  await expect(page.getByRole('heading', { name: 'Detalhes do Item' })).toBeVisible();
  await expect(page.getByText('/dia').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Anunciante' })).toBeVisible();
  await expect(page.getByText('Apto A-101')).toBeVisible();
  await expect(page.getByText('Ainda não há avaliações')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solicitar Aluguel' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Voltar', exact: true })).toHaveAttribute('href', '/alugueis');

  // A link with the wrong type opens the right screen; /alugueis/{id} is the same detail.
  await page.goto(`/food/${rentalId}`);
  await expect(page).toHaveURL(new RegExp(`/item/${rentalId}$`));
  await page.goto(`/alugueis/${rentalId}`);
  await expect(page).toHaveURL(new RegExp(`/item/${rentalId}$`));

  // Unknown ids.
  await page.goto('/item/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Item não encontrado' })).toBeVisible();
  await page.goto('/service/nao-existe');
  await expect(page.getByRole('heading', { name: 'Serviço não encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para Serviços' }).click();
  await expect(page).toHaveURL(/\/servicos$/);
  await owner.context.close();
});
