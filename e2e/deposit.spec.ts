import { expect, test } from './fixtures.ts';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { approvedResident, callApi, dayName, DEMO, expectToast, newSignedInContext, publishedListing, showMonthOf, showOrderDetails, uniqueWord } from './helpers.ts';
import { overflowAt } from './overflow.ts';

// The deposit (caução) of a rental, at 390x844: the owner asks for R$ 200,00 in the listing
// editor; the detail and the order dialog show it apart from the rent; the order keeps it and
// 'Pagar com Pix' offers it as a code of its own; at the end the owner retains part of it with a
// reason, and the requester reads the record and contests it. The walk's own people.

test('a rental with a deposit: shown apart from the rent, paid with its own Pix code, part retained with a reason and contested', async ({ browser, today }) => {
  test.slow(); // Two residents created for the walk, an order taken through to its end.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dona-caucao');
  const requester = await approvedResident(browser, admin.page, 'cliente-caucao');
  const title = `Furadeira ${uniqueWord('caucao').slice(-6)}`;
  await callApi(owner.page, 'pix.saveKey', { type: 'email', key: 'dona.caucao@exemplo.com' });

  const listingId = await publishedListing(owner.page, moderator.page, { type: 'rental', title, description: 'Furadeira de impacto com maleta e brocas.', priceCents: 1500 });
  // The owner asks for a deposit in the editor (a money term: the listing goes back to review).
  await owner.page.goto(`/anuncios/criar?edit=${listingId}`);
  const deposit = owner.page.getByLabel('Caução (R$)');
  await deposit.fill('6000');
  await owner.page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(owner.page.getByText('A caução deve ser de R$ 0,00 a R$ 5.000,00').first()).toBeVisible();
  await deposit.fill('200');
  await owner.page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(owner.page, 'Anúncio atualizado!');
  await callApi(moderator.page, 'listings.moderation.approve', { id: listingId });

  // The requester sees it on the detail and in the order dialog, apart from the rent.
  await requester.page.goto(`/item/${listingId}`);
  await expect(requester.page.getByText('Caução: R$ 200,00, devolvida no fim')).toBeVisible();
  await requester.page.getByRole('button', { name: 'Solicitar Aluguel' }).click();
  const dialog = requester.page.getByRole('dialog', { name: 'Solicitar Aluguel' });
  await showMonthOf(dialog, today);
  await dialog.getByRole('button', { name: dayName(today), exact: true }).click();
  await dialog.getByRole('button', { name: dayName(addDays(today, 1)), exact: true }).click();
  await expect(dialog.getByText('Total: R$ 30,00')).toBeVisible();
  await expect(dialog.getByText('Caução: R$ 200,00, devolvida no fim')).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog).toHaveCount(0);

  // A later edit of the listing does not change the order's deposit.
  const orders = await callApi<{ items: { id: string }[] }>(requester.page, 'orders.mine', { tab: 'pending' }, 'query');
  const orderId = orders.items[0]!.id;
  await callApi(owner.page, 'listings.update', { id: listingId, type: 'rental', title, description: 'Furadeira de impacto com maleta e brocas.', priceCents: 1500, depositCents: 45_000 });
  await callApi(owner.page, 'orders.approve', { id: orderId });

  // 'Pagar com Pix': the rent's code, then the deposit's own.
  await requester.page.goto('/meus-pedidos?aba=ativos');
  const myCard = requester.page.getByRole('article', { name: title });
  await expect(myCard.getByText('Caução: R$ 200,00, devolvida no fim')).toBeVisible();
  await myCard.getByRole('button', { name: 'Pagar com Pix' }).click();
  const pix = requester.page.getByRole('dialog', { name: 'Pagar com Pix' });
  await expect(pix.getByText('R$ 30,00')).toBeVisible();
  await pix.getByRole('button', { name: 'Caução' }).click();
  await expect(pix.getByText('R$ 200,00', { exact: true })).toBeVisible();
  await expect(pix.getByLabel('Pix copia e cola')).toHaveValue(/5406200\.00/);
  await requester.page.screenshot({ path: test.info().outputPath('deposit-pix.png') });
  await pix.getByRole('button', { name: 'Fechar' }).click();

  await callApi(owner.page, 'orders.markDelivered', { id: orderId });
  await callApi(owner.page, 'orders.complete', { id: orderId });

  // The owner retains part of it with a reason: more than the deposit is refused first.
  await owner.page.goto('/gerenciar-pedidos?aba=finalizados');
  const ownerCard = owner.page.getByRole('article', { name: title });
  await ownerCard.getByRole('button', { name: 'Caução retida' }).click();
  const retain = owner.page.getByRole('dialog', { name: 'Caução retida' });
  await retain.getByLabel('Valor retido (R$)').fill('250');
  await retain.getByLabel('Motivo').fill('Uma broca voltou quebrada');
  await retain.getByRole('button', { name: 'Registrar retenção' }).click();
  await expect(retain.getByText('O valor retido deve ser maior que zero e no máximo R$ 200,00, o valor da caução')).toBeVisible();
  await retain.getByLabel('Valor retido (R$)').fill('50');
  await retain.getByRole('button', { name: 'Registrar retenção' }).click();
  await expectToast(owner.page, 'Caução retida registrada!');
  await expect(ownerCard.getByText('Caução retida: R$ 50,00 de R$ 200,00')).toBeVisible();
  await expect(ownerCard.getByText(/Aguardando a resposta de quem pediu até/)).toBeVisible();
  await expect(ownerCard.getByRole('button', { name: 'Caução devolvida' })).toHaveCount(0);
  await owner.page.screenshot({ path: test.info().outputPath('deposit-owner.png') });

  // The requester reads the record and contests it.
  await requester.page.goto('/meus-pedidos?aba=finalizados');
  await expect(myCard.getByText('Caução retida: R$ 50,00 de R$ 200,00')).toBeVisible();
  await expect(myCard.getByText('Uma broca voltou quebrada')).toBeVisible();
  await myCard.scrollIntoViewIfNeeded();
  await requester.page.screenshot({ path: test.info().outputPath('deposit-requester.png') });
  await myCard.getByRole('button', { name: 'Contestar' }).click();
  // A contest says what happened, as 'Abrir problema' asks: it goes to the administration.
  const contest = requester.page.getByRole('dialog', { name: 'Contestar a caução' });
  await contest.getByLabel('O que aconteceu').fill('A broca já estava gasta quando peguei.');
  await contest.getByRole('button', { name: 'Enviar contestação' }).click();
  await expectToast(requester.page, 'Contestação enviada. A administração vai analisar.');
  await expect(myCard.getByText(/Você contestou o registro/)).toBeVisible();
  await expect(myCard.getByRole('button', { name: 'Aceito' })).toHaveCount(0);
  expect(await overflowAt(requester.page)).toEqual([]);

  // The owner was told, and so is the conversation.
  await owner.page.goto(`/pedido/${orderId}/conversa`);
  await showOrderDetails(owner.page);
  await expect(owner.page.getByText('Quem pediu contestou o registro.')).toBeVisible();

  for (const context of [admin.context, moderator.context, owner.context, requester.context]) await context.close();
});
