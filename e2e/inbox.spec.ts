import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { approvedResident, callApi, DEMO, expectToast, newSignedInContext, publishedListing, uniqueWord, watchLiveEvents } from './helpers.ts';

// /mensagens: a resident on another screen hears of a new message by a toast, finds the
// conversation in the inbox with its unread count, opens it, and the counts go to zero.
// The people are created for this walk, so nothing depends on the demo data.

test('a message arrives while the resident is on another screen: a toast, the unread total, the inbox, and zero once opened', async ({ browser }) => {
  test.slow(); // Two residents and an administrator, each in their own browser.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'anunciante');
  const resident = await approvedResident(browser, admin.page, 'vizinha');
  const ownerFirstName = owner.fullName.split(' ')[0]!;

  const title = uniqueWord('Furadeira');
  const listingId = await publishedListing(owner.page, moderator.page, {
    type: 'service',
    title,
    description: 'Furos em parede de concreto.',
    priceCents: 3000,
    priceUnit: 'service',
    deliveryOptions: ['pickup'],
  });
  const { id: orderId } = await callApi<{ id: string }>(resident.page, 'orders.create', { listingId, deliveryMethod: 'pickup' });

  // No conversation yet: the inbox says so.
  await resident.page.goto('/mensagens');
  await expect(resident.page.getByText('Nenhuma conversa ainda')).toBeVisible();

  // The resident is on their profile, listening, when the owner writes.
  const live = await watchLiveEvents(resident.page);
  await resident.page.goto('/perfil');
  const profileMessages = resident.page.getByRole('link', { name: /^Mensagens/ });
  await expect(profileMessages).toBeVisible();
  await live();
  await callApi(owner.page, 'messages.send', { orderId, body: 'Oi! Pode buscar às 18h.', clientId: randomUUID() });
  await expectToast(resident.page, `Nova mensagem de ${ownerFirstName}`);
  await expect(profileMessages).toContainText('1 mensagem não lida');

  // A second message while the inbox is open: the row moves live, no toast needed to find it.
  await profileMessages.click();
  await expect(resident.page).toHaveURL(/\/mensagens$/);
  const conversations = resident.page.getByRole('list', { name: 'Conversas' });
  const row = conversations.getByRole('link', { name: new RegExp(owner.fullName) });
  await expect(row).toContainText(title);
  await expect(row).toContainText('Oi! Pode buscar às 18h.');
  await expect(row).toContainText('1 mensagem não lida');
  await callApi(owner.page, 'messages.send', { orderId, body: 'Estou no bloco E.', clientId: randomUUID() });
  await expect(row).toContainText('Estou no bloco E.');
  await expect(row).toContainText('2 mensagens não lidas');

  // A tap opens the thread; a message arriving there now is on screen, not toasted.
  await row.click();
  await expect(resident.page).toHaveURL(new RegExp(`/pedido/${orderId}/conversa$`));
  const thread = resident.page.getByRole('list', { name: 'Mensagens' });
  await expect(thread).toContainText('Estou no bloco E.');
  await callApi(owner.page, 'messages.send', { orderId, body: 'Traga uma extensão.', clientId: randomUUID() });
  await expect(thread).toContainText('Traga uma extensão.');
  await resident.page.getByLabel('Mensagem').fill('Combinado!');
  await resident.page.getByRole('button', { name: 'Enviar' }).click();
  await expect(thread).toContainText('Combinado!');
  await expect(resident.page.locator('.toast').filter({ hasText: 'Nova mensagem de' })).toHaveCount(0);

  // The back arrow of a thread opened from the inbox leads back there, a reload included.
  await resident.page.reload();
  await expect(thread).toContainText('Combinado!');
  await resident.page.getByRole('link', { name: 'Voltar' }).click();
  await expect(resident.page).toHaveURL(/\/mensagens$/);
  // Back in the inbox: read, the last message is the resident's own, and home's total is zero.
  await expect(row).toContainText('Você: Combinado!');
  await expect(row).not.toContainText('não lida');
  await resident.page.goto('/');
  const homeMessages = resident.page.getByRole('link', { name: 'Mensagens' });
  await expect(homeMessages).toBeVisible();
  await expect(homeMessages).not.toContainText('não lida');
  await resident.page.screenshot({ path: 'test-results/inbox-home-390.png' });
  await resident.page.goto('/mensagens');
  await expect(row).toBeVisible();
  await resident.page.screenshot({ path: 'test-results/inbox-390.png' });

  // Opened from the order's card, the same thread's arrow leads back to the orders.
  await resident.page.goto('/meus-pedidos');
  await resident.page.getByRole('article').filter({ hasText: title }).getByRole('link', { name: /Conversar/ }).click();
  await expect(thread).toContainText('Combinado!');
  await resident.page.getByRole('link', { name: 'Voltar' }).click();
  await expect(resident.page).toHaveURL(/\/meus-pedidos$/);

  for (const context of [admin.context, moderator.context, owner.context, resident.context]) await context.close();
});
