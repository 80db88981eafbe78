import { axeOn } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { deskCodeOn, deskScenario, expectToast, typeDeskCode } from './helpers.ts';

// A rental handed over at the portaria and returned the same way: the owner's
// 'Deixar na portaria' code, the desk's 'Recebido do dono' and 'Entregue ao
// morador', the requester's 'Devolver na portaria' with a new code, and the
// desk's account kept to /portaria.

const SHOTS = 'test-results/portaria';

test('a rental goes out and comes back through the portaria, and the desk sees nothing else', async ({ browser, today }) => {
  test.slow(); // Four people, a dozen screens.
  const title = `Furadeira ${Date.now().toString(36)}`;
  const { admin, owner, requester: neighbour, deskPerson, close } = await deskScenario(browser, {
    rental: { title, description: 'Furadeira 650W com maleta e brocas.', priceCents: 1500 },
    startDate: today,
    endDate: addDays(today, 2),
  });

  // The desk's phone: every other address leads to /portaria, which has no way into the app.
  const desk = deskPerson.page;
  await desk.goto('/alugueis');
  await expect(desk).toHaveURL(/\/portaria$/);
  await expect(desk.getByRole('heading', { name: 'Portaria' })).toBeVisible();
  await expect(desk.getByRole('navigation')).toHaveCount(0);

  // The owner chooses 'Deixar na portaria' and gets the code; the requester sees the same code.
  await owner.page.goto('/gerenciar-pedidos');
  await owner.page.getByRole('tab', { name: 'Aprovados' }).click();
  await owner.page.getByRole('article').filter({ hasText: title }).getByRole('button', { name: 'Deixar na portaria' }).click();
  const code = await deskCodeOn(owner.page, title);
  expect(code).toMatch(/^\d{6}$/);
  await owner.page.screenshot({ path: `${SHOTS}/1-dono-codigo.png`, fullPage: true });
  await neighbour.page.goto('/meus-pedidos');
  expect(await deskCodeOn(neighbour.page, title)).toBe(code);

  // A wrong code: the desk is told, nothing shown.
  await typeDeskCode(desk, code === '000000' ? '000001' : '000000');
  await expect(desk.getByText('Código não encontrado ou já usado. Confira os números com o morador.')).toBeVisible();

  // The right one: the item, both people with their apartments, the next step.
  await typeDeskCode(desk, `${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(desk.getByRole('heading', { name: title })).toBeVisible();
  await expect(desk.getByText(owner.fullName)).toBeVisible();
  await expect(desk.getByText(neighbour.fullName)).toBeVisible();
  await expect(desk.getByText(`Apto E-${owner.apartment}`)).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}/2-portaria-codigo.png`, fullPage: true });
  // The found order's screen (the every-route walk sees the empty one): axe-core clean, no sideways scroll at 320 px.
  expect((await axeOn(desk).analyze()).violations).toEqual([]);
  await desk.setViewportSize({ width: 320, height: 844 });
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.getByRole('button', { name: 'Recebido do dono' }).click();
  await expectToast(desk, 'Recebimento registrado.');

  // Both are told; the requester's card says the item waits at the desk.
  await expect(neighbour.page.getByText('O item está na portaria: retire com este código.')).toBeVisible();

  await typeDeskCode(desk, code);
  await desk.getByRole('button', { name: 'Entregue ao morador' }).click();
  await expectToast(desk, 'Entrega registrada.');
  await expect(neighbour.page.getByRole('article').filter({ hasText: title })).toContainText('Em Andamento');

  // The return: the requester's own code, the same two steps, the order completed.
  const card = neighbour.page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: 'Devolver na portaria' }).click();
  const returnCode = await deskCodeOn(neighbour.page, title);
  expect(returnCode).not.toBe(code);
  await neighbour.page.screenshot({ path: `${SHOTS}/3-morador-devolucao.png`, fullPage: true });
  // The used code opens nothing any more.
  await typeDeskCode(desk, code);
  await expect(desk.getByText('Código não encontrado ou já usado. Confira os números com o morador.')).toBeVisible();
  await typeDeskCode(desk, returnCode);
  await desk.getByRole('button', { name: 'Recebido do morador' }).click();
  await expectToast(desk, 'Recebimento registrado.');
  await typeDeskCode(desk, returnCode);
  await expect(desk.getByText('Devolução: o item está na portaria, aguardando o dono.')).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}/4-portaria-devolucao.png`, fullPage: true });
  await desk.getByRole('button', { name: 'Devolvido ao dono' }).click();
  await expectToast(desk, 'Entrega registrada.');
  await owner.page.goto('/gerenciar-pedidos');
  await owner.page.getByRole('tab', { name: 'Finalizados' }).click();
  await expect(owner.page.getByRole('article').filter({ hasText: title })).toContainText('Concluído');

  // Every step in the audit log.
  await admin.page.goto('/admin?secao=atividade');
  await expect(admin.page.getByText('Item entregue pela portaria').first()).toBeVisible();
  await expect(admin.page.getByText('Item recebido na portaria').first()).toBeVisible();

  await close();
});
