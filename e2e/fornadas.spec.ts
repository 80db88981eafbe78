import { fornadaLabel } from '@vizinhanca/shared/fornadas/fornada.rules';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { expect, test } from './fixtures.ts';
import { approvedResident, callApi, DEMO, newSignedInContext, publishedListing, uniqueWord } from './helpers.ts';

// A fornada at 390x844: the seller opens a batch of 10 portions, two residents reserve 6 and 4,
// the third reads 'Esgotado', and the seller reads the batch's list and hands everything over.

test('a seller opens a fornada of 10 portions; 6 and 4 are reserved; the third reads Esgotado; the seller reads the list', async ({ browser, today }) => {
  test.setTimeout(240_000);
  const admin = await newSignedInContext(browser, DEMO.admin);
  const seller = await approvedResident(browser, admin.page, 'forneira');
  const first = await approvedResident(browser, admin.page, 'reserva6');
  const second = await approvedResident(browser, admin.page, 'reserva4');
  const third = await approvedResident(browser, admin.page, 'atrasada');
  const title = `Lasanha ${uniqueWord('f')}`;
  const listingId = await publishedListing(seller.page, admin.page, {
    type: 'food',
    title,
    description: 'Lasanha bolonhesa, uma porção por pessoa',
    priceCents: 2500,
    deliveryOptions: ['pickup', 'delivery'],
  });

  // The seller opens the batch from the dish's page: Saturday's window, orders until the day before at 18h.
  const day = addDays(today, 5);
  await seller.page.goto(`/anuncio/${listingId}`);
  const form = seller.page.getByRole('form', { name: 'Abrir fornada' });
  await form.getByLabel('Dia da fornada').fill(day);
  await form.getByLabel('Das', { exact: true }).fill('11:00');
  await form.getByLabel('Até', { exact: true }).fill('13:00');
  await form.getByLabel('Porções', { exact: true }).fill('0');
  await form.getByLabel('Encomendas até (dia)').fill(addDays(today, 4));
  await form.getByLabel('Encomendas até (hora)').fill('18:00');
  await form.getByRole('button', { name: 'Abrir fornada' }).click();
  await expect(form.getByText('A fornada deve ter de 1 a 999 porções')).toBeVisible();
  await form.getByLabel('Porções', { exact: true }).fill('10');
  await form.getByRole('button', { name: 'Abrir fornada' }).click();
  await expect(seller.page.getByText('Restam 10 porções')).toBeVisible();
  await expect(seller.page.getByText(/Encomendas até \S+ às 18h/)).toBeVisible();

  // The third neighbour opens the dish while portions are left, and waits.
  await third.page.goto(`/food/${listingId}`);
  await expect(third.page.getByText('Restam 10 porções')).toBeVisible();

  await first.page.goto(`/food/${listingId}`);
  await first.page.getByLabel('Porções', { exact: true }).fill('6');
  await first.page.getByRole('button', { name: 'Reservar' }).click();
  await expect(first.page.getByText('Restam 4 porções')).toBeVisible();

  await second.page.goto(`/food/${listingId}`);
  await second.page.getByLabel('Porções', { exact: true }).fill('4');
  await second.page.getByLabel('Como receber').selectOption('delivery');
  await second.page.getByLabel('Endereço de entrega').fill('Bloco E, 204');
  await second.page.getByRole('button', { name: 'Reservar' }).click();
  await expect(second.page.getByText('Esgotado', { exact: true })).toBeVisible();

  // Too late: the reservation is refused with 'Esgotado', and the page shows the batch sold out.
  await third.page.getByLabel('Porções', { exact: true }).fill('1');
  await third.page.getByRole('button', { name: 'Reservar' }).click();
  await expect(third.page.getByRole('alert').filter({ hasText: 'Esgotado' })).toBeVisible();
  await expect(third.page.getByRole('button', { name: 'Reservar' })).toHaveCount(0);
  await third.page.screenshot({ path: 'test-results/fornada-esgotado-390.png', fullPage: true });
  // The food cards say it too.
  await third.page.goto(`/comidas?busca=${encodeURIComponent(title)}`);
  await expect(third.page.getByRole('article', { name: title }).getByText('Esgotado', { exact: true }).first()).toBeVisible();
  // Following the seller.
  await third.page.goto(`/food/${listingId}`);
  const follow = third.page.getByRole('button', { name: 'Avise-me das próximas fornadas' });
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  // The seller's list: who, how many, how, and the total.
  await seller.page.goto(`/anuncio/${listingId}`);
  await seller.page.getByRole('link', { name: 'Lista da fornada' }).click();
  await expect(seller.page.getByRole('heading', { name: 'Lista da fornada' })).toBeVisible();
  const table = seller.page.getByRole('table', { name: 'Reservas da fornada' });
  await expect(table.getByRole('row', { name: new RegExp(`${first.fullName}.*6.*Retirada.*R\\$\\s150,00`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`${second.fullName}.*4.*Entrega.*Bloco E, 204.*R\\$\\s100,00`) })).toBeVisible();
  await expect(table.getByRole('row', { name: /Total.*10.*R\$\s250,00/ })).toBeVisible();
  await seller.page.screenshot({ path: 'test-results/fornada-lista-390.png', fullPage: true });
  await seller.page.getByRole('button', { name: 'Marcar todas como entregues' }).click();
  await expect(seller.page.getByText('2 reservas marcadas como entregues.')).toBeVisible();
  await expect(seller.page.getByRole('button', { name: 'Marcar todas como entregues' })).toHaveCount(0);

  // The reservation's card names its batch, so two batches of one dish read apart.
  await first.page.goto('/meus-pedidos');
  const reservation = first.page.getByRole('article', { name: title });
  await expect(reservation.getByText(fornadaLabel(day))).toBeVisible();
  await reservation.screenshot({ path: 'test-results/fornada-reserva-rotulo-390.png' });

  // A second batch: the seller changes its portions (never below what is reserved) and then cancels it.
  const nextDay = addDays(today, 6);
  const next = await callApi<{ id: string }>(seller.page, 'fornadas.open', { listingId, day: nextDay, windowStart: '11:00', windowEnd: '13:00', portions: 5, deadlineDay: addDays(today, 5), deadlineTime: '18:00' });
  await callApi(third.page, 'fornadas.reserve', { fornadaId: next.id, quantity: 2 });
  await seller.page.goto(`/anuncio/${listingId}`);
  const batch = seller.page.getByRole('article', { name: new RegExp(`${nextDay.slice(8, 10)}/${nextDay.slice(5, 7)}`) });
  await batch.getByRole('button', { name: 'Alterar fornada' }).click();
  const change = batch.getByRole('form', { name: 'Alterar fornada' });
  await change.getByLabel('Porções', { exact: true }).fill('1');
  await change.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(change.getByRole('alert')).toHaveText('Já foram reservadas 2 porções: a fornada não pode ter menos porções do que isso.');
  await batch.screenshot({ path: 'test-results/fornada-alterar-390.png' });
  await change.getByLabel('Porções', { exact: true }).fill('6');
  await change.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(batch.getByText('Restam 4 porções')).toBeVisible();
  await batch.getByRole('button', { name: 'Cancelar fornada' }).click();
  const confirm = seller.page.getByRole('dialog', { name: 'Cancelar fornada' });
  await expect(confirm.getByText('2 porções reservadas.')).toBeVisible();
  await seller.page.screenshot({ path: 'test-results/fornada-cancelar-390.png' });
  await confirm.getByRole('button', { name: 'Cancelar fornada' }).click();
  await expect(seller.page.getByText('Fornada cancelada. Quem reservou foi avisado.')).toBeVisible();
  await expect(batch).toHaveCount(0);
  await third.page.goto('/meus-pedidos');
  await expect(third.page.getByText('O anunciante cancelou a fornada.')).toBeVisible();

  for (const person of [seller, first, second, third]) await person.close();
  await admin.context.close();
});
