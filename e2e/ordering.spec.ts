import { expect, test, type Locator } from './fixtures.ts';
import { formatCurrency } from '@vizinhanca/shared/format/format';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { callApi, dayName, DEMO, newSignedInContext, publishedListing, showMonthOf, signIn, uniqueWord } from './helpers.ts';

const BRUNO = { email: 'bruno@vizinhanca.app', password: 'morador-vizinhanca' } as const;
const JULIANA = { email: 'juliana@vizinhanca.app', password: 'morador-vizinhanca' } as const;

/** '2026-11-25' -> '25/11' */
function shortDate(isoDay: string): string {
  return `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}`;
}

function dayButton(dialog: Locator, isoDay: string): Locator {
  return dialog.getByRole('button', { name: dayName(isoDay), exact: true });
}

async function tapDay(dialog: Locator, isoDay: string) {
  await showMonthOf(dialog, isoDay);
  await dayButton(dialog, isoDay).click();
}

const INVALID_PERIOD = 'Período inválido. Verifique se não há conflitos ou se está dentro dos limites (1-30 dias).';

test('a neighbour rents an item for three free days, around the days another neighbour holds', { tag: '@dates' }, async ({ page, browser, today }) => {
  test.slow(); // Four people and a calendar.
  const day = (offset: number) => addDays(today, offset);
  const word = uniqueWord('parafusadeira');
  const title = `Parafusadeira ${word.slice(-6)}`;
  const priceCents = 1250;

  // Ana lists a rental, the moderator approves it.
  const owner = await newSignedInContext(browser, DEMO.resident);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const id = await publishedListing(owner.page, moderator.page, {
    type: 'rental',
    title,
    description: `Parafusadeira a bateria com duas cargas ${word}`,
    priceCents,
    deliveryOptions: ['pickup'],
  });

  // Bruno books days 2 to 4 from today.
  const bruno = await newSignedInContext(browser, BRUNO);
  await callApi(bruno.page, 'orders.create', { listingId: id, startDate: day(2), endDate: day(4), message: 'Para o fim de semana.' });

  // Juliana opens the item and the order dialog.
  await signIn(page, JULIANA, `/item/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Avaliações' })).toBeVisible();
  await page.getByRole('button', { name: 'Solicitar Aluguel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar Aluguel' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mês anterior' })).toBeDisabled();
  await expect(dialog.getByText('Indisponível', { exact: true })).toBeVisible();

  // Nothing chosen yet.
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog.getByText('Por favor, selecione o período de aluguel')).toBeVisible();

  // Yesterday (when it is in this month) and Bruno's days cannot be picked.
  if (day(-1).slice(0, 7) === today.slice(0, 7)) await expect(dayButton(dialog, day(-1))).toBeDisabled();
  await expect(dayButton(dialog, today)).toBeEnabled();
  for (const offset of [2, 3, 4]) {
    await showMonthOf(dialog, day(offset));
    const held = dayButton(dialog, day(offset));
    await expect(held).toBeDisabled();
    await expect(held).toHaveAccessibleDescription('Indisponível');
  }

  // A period across Bruno's days is refused; so is one longer than 30 days.
  await tapDay(dialog, day(1));
  await tapDay(dialog, day(5));
  await expect(dialog.getByText(INVALID_PERIOD)).toBeVisible();
  await tapDay(dialog, day(40));
  await expect(dialog.getByText(INVALID_PERIOD)).toBeVisible();

  // Three free days: the period, the days and the total before sending.
  await tapDay(dialog, day(6));
  await expect(dialog.getByText(INVALID_PERIOD)).toHaveCount(0);
  await tapDay(dialog, day(8));
  // Day 7 may be in the month before the one day 8 left on screen.
  await showMonthOf(dialog, day(7));
  await expect(dayButton(dialog, day(7))).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByText(`Retirada: ${shortDate(day(6))} · Devolução: ${shortDate(day(8))} · 3 dias`)).toBeVisible();
  await expect(dialog.getByText(`Total: ${formatCurrency(3 * priceCents)}`)).toBeVisible();
  await expect(dialog.getByText('Total: R$ 37,50')).toBeVisible();
  await dialog.getByLabel('Mensagem (opcional)').fill('Vou montar uma estante, devolvo limpinha.');

  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(page.getByText('Solicitação registrada! Combine a retirada com o anunciante pelo WhatsApp.')).toBeVisible();
  await expect(page).toHaveURL(/\/meus-pedidos$/);

  // Those days are now held for everyone, Juliana included.
  await page.goto(`/item/${id}`);
  await page.getByRole('button', { name: 'Solicitar Aluguel' }).click();
  for (const offset of [6, 7, 8]) {
    await showMonthOf(dialog, day(offset));
    await expect(dayButton(dialog, day(offset))).toBeDisabled();
  }
  await showMonthOf(dialog, day(5));
  await expect(dayButton(dialog, day(5))).toBeEnabled();

  await Promise.all([owner.context.close(), moderator.context.close(), bruno.context.close()]);
});

test('a dish made to order is refused when scheduled too soon, then ordered in time', { tag: '@dates' }, async ({ page, browser, today }) => {
  test.slow();
  const tomorrow = addDays(today, 1);
  const word = uniqueWord('lasanha');
  const title = `Lasanha ${word.slice(-6)}`;
  const tooSoon = 'Este produto requer pelo menos 2 dias de antecedência';

  const owner = await newSignedInContext(browser, DEMO.resident);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const id = await publishedListing(owner.page, moderator.page, {
    type: 'food',
    title,
    description: `Lasanha à bolonhesa para 4 pessoas ${word}`,
    priceCents: 4800,
    deliveryOptions: ['pickup', 'delivery', 'scheduled'],
    requiresAdvanceOrder: true,
    minimumNoticeHours: 48,
  });

  await signIn(page, BRUNO);

  // The server refuses it on its own, whatever a client checks.
  const response = await page.request.post('/trpc/orders.create', {
    data: { json: { listingId: id, deliveryMethod: 'scheduled', scheduledAt: `${tomorrow}T12:00:00-03:00` } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(tooSoon);

  await page.goto(`/food/${id}`);
  await page.getByRole('button', { name: 'Fazer Pedido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fazer Pedido' });
  await expect(dialog.getByRole('radio', { name: 'Retirada no local' })).toBeChecked();
  await expect(dialog.getByText(/peça com pelo menos 2 dias de antecedência/)).toBeVisible();

  // Delivery needs an address.
  await dialog.getByRole('radio', { name: 'Entrega' }).check();
  await expect(dialog.getByLabel('Endereço de entrega')).toHaveAttribute('placeholder', 'Bloco, apartamento, observações...');
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog.getByText('Informe o endereço de entrega')).toBeVisible();

  // Scheduled for tomorrow: too soon for 48 hours of notice.
  await dialog.getByRole('radio', { name: 'Agendamento' }).check();
  await expect(dialog.getByLabel('Endereço de entrega')).toHaveCount(0);
  await dialog.getByLabel('Data', { exact: true }).fill(tomorrow);
  await dialog.getByLabel('Horário', { exact: true }).fill('12:00');
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog.getByText(tooSoon)).toBeVisible();

  // Four days ahead is in time.
  await dialog.getByLabel('Data', { exact: true }).fill(addDays(today, 4));
  await expect(dialog.getByText(tooSoon)).toHaveCount(0);
  await dialog.getByLabel('Mensagem (opcional)').fill('Pode ser sem cebola?');
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(page.getByText('Pedido registrado! Combine a entrega com o anunciante pelo WhatsApp.')).toBeVisible();
  await expect(page).toHaveURL(/\/meus-pedidos$/);

  await Promise.all([owner.context.close(), moderator.context.close()]);
});
