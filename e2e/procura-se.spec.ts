import { axeOn } from './axe.ts';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { expect, test, type Locator } from './fixtures.ts';
import { approvedResident, callApi, dayName, DEMO, newSignedInContext, showMonthOf, uniqueWord } from './helpers.ts';

// 'Procura-se' at 390x844: a resident posts what they look for, a neighbour answers 'Eu tenho'
// with a new listing written from the request (approved by the administration), the author is
// told live on the request's screen, opens the offered listing and orders it as usual.

/** The elements of a dialog that reach past its sides (the page does not scroll sideways: the dialog cuts them). */
function pastTheDialogsEdge(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return Array.from(element.querySelectorAll('*'))
      .filter((inner) => {
        const rect = inner.getBoundingClientRect();
        return rect.width > 0 && (rect.right > box.right + 0.5 || rect.left < box.left - 0.5);
      })
      .map((inner) => `<${inner.tagName.toLowerCase()}${inner.id ? `#${inner.id}` : ''}>`);
  });
}

async function tapDay(dialog: Locator, isoDay: string) {
  await showMonthOf(dialog, isoDay);
  await dialog.getByRole('button', { name: dayName(isoDay), exact: true }).click();
}

test("a resident posts 'Procura-se escada', a neighbour answers with a new listing, the author orders it", async ({ browser, today }) => {
  test.slow(); // Two residents, an administrator and a moderator, each in their own browser.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const author = await approvedResident(browser, admin.page, 'procura');
  const neighbour = await approvedResident(browser, admin.page, 'temescada');
  const word = uniqueWord('alta');
  const title = `Procura-se escada ${word}`;

  // The author, from home, publishes the request.
  const { page } = author;
  await page.getByRole('link', { name: 'Procura-se' }).click();
  await expect(page.getByRole('heading', { name: 'Procura-se' })).toBeVisible();
  await page.getByRole('button', { name: 'Publicar pedido' }).click();
  const form = page.getByRole('dialog', { name: 'Publicar pedido' });
  // A rental (the first type) asks for dates; a service does not.
  await expect(form.getByRole('radio', { name: 'Aluguel' })).toBeChecked();
  await expect(form.getByLabel('De', { exact: true })).toBeVisible();
  // Every field whole inside the dialog at each phone width (the two dates side by side once went past
  // its edge), and axe-core finds nothing in the open form.
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await pastTheDialogsEdge(form), `at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const axe = await axeOn(page).include('dialog[open]').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  await form.getByRole('radio', { name: 'Serviço' }).check();
  await expect(form.getByLabel('De', { exact: true })).toHaveCount(0);
  await form.getByRole('radio', { name: 'Aluguel' }).check();
  await form.getByRole('button', { name: 'Publicar pedido' }).click();
  await expect(form.getByText('Escreva o que você procura')).toBeVisible();
  await form.getByLabel('O que você procura').fill(title);
  await form.getByLabel('Descrição').fill('Para trocar a lâmpada do corredor.');
  await form.getByLabel('Preço máximo (R$)').fill('0');
  await form.getByRole('button', { name: 'Publicar pedido' }).click();
  await expect(form.getByText('O preço máximo deve ser maior que zero')).toBeVisible();
  await form.getByLabel('Preço máximo (R$)').fill('30');
  await form.getByRole('button', { name: 'Publicar pedido' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Nenhuma oferta ainda.', { exact: false })).toBeVisible();
  const requestUrl = page.url();

  // The neighbour finds it in the list and answers 'Eu tenho' with a new listing.
  const other = neighbour.page;
  await other.goto('/alugueis');
  await other.getByRole('link', { name: 'Procura-se' }).click();
  await other.getByRole('link', { name: new RegExp(title) }).click();
  await other.getByRole('button', { name: 'Eu tenho' }).click();
  const offer = other.getByRole('dialog', { name: 'Eu tenho' });
  await expect(offer.getByText('Você não tem anúncios ativos.')).toBeVisible();
  await offer.getByRole('link', { name: 'Criar anúncio' }).click();
  await expect(other.getByLabel('Título')).toHaveValue(title);
  await other.getByLabel('Título').fill(`Escada de 7 degraus ${word}`);
  await other.getByLabel('Preço (R$)').fill('20');
  await other.getByRole('button', { name: 'Publicar Anúncio' }).click();
  await expect(other).toHaveURL(/\/anuncios$/);

  // Until the administration approves it, the author sees no offer; then the screen shows it live.
  const mine = await callApi<{ items: { id: string; title: string }[] }>(other, 'listings.mine', undefined, 'query');
  const listingId = mine.items.find((item) => item.title === `Escada de 7 degraus ${word}`)!.id;
  await callApi(moderator.page, 'listings.moderation.approve', { id: listingId });
  const offers = page.getByRole('list', { name: 'Ofertas' });
  await expect(offers).toContainText(`Escada de 7 degraus ${word}`);
  await expect(offers).toContainText(neighbour.fullName);
  await page.screenshot({ path: 'test-results/procura-se-offer-390x844.png' });

  // The author opens the offered listing and orders it as usual.
  await offers.getByRole('link', { name: 'Ver anúncio' }).click();
  await expect(page.getByRole('heading', { name: `Escada de 7 degraus ${word}` })).toBeVisible();
  await page.getByRole('button', { name: 'Solicitar Aluguel' }).click();
  const order = page.getByRole('dialog', { name: 'Solicitar Aluguel' });
  await tapDay(order, addDays(today, 1));
  await tapDay(order, addDays(today, 2));
  await order.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(order).toBeHidden();
  const orders = await callApi<{ items: { listing: { id: string } | null; status: string }[] }>(page, 'orders.mine', { tab: 'all' }, 'query');
  expect(orders.items.filter((item) => item.listing?.id === listingId).map((item) => item.status)).toEqual(['pending']);

  // 'Encontrei' closes the request: it leaves the neighbours' list.
  await page.goto(requestUrl);
  await page.getByRole('button', { name: 'Encontrei' }).click();
  await expect(page.getByText('Encontrado', { exact: true })).toBeVisible();
  await other.goto('/procura-se');
  await expect(other.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);

  // A reported request: a moderator removes it in /admin 'Denúncias' ('Remover pedido'), and its author is told.
  const reportedTitle = `Procura-se briga ${word}`;
  const { id: reported } = await callApi<{ id: string }>(page, 'wanted.create', { type: 'service', title: reportedTitle });
  await callApi(neighbour.page, 'reports.request', { requestId: reported, reason: 'offensive' });
  const staff = moderator.page;
  await staff.goto('/admin?secao=denuncias');
  const report = staff.getByRole('listitem', { name: `Denúncia de pedido: ${reportedTitle}` });
  await expect(report).toContainText(`Procura-se ${reportedTitle}`);
  await report.getByRole('button', { name: 'Remover pedido' }).click();
  const removal = staff.getByRole('dialog', { name: 'Remover pedido' });
  await expect(removal).toContainText('quem o publicou é avisado');
  await staff.screenshot({ path: 'test-results/procura-se-remover-pedido-390.png' });
  await removal.getByRole('button', { name: 'Remover pedido' }).click();
  await expect(report).toHaveCount(0);
  await page.goto('/notificacoes');
  await expect(page.getByText(`Seu pedido "${reportedTitle}" no Procura-se foi removido pela administração após uma denúncia.`)).toBeVisible();

  for (const person of [admin, moderator]) await person.context.close();
  await author.close();
  await neighbour.close();
});
