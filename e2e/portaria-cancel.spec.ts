import { expect, test } from './fixtures.ts';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { callApi, deskCodeOn, deskScenario, expectToast, typeDeskCode } from './helpers.ts';

// The owner takes back a portaria code before leaving the item ('Cancelar código'):
// the desk no longer takes it, and 'Deixar na portaria' gives a new one. Then the
// order is cancelled with the item at the desk, which gives it back to the owner.

const SHOTS = 'test-results/portaria-cancel';

test("the owner cancels a portaria code, and the desk gives a cancelled order's item back to the owner", async ({ browser, today }) => {
  test.slow(); // Four people.
  const title = `Escada ${Date.now().toString(36)}`;
  const { admin, owner, requester: neighbour, deskPerson, orderId, close } = await deskScenario(browser, {
    rental: { title, description: 'Escada de alumínio, 6 degraus.', priceCents: 1200 },
    startDate: today,
    endDate: addDays(today, 1),
  });

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
  // Audited; read at once: /admin's activity shows the latest 20 entries, and the other walks' pushed it past them by the walk's end.
  await admin.page.goto('/admin?secao=atividade');
  await expect(admin.page.getByText('Código da portaria cancelado').first()).toBeVisible();

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

  // The requester cancels with the item at the desk: the owner keeps the code to fetch it.
  await callApi(neighbour.page, 'orders.cancel', { id: orderId });
  await owner.page.getByRole('tab', { name: 'Finalizados' }).click();
  const cancelledCard = owner.page.getByRole('article').filter({ hasText: title });
  await expect(cancelledCard.getByText('Pedido cancelado: o item ficou na portaria. Retire com este código.')).toBeVisible();
  expect(await deskCodeOn(owner.page, title)).toBe(again);
  await owner.page.screenshot({ path: `${SHOTS}/3-dono-pedido-cancelado.png`, fullPage: true });
  await typeDeskCode(desk, again);
  await expect(desk.getByText('Pedido cancelado: o item está na portaria, aguardando o dono buscar.')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Entregue ao morador' })).toHaveCount(0);
  await desk.screenshot({ path: `${SHOTS}/4-portaria-devolver.png`, fullPage: true });
  await desk.getByRole('button', { name: 'Devolvido ao dono' }).click();
  await expectToast(desk, 'Devolução ao dono registrada.');
  await expect(cancelledCard.getByRole('region', { name: 'Código da portaria' })).toHaveCount(0);

  await admin.page.goto('/admin?secao=atividade');
  await expect(admin.page.getByText('Item devolvido ao dono pela portaria').first()).toBeVisible();

  await close();
});
