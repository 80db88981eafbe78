import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { approvedResident, callApi, DEMO, newSignedInContext, publishedListing, uniqueCpf, uniqueEmail, uniqueWord, watchLiveEvents } from './helpers.ts';

// /admin open on a phone: a sign-up, a listing sent for approval and a reported message made
// elsewhere join their lists live (the staff's live event reloads the lists, not only the bell).

test("/admin's pending sign-ups, listings and 'Denúncias' take new items live, without a reload", async ({ browser }) => {
  test.slow(); // An administrator, a moderator and two residents, each in their own browser.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dona');
  const requester = await approvedResident(browser, admin.page, 'cliente');
  const title = uniqueWord('Furadeira');
  const listingId = await publishedListing(owner.page, moderator.page, {
    type: 'service',
    title,
    description: 'Furos em parede de concreto.',
    priceCents: 3000,
    priceUnit: 'service',
    deliveryOptions: ['pickup'],
  });
  const { id: orderId } = await callApi<{ id: string }>(requester.page, 'orders.create', { listingId, deliveryMethod: 'pickup' });
  const { id: messageId } = await callApi<{ id: string }>(owner.page, 'messages.send', { orderId, body: 'Passa o Pix antes que eu libero.', clientId: randomUUID() });

  const { page } = admin;
  const live = await watchLiveEvents(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard Admin' })).toBeVisible();
  await live();

  // A sign-up from another browser.
  const newcomer = { fullName: `Teste novata ${Math.floor(Math.random() * 1e5)}`, email: uniqueEmail('novata'), cpf: uniqueCpf() };
  const outsider = await browser.newContext();
  await callApi(await outsider.newPage(), 'auth.signUp', { ...newcomer, phone: '11987654321', block: 'E', apartment: '512', password: 'varanda-ensolarada' });
  await expect(page.getByRole('list', { name: 'Cadastros aguardando aprovação' })).toContainText(newcomer.fullName);

  // A listing sent for approval.
  const pendingTitle = uniqueWord('Bolo');
  await callApi(owner.page, 'listings.create', { type: 'food', title: pendingTitle, description: 'Bolo de fubá com goiabada.', priceCents: 2500, deliveryOptions: ['pickup'] });
  await expect(page.getByRole('list', { name: 'Anúncios aguardando aprovação' })).toContainText(pendingTitle);

  // A reported message, while 'Denúncias' is open.
  await page.getByRole('tab', { name: /^Denúncias/ }).click();
  await expect(page.getByRole('heading', { name: 'Denúncias' })).toBeVisible();
  await callApi(requester.page, 'reports.message', { messageId, reason: 'fraud' });
  const report = page.getByRole('listitem', { name: `Denúncia de mensagem: ${owner.fullName}` }).filter({ hasText: title });
  await expect(report).toContainText('Passa o Pix antes que eu libero.');
  await report.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/admin-live-report-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  for (const context of [admin.context, moderator.context, owner.context, requester.context, outsider]) await context.close();
});
