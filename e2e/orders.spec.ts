import { expect, test, type Locator, type Page } from './fixtures.ts';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { approvedResident, br, callApi, DEMO, expectToast, newSignedInContext, publishedListing } from './helpers.ts';

// Orders from request to review (spec 2.15-2.17, 2.23). Each walk uses residents
// created for it, so its counters and the owner's rating ('Novo' before, '4,0'
// after one review) do not depend on the demo data or on other specs.

/** A rental published by the owner and approved by the moderator, ready to be ordered. */
function approvedRental(owner: Page, moderator: Page, title: string): Promise<string> {
  return publishedListing(owner, moderator, {
    type: 'rental',
    title,
    description: 'Furadeira 650W com maleta e brocas para parede, madeira e metal.',
    priceCents: 1500,
    deliveryOptions: ['pickup'],
  });
}

/** Each labelled counter of the summary named `name` shows its number. */
async function expectCounters(page: Page, name: string, counters: Record<string, number>) {
  const summary = page.getByLabel(name);
  for (const [label, value] of Object.entries(counters)) {
    await expect(summary.locator('div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd'), label).toHaveText(String(value));
  }
}

function orderCard(page: Page, title: string, startDate: string): Locator {
  return page.getByRole('article').filter({ hasText: title }).filter({ hasText: `Retirada ${br(startDate)}` });
}

test('a rental runs from request to review: approve, hand over, complete, review; a second request is cancelled', { tag: '@dates' }, async ({ browser, today }) => {
  test.slow(); // Four people, a dozen screens.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dono');
  const neighbour = await approvedResident(browser, admin.page, 'vizinho');

  const title = `Furadeira ${Date.now().toString(36)}`;
  const listingId = await approvedRental(owner.page, moderator.page, title);
  // Three days from today, both ends counted: R$ 45,00. A second, later request will be cancelled.
  const [start, end] = [addDays(today, 0), addDays(today, 2)];
  const [laterStart, laterEnd] = [addDays(today, 6), addDays(today, 7)];
  await callApi(neighbour.page, 'orders.create', { listingId, startDate: start, endDate: end, message: 'Vou pendurar as prateleiras da sala.' });
  await callApi(neighbour.page, 'orders.create', { listingId, startDate: laterStart, endDate: laterEnd });

  // The neighbour sees both requests pending, then cancels the later one.
  const mine = neighbour.page;
  await mine.goto('/meus-pedidos');
  await expect(mine.getByRole('heading', { name: 'Meus Pedidos' })).toBeVisible();
  await expectCounters(mine, 'Resumo dos pedidos', { Total: 2, Pendentes: 2, Ativos: 0, Finalizados: 0 });
  await expect(mine.getByRole('tab', { name: 'Todos' })).toHaveAttribute('aria-selected', 'true');
  const request = orderCard(mine, title, start);
  await expect(request).toContainText('Pendente');
  await expect(request).toContainText(owner.fullName);
  await expect(request).toContainText(/Apto E-\d+/);
  await expect(request).toContainText('R$ 45,00');
  await expect(request).toContainText(`Devolução ${br(end)}`);
  await expect(request).toContainText('3 dias');
  await expect(request).toContainText('Retirada no local');
  const contact = request.getByRole('link', { name: 'Contatar via WhatsApp' });
  await expect(contact).toHaveAttribute('href', `https://wa.me/5511987654321?text=${encodeURIComponent(`Olá! Sobre o pedido de "${title}" no Vizinhança.`)}`);
  await expect(contact).toHaveAttribute('target', '_blank');
  await expect(contact).toHaveAttribute('rel', /noopener/);

  const later = orderCard(mine, title, laterStart);
  await expect(later).toContainText('2 dias');
  await expect(later).toContainText('R$ 30,00');
  await later.getByRole('button', { name: 'Cancelar' }).click();
  const cancelDialog = mine.getByRole('dialog', { name: 'Cancelar Pedido' });
  await cancelDialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(cancelDialog).toHaveCount(0);
  await later.getByRole('button', { name: 'Cancelar' }).click();
  await cancelDialog.getByLabel('Motivo (opcional)').fill('Mudei de planos.');
  await cancelDialog.getByRole('button', { name: 'Confirmar Cancelamento' }).click();
  await expectToast(mine, 'Status atualizado!');
  await expect(cancelDialog).toHaveCount(0);
  await expect(later).toContainText('Cancelado');
  await expect(later.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
  await expectCounters(mine, 'Resumo dos pedidos', { Total: 2, Pendentes: 1, Ativos: 0, Finalizados: 1 });
  await mine.getByRole('tab', { name: 'Pendentes' }).click();
  await expect(mine).toHaveURL(/aba=pendentes/);
  await expect(mine.getByRole('article')).toHaveCount(1);
  await expect(request).toBeVisible();

  // The owner: pending is the default tab; the cancelled request is already finished.
  const manage = owner.page;
  await manage.goto('/gerenciar-pedidos');
  await expect(manage.getByRole('heading', { name: 'Gerenciar Pedidos' })).toBeVisible();
  await expect(manage.getByRole('tab', { name: 'Pendentes' })).toHaveAttribute('aria-selected', 'true');
  await expectCounters(manage, 'Resumo dos pedidos recebidos', { Pendentes: 1, Aprovados: 0, 'Em Andamento': 0, Finalizados: 1 });
  const received = orderCard(manage, title, start);
  await expect(manage.getByRole('article')).toHaveCount(1);
  await expect(received).toContainText(neighbour.fullName);
  await expect(received).toContainText('Vou pendurar as prateleiras da sala.');
  await expect(received).toContainText('R$ 45,00');
  await expect(received).toContainText('3 dias');
  await expect(received.getByRole('link', { name: 'Contatar cliente' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5511987654321\?text=/);
  await expect(received.getByRole('button', { name: 'Rejeitar' })).toBeVisible();

  await received.getByRole('button', { name: 'Aprovar' }).click();
  await expectToast(manage, 'Status atualizado!');
  await expect(manage.getByText('Não há pedidos nesta categoria no momento.')).toBeVisible();
  await expectCounters(manage, 'Resumo dos pedidos recebidos', { Pendentes: 0, Aprovados: 1, 'Em Andamento': 0, Finalizados: 1 });

  await manage.getByRole('tab', { name: 'Aprovados' }).click();
  await expect(manage).toHaveURL(/aba=aprovados/);
  await expect(received).toContainText('Aprovado');
  // Handing the item over asks first, like rejecting does.
  await received.getByRole('button', { name: 'Marcar como entregue' }).click();
  const deliverDialog = manage.getByRole('dialog', { name: 'Marcar como entregue' });
  await expect(deliverDialog).toContainText(neighbour.fullName);
  await deliverDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(deliverDialog).toHaveCount(0);
  await expect(received).toContainText('Aprovado');
  await received.getByRole('button', { name: 'Marcar como entregue' }).click();
  await deliverDialog.getByRole('button', { name: 'Confirmar Entrega' }).click();
  await expectToast(manage, 'Status atualizado!');
  await expect(manage.getByText('Não há pedidos nesta categoria no momento.')).toBeVisible();

  // In progress: the bar counts the days until the return (first of three days: 33% used, the return in 2 days).
  await manage.getByRole('tab', { name: 'Em Andamento' }).click();
  await expect(manage).toHaveURL(/aba=em-andamento/);
  await expect(received).toContainText('Em Andamento');
  const progress = received.getByRole('progressbar', { name: 'Andamento do aluguel' });
  await expect(progress).toHaveAttribute('aria-valuenow', '33');
  await expect(received).toContainText('Faltam 2 dias');
  await expectCounters(manage, 'Resumo dos pedidos recebidos', { Pendentes: 0, Aprovados: 0, 'Em Andamento': 1, Finalizados: 1 });

  // The neighbour's side, meanwhile: active.
  await mine.goto('/meus-pedidos?aba=ativos');
  await expect(mine.getByRole('tab', { name: 'Ativos' })).toHaveAttribute('aria-selected', 'true');
  await expect(request).toContainText('Em Andamento');
  await expect(request.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
  // Both sides count the same days until the return.
  await expect(request).toContainText('Devolução em 2 dias');
  await expectCounters(mine, 'Resumo dos pedidos', { Total: 2, Pendentes: 0, Ativos: 1, Finalizados: 1 });

  await received.getByRole('button', { name: 'Concluir' }).click();
  await manage.getByRole('dialog', { name: 'Concluir Pedido' }).getByRole('button', { name: 'Confirmar Conclusão' }).click();
  await expectToast(manage, 'Status atualizado!');
  await manage.getByRole('tab', { name: 'Finalizados' }).click();
  await expect(received).toContainText('Concluído');
  await expect(orderCard(manage, title, laterStart)).toContainText('Cancelado');
  await expect(orderCard(manage, title, laterStart)).toContainText('Mudei de planos.');
  await expectCounters(manage, 'Resumo dos pedidos recebidos', { Pendentes: 0, Aprovados: 0, 'Em Andamento': 0, Finalizados: 2 });

  // Nobody reviewed the owner yet: the detail reads 'Novo'.
  await mine.goto(`/item/${listingId}`);
  await expect(mine.getByRole('heading', { name: title })).toBeVisible();
  await expect(mine.getByText('Novo', { exact: true }).first()).toBeVisible();

  // The neighbour reviews the completed rental: 4 stars and a comment.
  await mine.goto('/meus-pedidos?aba=finalizados');
  await expectCounters(mine, 'Resumo dos pedidos', { Total: 2, Pendentes: 0, Ativos: 0, Finalizados: 2 });
  await expect(request).toContainText('Concluído');
  await expect(later.getByRole('button', { name: 'Avaliar' })).toHaveCount(0);
  await request.getByRole('button', { name: 'Avaliar' }).click();
  const reviewDialog = mine.getByRole('dialog', { name: 'Avaliar' });
  const send = reviewDialog.getByRole('button', { name: 'Enviar Avaliação' });
  await expect(send).toBeDisabled();
  await expect(reviewDialog.getByText('0/500 caracteres')).toBeVisible();
  await reviewDialog.getByRole('radio', { name: '4 estrelas' }).check();
  await expect(send).toBeEnabled();
  const comment = `Furadeira potente e entregue no horário ${Date.now() % 1000}.`;
  await reviewDialog.getByLabel('Comentário (opcional)').fill(comment);
  await expect(reviewDialog.getByText(`${comment.length}/500 caracteres`)).toBeVisible();
  await send.click();
  await expectToast(mine, 'Avaliação enviada com sucesso!');
  await expect(reviewDialog).toHaveCount(0);
  await expect(request).toContainText('Avaliado');
  await expect(request.getByRole('button', { name: 'Avaliar' })).toHaveCount(0);

  // Each side's review stays hidden until both reviewed (or 14 days pass): still 'Novo'.
  const hidden = await callApi<{ summary: { average: number | null; count: number } }>(mine, 'reviews.forUser', { userId: owner.id }, 'query');
  expect(hidden.summary).toEqual({ average: null, count: 0 });

  // The owner reviews the neighbour back, from the received orders.
  await manage.reload();
  await received.getByRole('button', { name: 'Avaliar' }).click();
  const ownerDialog = manage.getByRole('dialog', { name: 'Avaliar' });
  await ownerDialog.getByRole('radio', { name: '5 estrelas' }).check();
  await ownerDialog.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await expectToast(manage, 'Avaliação enviada com sucesso!');
  await expect(received).toContainText('Avaliado');

  // The owner's rating is the real mean: one review of 4 reads 4,0.
  const reviews = await callApi<{ summary: { average: number | null; count: number }; items: { rating: number; comment: string | null }[] }>(
    mine,
    'reviews.forUser',
    { userId: owner.id },
    'query',
  );
  expect(reviews.summary).toEqual({ average: 4, count: 1 });
  expect(reviews.items[0]).toMatchObject({ rating: 4, comment });
  await mine.goto(`/item/${listingId}`);
  await expect(mine.getByRole('heading', { name: title })).toBeVisible();
  await expect(mine.getByText('4,0 (1)', { exact: true }).first()).toBeVisible();
  await expect(mine.getByText('Novo', { exact: true })).toHaveCount(0);
  await expect(mine.getByText(comment)).toBeVisible();

  await Promise.all([owner.close(), neighbour.close(), admin.context.close(), moderator.context.close()]);
});

test('the admin decides a pending order in the Pedidos section; a moderator only sees the list', async ({ browser, today }) => {
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dono');
  const neighbour = await approvedResident(browser, admin.page, 'vizinho');
  const title = `Escada ${Date.now().toString(36)}`;
  const listingId = await approvedRental(owner.page, moderator.page, title);
  const [start, end] = [addDays(today, 3), addDays(today, 3)];
  await callApi(neighbour.page, 'orders.create', { listingId, startDate: start, endDate: end });

  // The moderator sees it, without the buttons.
  await moderator.page.goto('/admin');
  await moderator.page.getByRole('tab', { name: /Pedidos/ }).click();
  await expect(moderator.page).toHaveURL(/secao=pedidos/);
  const moderatorCard = moderator.page.getByRole('article').filter({ hasText: title });
  await expect(moderatorCard).toContainText('Pendente');
  await expect(moderatorCard).toContainText(neighbour.fullName);
  await expect(moderatorCard).toContainText(owner.fullName);
  await expect(moderatorCard).toContainText('R$ 15,00');
  await expect(moderatorCard).toContainText(`De ${br(start)} a ${br(end)} (1 dia)`);
  await expect(moderatorCard.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  // The admin filters by status and rejects it with a reason.
  const page = admin.page;
  await page.goto('/admin?secao=pedidos');
  await expect(page.getByRole('tab', { name: /Pedidos/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Status do pedido').selectOption({ label: 'Pendente' });
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Pendente');
  await card.getByRole('button', { name: 'Rejeitar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rejeitar Pedido' });
  await dialog.getByLabel('Motivo').fill('Anúncio em revisão pela administração.');
  await dialog.getByRole('button', { name: 'Confirmar Rejeição' }).click();
  await expectToast(page, 'Status do pedido atualizado!');
  await expect(card).toHaveCount(0);
  await page.getByLabel('Status do pedido').selectOption({ label: 'Rejeitado' });
  await expect(card).toContainText('Anúncio em revisão pela administração.');

  // The neighbour reads the reason.
  await neighbour.page.goto('/meus-pedidos?aba=finalizados');
  const mine = orderCard(neighbour.page, title, start);
  await expect(mine).toContainText('Rejeitado');
  await expect(mine).toContainText('Anúncio em revisão pela administração.');

  await Promise.all([owner.close(), neighbour.close(), admin.context.close(), moderator.context.close()]);
});
