import { expect, test } from './fixtures.ts';
import { approvedResident, callApi, DEMO, expectToast, newSignedInContext, uniqueCpf } from './helpers.ts';

// Paying where the order is: a service priced per hour is ordered for 3 hours in the dialog (the total,
// the cards, the conversation and the BR Code say 3 x the price); the requester's approved order on /meus-pedidos offers 'Pagar com Pix'
// (the owner's CPF key shown as banks show it, the code carrying the whole key) and 'Marcar como
// pago'; the owner's card on /gerenciar-pedidos offers 'Marcar como pago'. The walk's own people.

test("the requester orders 3 hours of a service, pays from the order card with the owner's CPF key masked, and the owner marks it paid from hers", async ({ browser }) => {
  test.slow(); // Two residents, created and approved for this walk.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dona-pix');
  const requester = await approvedResident(browser, admin.page, 'cliente-pix');

  // Settings warn before a CPF key is saved: payers see part of it.
  const cpf = uniqueCpf();
  await owner.page.goto('/configuracoes');
  await expect(owner.page.getByText('Com o CPF como chave, quem paga vê parte do seu CPF')).toBeVisible();
  await expect(async () => {
    await owner.page.getByLabel('Chave Pix').fill(cpf);
    await owner.page.getByRole('button', { name: 'Salvar chave Pix' }).click();
    await expect(owner.page.getByText('Chave Pix salva!')).toBeVisible({ timeout: 2000 });
  }).toPass();

  // A service priced per hour, ordered for 3 hours through the dialog: the total is 3 x R$ 120,00.
  const { id: listingId } = await callApi<{ id: string }>(owner.page, 'listings.create', {
    type: 'service',
    title: 'Montagem de móveis',
    description: 'Monto guarda-roupas, camas e estantes com ferramentas próprias.',
    priceCents: 12_000,
    priceUnit: 'hour',
  });
  await callApi(moderator.page, 'listings.moderation.approve', { id: listingId });
  await requester.page.goto(`/service/${listingId}`);
  await expect(requester.page.getByText('/hora').first()).toBeVisible();
  await requester.page.getByRole('button', { name: 'Solicitar Serviço' }).click();
  const orderDialog = requester.page.getByRole('dialog', { name: 'Solicitar Serviço' });
  const hours = orderDialog.getByLabel('Quantas horas?');
  await expect(hours).toHaveValue('1');
  await expect(orderDialog.getByText('Total: R$ 120,00')).toBeVisible();
  await hours.fill('13');
  await orderDialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(orderDialog.getByText('Escolha de 1 a 12 horas')).toBeVisible();
  await hours.fill('2');
  await orderDialog.getByRole('button', { name: 'Mais uma hora' }).click();
  await expect(hours).toHaveValue('3');
  await expect(orderDialog.getByText('Escolha de 1 a 12 horas')).toHaveCount(0);
  await expect(orderDialog.getByText('Total: R$ 360,00')).toBeVisible();
  await expect(orderDialog.getByText('3 horas × R$ 120,00')).toBeVisible();
  await requester.page.screenshot({ path: test.info().outputPath('order-dialog-hours.png') });
  await orderDialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(requester.page.getByText('Pedido enviado com sucesso! Combine os detalhes com o prestador pelo WhatsApp.')).toBeVisible();

  // The owner reads the hours and the total on her card, and approves.
  await owner.page.goto('/gerenciar-pedidos');
  const pendingCard = owner.page.getByRole('article', { name: 'Montagem de móveis' });
  await expect(pendingCard.getByText('Duração: 3 horas')).toBeVisible();
  await expect(pendingCard.getByText('R$ 360,00')).toBeVisible();
  await pendingCard.getByRole('button', { name: 'Aprovar' }).click();
  await expectToast(owner.page, 'Status atualizado!');

  // The requester's card: the hours, both buttons, and the Pix dialog with the key masked and the real key in the code.
  await requester.page.goto('/meus-pedidos?aba=ativos');
  const myCard = requester.page.getByRole('article', { name: 'Montagem de móveis' });
  await expect(myCard.getByText('Duração: 3 horas')).toBeVisible();
  await expect(myCard.getByText('R$ 360,00')).toBeVisible();
  await expect(myCard.getByText('A pagar')).toBeVisible();
  await myCard.getByRole('button', { name: 'Pagar com Pix' }).click();
  const dialog = requester.page.getByRole('dialog', { name: 'Pagar com Pix' });
  await expect(dialog.getByText('R$ 360,00')).toBeVisible();
  const masked = `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
  await expect(dialog.getByText(`CPF ${masked}`, { exact: false })).toBeVisible();
  await expect(dialog.getByText(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`)).toHaveCount(0);
  await expect(dialog.getByLabel('Pix copia e cola')).toHaveValue(new RegExp(`0111${cpf}`));
  // The BR Code's amount (field 54, six characters): 3 hours x R$ 120,00.
  await expect(dialog.getByLabel('Pix copia e cola')).toHaveValue(/5406360\.00/);
  await requester.page.screenshot({ path: test.info().outputPath('pix-from-card.png') });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(myCard.getByRole('button', { name: 'Marcar como pago' })).toBeVisible();

  // The conversation's order header says the hours too.
  await myCard.getByRole('link', { name: /Conversar/ }).click();
  await expect(requester.page.getByRole('region', { name: 'Resumo do pedido' }).getByText('Duração: 3 horas')).toBeVisible();
  await requester.page.goBack();

  // The owner marks it paid from her card; the requester's card then reads 'Pago' with nothing left to press.
  await owner.page.goto('/gerenciar-pedidos?aba=aprovados');
  const ownerCard = owner.page.getByRole('article', { name: 'Montagem de móveis' });
  await expect(ownerCard.getByRole('button', { name: 'Pagar com Pix' })).toHaveCount(0);
  await ownerCard.getByRole('button', { name: 'Marcar como pago' }).click();
  await expectToast(owner.page, 'Pedido marcado como pago');
  await expect(ownerCard.getByText('Pago', { exact: true })).toBeVisible();
  await expect(ownerCard.getByRole('button', { name: 'Marcar como pago' })).toHaveCount(0);

  await requester.page.reload();
  await expect(myCard.getByText('Pago', { exact: true })).toBeVisible();
  await expect(myCard.getByRole('button', { name: 'Pagar com Pix' })).toHaveCount(0);
  await expect(myCard.getByRole('button', { name: 'Marcar como pago' })).toHaveCount(0);

  for (const context of [admin.context, moderator.context, owner.context, requester.context]) await context.close();
});
