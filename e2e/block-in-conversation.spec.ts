import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { approvedResident, callApi, DEMO, expectToast, newSignedInContext, publishedListing, uniqueWord } from './helpers.ts';

// 'Bloquear' inside a conversation at 390x844: the resident blocks the other person from
// the thread; nobody writes there any more, the other's listings leave the resident's feed,
// and the conversation of the order that ended leaves /mensagens.

test("a resident blocks a neighbour from their conversation; the neighbour's listings leave the feed", async ({ browser }) => {
  test.slow(); // Two residents, an administrator and a moderator, each in their own browser.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const neighbour = await approvedResident(browser, admin.page, 'insistente');
  const resident = await approvedResident(browser, admin.page, 'bloqueia');
  const title = uniqueWord('Cadeira');
  await publishedListing(neighbour.page, moderator.page, { type: 'rental', title, description: 'Cadeira de praia dobrável.', priceCents: 1200 });
  const serviceTitle = uniqueWord('Conserto');
  const serviceId = await publishedListing(neighbour.page, moderator.page, {
    type: 'service',
    title: serviceTitle,
    description: 'Conserto de bicicletas na garagem.',
    priceCents: 4000,
    priceUnit: 'service',
    deliveryOptions: ['pickup'],
  });
  const { id: orderId } = await callApi<{ id: string }>(resident.page, 'orders.create', { listingId: serviceId, deliveryMethod: 'pickup' });
  await callApi(neighbour.page, 'messages.send', { orderId, body: 'Me responde logo!', clientId: randomUUID() });
  await callApi(neighbour.page, 'orders.reject', { id: orderId });

  const { page } = resident;
  await page.goto('/alugueis');
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();

  // From the inbox into the thread, and 'Bloquear' there.
  await page.goto('/mensagens');
  await page.getByRole('list', { name: 'Conversas' }).getByRole('link', { name: new RegExp(neighbour.fullName) }).click();
  await expect(page.getByRole('list', { name: 'Mensagens' })).toContainText('Me responde logo!');
  const summary = page.getByRole('region', { name: 'Resumo do pedido' });
  await summary.getByRole('button', { name: 'Bloquear' }).click();
  const dialog = page.getByRole('dialog', { name: `Bloquear ${neighbour.fullName}?` });
  await expect(dialog).toContainText('A pessoa não é avisada.');
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expectToast(page, 'Pessoa bloqueada.');
  await expect(page.getByRole('region', { name: 'Pessoa bloqueada' })).toContainText('Você bloqueou esta pessoa');
  await expect(page.getByLabel('Mensagem')).toHaveCount(0);
  await expect(summary.getByRole('button', { name: 'Bloquear' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/block-in-conversation-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The neighbour cannot write there either.
  const refused = await neighbour.page.request.post('/trpc/messages.send', {
    data: { json: { orderId, body: 'Oi?', clientId: randomUUID() } },
    headers: { origin: new URL(neighbour.page.url()).origin },
  });
  expect(refused.ok()).toBe(false);

  // Back in the inbox the ended order's conversation is gone, and so are the neighbour's listings from the feed.
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/mensagens$/);
  await expect(page.getByText('Nenhuma conversa ainda')).toBeVisible();
  await page.goto('/alugueis');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);

  for (const context of [admin.context, moderator.context, neighbour.context, resident.context]) await context.close();
});
