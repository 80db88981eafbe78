import { expect, test } from './fixtures.ts';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { approvedResident, callApi, DEMO, expectToast, deskCodeOn, grantFrontDesk, newSignedInContext, publishedListing, typeDeskCode } from './helpers.ts';

// The owner takes back a portaria code before leaving the item ('Cancelar código'):
// the desk no longer takes it, and 'Deixar na portaria' gives a new one.

const SHOTS = 'test-results/portaria-cancel';

test("the owner cancels a portaria code before the item reaches the desk, and the desk no longer takes it", async ({ browser, today }) => {
  test.slow(); // Four people.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dono-cancela');
  const neighbour = await approvedResident(browser, admin.page, 'vizinho-cancela');
  const deskPerson = await approvedResident(browser, admin.page, 'portaria-cancela');
  await grantFrontDesk(admin.page, deskPerson.id);
  const title = `Escada ${Date.now().toString(36)}`;
  const listingId = await publishedListing(owner.page, moderator.page, { type: 'rental', title, description: 'Escada de alumínio, 6 degraus.', priceCents: 1200, deliveryOptions: ['pickup'] });
  const { id: orderId } = await callApi<{ id: string }>(neighbour.page, 'orders.create', { listingId, startDate: today, endDate: addDays(today, 1) });
  await callApi(owner.page, 'orders.approve', { id: orderId });

  await owner.page.goto('/gerenciar-pedidos');
  await owner.page.getByRole('tab', { name: 'Aprovados' }).click();
  const card = owner.page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: 'Deixar na portaria' }).click();
  const code = await deskCodeOn(owner.page, title);
  await owner.page.screenshot({ path: `${SHOTS}/1-dono-codigo.png`, fullPage: true });

  await card.getByRole('button', { name: 'Cancelar código' }).click();
  await expectToast(owner.page, 'Código da portaria cancelado. Ele não vale mais na portaria.');
  await expect(card.getByRole('region', { name: 'Código da portaria' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Deixar na portaria' })).toBeVisible();
  await owner.page.screenshot({ path: `${SHOTS}/2-dono-cancelou.png`, fullPage: true });

  const desk = deskPerson.page;
  await desk.goto('/portaria');
  await typeDeskCode(desk, code);
  await expect(desk.getByText('Código não encontrado ou já usado. Confira os números com o morador.')).toBeVisible();

  // A new code works; the requester's card shows it.
  await card.getByRole('button', { name: 'Deixar na portaria' }).click();
  const again = await deskCodeOn(owner.page, title);
  expect(again).not.toBe(code);
  await neighbour.page.goto('/meus-pedidos');
  expect(await deskCodeOn(neighbour.page, title)).toBe(again);
  await expect(neighbour.page.getByRole('article').filter({ hasText: title }).getByRole('button', { name: 'Cancelar código' })).toHaveCount(0);
  await typeDeskCode(desk, again);
  await desk.getByRole('button', { name: 'Recebido do dono' }).click();
  await expectToast(desk, 'Recebimento registrado.');
  // At the desk the code is the desk's: no more cancelling.
  await expect(card.getByText('O item está na portaria.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancelar código' })).toHaveCount(0);

  await admin.page.goto('/admin?secao=atividade');
  await expect(admin.page.getByText('Código da portaria cancelado').first()).toBeVisible();

  for (const person of [owner, neighbour, deskPerson]) await person.close();
  for (const signedIn of [admin, moderator]) await signedIn.context.close();
});
