import { axeOn } from './axe.ts';
import sharp from 'sharp';
import { expect, test, type Browser } from './fixtures.ts';
import { approvedResident, callApi, DEMO, expectToast, newSignedInContext, publishedListing, showOrderDetails } from './helpers.ts';
import { overflowAt } from './overflow.ts';

// A rental handed over with the item's condition: the owner adds two photos and a note at
// 'Marcar como entregue'; the requester sees them on the order card and in the thread,
// taps 'Confirmo o estado', and nobody outside the order gets the files.

const SHOTS = 'test-results/handover-photos';

const photo = (background: string) => sharp({ create: { width: 640, height: 480, channels: 3, background } }).jpeg().toBuffer();

/** A new owner's rental, approved for a new requester from today: both people, the title and the order. */
async function approvedRental(browser: Browser, today: string, prefix: string) {
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, `dono-${prefix}`);
  const requester = await approvedResident(browser, admin.page, `pediu-${prefix}`);
  const title = `Furadeira ${Date.now().toString(36)}`;
  const listingId = await publishedListing(owner.page, moderator.page, { type: 'rental', title, description: 'Furadeira 650W com maleta.', priceCents: 1500, deliveryOptions: ['pickup'] });
  const { id: orderId } = await callApi<{ id: string }>(requester.page, 'orders.create', { listingId, startDate: today, endDate: today });
  await callApi(owner.page, 'orders.approve', { id: orderId });
  return { admin, owner, requester, title, orderId };
}

test('the owner delivers with two photos and a note; the requester sees them and confirms the condition', async ({ browser, today }) => {
  test.slow(); // Three people and two uploads.
  const { admin, owner, requester, title, orderId } = await approvedRental(browser, today, 'estado');

  // The owner: 'Marcar como entregue', two photos, a note.
  await owner.page.goto('/gerenciar-pedidos');
  await owner.page.getByRole('tab', { name: 'Aprovados' }).click();
  await owner.page.getByRole('article').filter({ hasText: title }).getByRole('button', { name: 'Marcar como entregue' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Marcar como entregue' });
  await expect(dialog.getByRole('group', { name: /Estado na entrega/ })).toBeVisible();
  await dialog.getByLabel('Adicionar foto').setInputFiles({ name: 'frente.jpg', mimeType: 'image/jpeg', buffer: await photo('#b85') });
  await expect(dialog.getByRole('img', { name: 'Foto 1 do estado' })).toBeVisible();
  await dialog.getByLabel('Adicionar foto').setInputFiles({ name: 'lado.jpg', mimeType: 'image/jpeg', buffer: await photo('#58b') });
  await expect(dialog.getByRole('img', { name: 'Foto 2 do estado' })).toBeVisible();
  await expect(dialog.getByText('2 de 5 fotos')).toBeVisible();
  await dialog.getByLabel('Observação sobre o estado').fill('Sem riscos, com a maleta e 3 brocas.');
  await owner.page.screenshot({ path: `${SHOTS}/1-dono-entrega-com-fotos.png` });
  await dialog.getByRole('button', { name: 'Confirmar Entrega' }).click();
  await expectToast(owner.page, 'Status atualizado!');

  // The requester: the condition on the order card, photos served to them.
  const mine = requester.page;
  await mine.goto('/meus-pedidos');
  const card = mine.getByRole('article').filter({ hasText: title });
  const condition = card.getByRole('region', { name: 'Estado na entrega' });
  await expect(condition.getByText('Sem riscos, com a maleta e 3 brocas.')).toBeVisible();
  const photos = condition.getByRole('img');
  await expect(photos).toHaveCount(2);
  await expect.poll(() => photos.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
  const src = await photos.first().getAttribute('src');
  await card.scrollIntoViewIfNeeded();
  await mine.screenshot({ path: `${SHOTS}/2-quem-pediu-ve-o-estado.png` });
  expect((await axeOn(mine).analyze()).violations).toEqual([]);
  for (const width of [320, 360, 390]) {
    await mine.setViewportSize({ width, height: 844 });
    expect(await overflowAt(mine), `at ${width} px`).toEqual([]);
  }

  await condition.getByRole('button', { name: 'Confirmo o estado' }).click();
  await expectToast(mine, 'Estado confirmado!');
  await expect(condition.getByText('Você confirmou o estado')).toBeVisible();
  await expect(condition.getByRole('button', { name: 'Confirmo o estado' })).toHaveCount(0);

  // The same condition at the top of the order's conversation.
  await mine.goto(`/pedido/${orderId}/conversa`);
  await showOrderDetails(mine);
  const inThread = mine.getByRole('region', { name: 'Estado na entrega' });
  await expect(inThread.getByRole('img')).toHaveCount(2);
  await expect(inThread.getByText('Você confirmou o estado')).toBeVisible();
  await mine.screenshot({ path: `${SHOTS}/3-conversa.png` });
  expect((await axeOn(mine).analyze()).violations).toEqual([]);

  // The owner reads the confirmation; someone outside the order gets a 404 for the file.
  await owner.page.goto('/gerenciar-pedidos');
  await owner.page.getByRole('tab', { name: 'Em Andamento' }).click();
  await expect(owner.page.getByRole('article').filter({ hasText: title }).getByText('Estado confirmado por quem pediu')).toBeVisible();
  const outsider = await approvedResident(browser, admin.page, 'curioso-estado');
  expect((await outsider.page.request.get(src!)).status()).toBe(404);
  expect((await requester.page.request.get(src!)).status()).toBe(200);
});

test('an item left at the portaria: the owner records its condition on the card and the requester sees it', async ({ browser, today }) => {
  const { owner, requester, title } = await approvedRental(browser, today, 'portaria-estado');

  await owner.page.goto('/gerenciar-pedidos');
  await owner.page.getByRole('tab', { name: 'Aprovados' }).click();
  const card = owner.page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: 'Deixar na portaria' }).click();
  await card.getByRole('button', { name: 'Registrar estado na entrega' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Estado na entrega' });
  await dialog.getByLabel('Adicionar foto').setInputFiles({ name: 'escada.jpg', mimeType: 'image/jpeg', buffer: await photo('#7a5') });
  await expect(dialog.getByRole('img', { name: 'Foto 1 do estado' })).toBeVisible();
  await owner.page.screenshot({ path: `${SHOTS}/4-portaria-registrar-estado.png` });
  await dialog.getByRole('button', { name: 'Registrar estado' }).click();
  await expectToast(owner.page, 'Estado registrado!');
  await expect(card.getByRole('region', { name: 'Estado na entrega' }).getByRole('img')).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Registrar estado na entrega' })).toHaveCount(0);

  await requester.page.goto('/meus-pedidos');
  const mine = requester.page.getByRole('article').filter({ hasText: title }).getByRole('region', { name: 'Estado na entrega' });
  await expect(mine.getByRole('img')).toHaveCount(1);
  await expect(mine.getByRole('button', { name: 'Confirmo o estado' })).toBeVisible();
});
