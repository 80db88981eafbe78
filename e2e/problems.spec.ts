import { axeOn } from './axe.ts';
import sharp from 'sharp';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { expect, test, type Page } from './fixtures.ts';
import { appOrigin, approvedResident, callApi, DEMO, expectToast, newSignedInContext, publishedListing, showOrderDetails, watchLiveEvents } from './helpers.ts';
import { overflowAt } from './overflow.ts';

// A problem the administration settles: the requester opens a 'Dano' problem with a
// photo on a rental in progress; the order reads 'Em análise' for both; an
// administrator reads it in /admin 'Problemas', writes in the order's thread (both
// read it live, marked 'Administração') and closes it; both read 'Resolvido: …'. The
// hand-over's condition photo stands beside the problem in /admin.

const SHOTS = 'test-results/problems';

async function axeClean(page: Page) {
  const axe = await axeOn(page).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Nothing sticks out at the phone widths; back to 390 px. */
async function fitsPhones(page: Page) {
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await overflowAt(page), `at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("the requester opens a 'Dano' problem; an administrator answers in the thread and resolves it; both read the decision", async ({ browser, today }) => {
  test.slow(); // Four people, live events on two phones.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dono-problema');
  const requester = await approvedResident(browser, admin.page, 'vizinho-problema');

  const title = `Bicicleta ${Date.now().toString(36)}`;
  const listingId = await publishedListing(owner.page, moderator.page, { type: 'rental', title, description: 'Aro 29, com capacete.', priceCents: 2000, deliveryOptions: ['pickup'] });
  const { id: orderId } = await callApi<{ id: string }>(requester.page, 'orders.create', { listingId, startDate: today, endDate: addDays(today, 2) });
  await callApi(owner.page, 'orders.approve', { id: orderId });
  const conversation = `/pedido/${orderId}/conversa`;

  // Before the hand-over there is nothing to open.
  await requester.page.goto(conversation);
  await expect(requester.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(requester.page.getByRole('button', { name: 'Abrir problema' })).toHaveCount(0);
  // The owner hands it over with a photo of its condition ('Estado na entrega'), as the walk of hand-over photos does on screen.
  const condition = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2b5f7a' } }).png().toBuffer();
  const uploaded = await owner.page.request.post('/api/images?purpose=handover', { data: condition, headers: { origin: appOrigin(), 'content-type': 'image/png' } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { id: conditionPhoto } = (await uploaded.json()) as { id: string };
  await callApi(owner.page, 'orders.markDelivered', { id: orderId, photos: [conditionPhoto], note: 'Pneus calibrados, farol funcionando.' });

  // Both phones on the conversation, listening live.
  const requesterLive = await watchLiveEvents(requester.page);
  const ownerLive = await watchLiveEvents(owner.page);
  await requester.page.goto(conversation);
  await owner.page.goto(conversation);
  await requesterLive();
  await ownerLive();
  // The order's records are folded under 'Detalhes do pedido' (the messages keep the phone's screen).
  await showOrderDetails(requester.page);
  await showOrderDetails(owner.page);

  // The requester opens a 'Dano' problem: empty, the dialog says what is missing and sends nothing.
  await requester.page.getByRole('button', { name: 'Abrir problema' }).click();
  const dialog = requester.page.getByRole('dialog', { name: 'Abrir problema' });
  await dialog.getByRole('button', { name: 'Enviar problema' }).click();
  await expect(dialog.getByText('Escolha o tipo do problema')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Dano' }).check();
  await dialog.getByLabel('O que aconteceu').fill('O pneu da frente voltou furado e o farol quebrado.');
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8a3b2b' } }).png().toBuffer();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'pneu.png', mimeType: 'image/png', buffer: photo });
  await expect(dialog.getByRole('img', { name: 'Foto 1 do problema' })).toBeVisible();
  await requester.page.screenshot({ path: `${SHOTS}/1-abrir-problema.png` });
  await axeClean(requester.page);
  await dialog.getByRole('button', { name: 'Enviar problema' }).click();
  await expectToast(requester.page, 'Problema enviado. A administração vai analisar.');

  // 'Em análise' on the order, for both; the owner's never reloaded.
  for (const side of [requester.page, owner.page]) {
    const problems = side.getByRole('group', { name: 'Problemas do pedido' });
    await expect(problems).toContainText('Em análise');
    await expect(problems).toContainText('Problema: Dano');
    await expect(problems.getByRole('img', { name: 'Foto 1 do problema' })).toBeVisible();
    await expect(side.getByRole('button', { name: 'Abrir problema' })).toHaveCount(0);
  }
  await requester.page.screenshot({ path: `${SHOTS}/2-em-analise.png` });
  await axeClean(requester.page);
  await fitsPhones(requester.page);

  // The administrator finds it in 'Problemas' with the order, both people and the photo.
  const staff = admin.page;
  const staffLive = await watchLiveEvents(staff);
  await staff.goto('/admin?secao=problemas');
  await staffLive();
  const card = staff.getByRole('listitem', { name: `Problema: Dano no pedido de ${title}` });
  await expect(card).toContainText(requester.fullName);
  await expect(card).toContainText(owner.fullName);
  await expect(card).toContainText('O pneu da frente voltou furado');
  await expect(card.getByRole('img', { name: 'Foto 1 do problema' })).toBeVisible();
  // The hand-over's condition, shown once beside the problem.
  await expect(card).toContainText('Pneus calibrados, farol funcionando.');
  await expect(card.getByRole('img', { name: 'Foto 1: estado na entrega' })).toBeVisible();
  await card.getByText('Conversa do pedido', { exact: true }).click();
  await card.getByLabel('Mensagem aos dois').fill('Olá! Vamos conversar: qual o valor do conserto do pneu e do farol?');
  await card.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expectToast(staff, 'Mensagem enviada aos dois.');
  await expect(card.getByRole('list', { name: 'Mensagens do pedido' })).toContainText('Administração');
  await card.scrollIntoViewIfNeeded();
  await staff.screenshot({ path: `${SHOTS}/3-admin-problemas.png` });
  await axeClean(staff);
  await fitsPhones(staff);
  // The requester's answer reaches the administrator's open thread live, without reopening it.
  await callApi(requester.page, 'messages.send', { orderId, body: 'O farol custa R$ 50,00.', clientId: crypto.randomUUID() });
  await expect(card.getByRole('list', { name: 'Mensagens do pedido' })).toContainText('O farol custa R$ 50,00.');

  // Both read it live in the thread, marked 'Administração'.
  for (const side of [requester.page, owner.page]) {
    const message = side.getByRole('list', { name: 'Mensagens' }).getByRole('listitem').filter({ hasText: 'qual o valor do conserto' });
    await expect(message).toContainText('Administração');
  }
  await owner.page.screenshot({ path: `${SHOTS}/4-mensagem-administracao.png` });

  // The administrator closes it with the decision; both read 'Resolvido: …' without reloading.
  await card.getByRole('button', { name: 'Resolver' }).click();
  const resolve = staff.getByRole('dialog', { name: 'Resolver problema' });
  await resolve.getByRole('button', { name: 'Resolver' }).click();
  await expect(staff.getByText('Escreva a decisão').first()).toBeVisible();
  await resolve.getByLabel('Decisão').fill('O solicitante paga R$ 80,00 do conserto ao dono.');
  await resolve.getByRole('button', { name: 'Resolver' }).click();
  await expectToast(staff, 'Problema resolvido. Os dois foram avisados.');
  await expect(card).toHaveCount(0);

  for (const side of [requester.page, owner.page]) {
    const problems = side.getByRole('group', { name: 'Problemas do pedido' });
    await expect(problems).toContainText('Resolvido: O solicitante paga R$ 80,00 do conserto ao dono.');
    await expect(problems).not.toContainText('Em análise');
  }
  await requester.page.screenshot({ path: `${SHOTS}/5-resolvido.png` });
  await axeClean(requester.page);

  for (const context of [admin.context, moderator.context, owner.context, requester.context]) await context.close();
});
