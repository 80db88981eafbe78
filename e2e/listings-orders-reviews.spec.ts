import { axeOn } from './axe.ts';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures.ts';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { appOrigin, approvedResident, br, callApi, dayName, DEMO, expectToast, newLoggedInPage, newSignedInContext, publishedListing, showMonthOf } from './helpers.ts';

// Listings and orders: a dish ordered by quantity, days the
// owner blocks, and reviews both ways that show only once both sides reviewed.
// Each walk uses residents created for it, so nothing depends on the demo data.

test("a cook types a pickup window in the listing form, and a resident orders 3 portions to pick up tomorrow inside it; the owner sees the quantity and the time", async ({ browser, today }) => {
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const cook = await approvedResident(browser, admin.page, 'cozinheira');
  const hungry = await approvedResident(browser, admin.page, 'faminto');
  const title = `Marmita fit ${Date.now().toString(36)}`;

  // The cook publishes ready food for pickup and types the window in the form (the rest of the form is walked by my-listings.spec.ts).
  await cook.page.goto('/anuncios/criar?category=food');
  await cook.page.getByLabel('Título').fill(title);
  await cook.page.getByLabel('Descrição').fill('Frango, arroz integral e legumes.');
  await cook.page.getByLabel('Preço (R$)').fill('25');
  await cook.page.getByLabel('Porções por pedido (opcional)').fill('10');
  await cook.page.getByLabel('Retirada das').fill('17:00');
  await cook.page.getByLabel('Retirada até').fill('20:00');
  await cook.page.getByLabel('Retirada até').scrollIntoViewIfNeeded();
  await cook.page.screenshot({ path: '.tmp/screens/listing-form-pickup-window.png' });
  await cook.page.getByRole('button', { name: 'Publicar Anúncio' }).click();
  await expectToast(cook.page, 'Anúncio criado! Aguardando aprovação do administrador.');
  const published = await callApi<{ items: { id: string; title: string }[] }>(cook.page, 'listings.mine', undefined, 'query');
  const id = published.items.find((item) => item.title === title)!.id;
  await callApi(moderator.page, 'listings.moderation.approve', { id });
  const pickup = `Retirada em ${br(addDays(today, 1))} às 18:30`;

  const page = hungry.page;
  await page.goto(`/food/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Retirada no local das 17:00 às 20:00')).toBeVisible();
  await page.getByRole('button', { name: 'Fazer Pedido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fazer Pedido' });
  const quantity = dialog.getByLabel('Quantidade', { exact: true });
  await expect(quantity).toHaveValue('1');
  await expect(dialog.getByText('Total: R$ 25,00')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Diminuir quantidade' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await expect(quantity).toHaveValue('3');
  await expect(dialog.getByText('Total: R$ 75,00')).toBeVisible();
  // More than the cook offers is refused before sending.
  await quantity.fill('11');
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog.getByText('Este anúncio aceita no máximo 10 porções por pedido')).toBeVisible();
  await quantity.fill('3');
  // Ready food picked up asks when: tomorrow, inside the cook's window.
  const pickupTime = dialog.getByLabel('Horário da retirada');
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog.getByText('Escolha quando você vai retirar: hoje ou amanhã, e o horário')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Amanhã' }).check();
  await pickupTime.fill('21:00');
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog.getByText('A retirada é das 17:00 às 20:00: escolha um horário nesse intervalo')).toBeVisible();
  await pickupTime.fill('18:30');
  await expect(dialog.getByText('A retirada é das 17:00 às 20:00: escolha um horário nesse intervalo')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('order-dialog-pickup.png') });
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(page.getByText('Pedido registrado! Combine a entrega com o anunciante pelo WhatsApp.')).toBeVisible();
  await expect(page).toHaveURL(/\/meus-pedidos$/);
  const mine = page.getByRole('article').filter({ hasText: title });
  await expect(mine).toContainText('Quantidade: 3 unidades');
  await expect(mine).toContainText('R$ 75,00');
  await expect(mine).toContainText(pickup);

  // A second order of the same dish for the same day asks first.
  await page.goto(`/food/${id}`);
  await page.getByRole('button', { name: 'Fazer Pedido' }).click();
  await dialog.getByRole('radio', { name: 'Amanhã' }).check();
  await pickupTime.fill('19:00');
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog.getByText('Você já tem um pedido pendente deste anúncio')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);

  // The cook sees the quantity on the received order.
  await cook.page.goto('/gerenciar-pedidos');
  const received = cook.page.getByRole('article').filter({ hasText: title });
  await expect(received).toHaveCount(1);
  await expect(received).toContainText('Quantidade: 3 unidades');
  await expect(received).toContainText('R$ 75,00');
  await expect(received).toContainText(pickup);

  // The cook's form holds the window (ready food offered for pickup), with no accessibility violation.
  await cook.page.goto(`/anuncios/criar?edit=${id}`);
  await expect(cook.page.getByLabel('Retirada das')).toHaveValue('17:00');
  await expect(cook.page.getByLabel('Retirada até')).toHaveValue('20:00');
  expect((await axeOn(cook.page).analyze()).violations).toEqual([]);

  await Promise.all([cook.close(), hungry.close(), admin.context.close(), moderator.context.close()]);
});

test('the owner blocks two days and another resident cannot pick them', async ({ browser, today }) => {
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'viajante');
  const neighbour = await approvedResident(browser, admin.page, 'vizinha');
  const title = `Bicicleta ${Date.now().toString(36)}`;
  const id = await publishedListing(owner.page, moderator.page, { type: 'rental', title, description: 'Aro 29, revisada, com capacete.', priceCents: 2500 });
  const [first, second] = [addDays(today, 5), addDays(today, 6)];

  // The owner blocks both days from the owner view.
  const page = owner.page;
  await page.goto(`/anuncio/${id}`);
  const section = page.getByRole('region', { name: 'Dias bloqueados' });
  await expect(section.getByText('Nenhum dia bloqueado.')).toBeVisible();
  await section.getByLabel('De', { exact: true }).fill(first);
  await section.getByLabel('Até', { exact: true }).fill(second);
  await section.getByRole('button', { name: 'Bloquear dias' }).click();
  await expectToast(page, 'Dias bloqueados!');
  const list = section.getByRole('list', { name: 'Dias bloqueados' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(br(first));
  await expect(list).toContainText(br(second));
  // A past day is refused.
  await section.getByLabel('De', { exact: true }).fill(addDays(today, -1));
  await section.getByLabel('Até', { exact: true }).fill('');
  await section.getByRole('button', { name: 'Bloquear dias' }).click();
  await expect(section.getByText('Não é possível bloquear um dia que já passou.')).toBeVisible();

  // The neighbour's calendar: both days unavailable; the day before is free.
  await neighbour.page.goto(`/item/${id}`);
  await neighbour.page.getByRole('button', { name: 'Solicitar Aluguel' }).click();
  const dialog = neighbour.page.getByRole('dialog', { name: 'Solicitar Aluguel' });
  for (const day of [first, second]) {
    await showMonthOf(dialog, day);
    const button = dialog.getByRole('button', { name: dayName(day), exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Indisponível');
  }
  await showMonthOf(dialog, addDays(today, 4));
  await expect(dialog.getByRole('button', { name: dayName(addDays(today, 4)), exact: true })).toBeEnabled();

  // Whatever the page sends, the server refuses the blocked days.
  const refused = await neighbour.page.request.post('/trpc/orders.create', {
    data: { json: { listingId: id, startDate: first, endDate: second } },
    headers: { origin: appOrigin() },
  });
  expect(refused.status()).toBe(409);

  await Promise.all([owner.close(), neighbour.close(), admin.context.close(), moderator.context.close()]);
});

test('both sides review a completed rental and each review appears only after both', async ({ browser, today }) => {
  test.slow();
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dona');
  const renter = await approvedResident(browser, admin.page, 'locatario');
  const title = `Escada ${Date.now().toString(36)}`;
  const listingId = await publishedListing(owner.page, moderator.page, { type: 'rental', title, description: 'Escada de alumínio, 7 degraus.', priceCents: 1000 });
  const { id: orderId } = await callApi<{ id: string }>(renter.page, 'orders.create', { listingId, startDate: today, endDate: addDays(today, 1) });
  for (const step of ['orders.approve', 'orders.markDelivered', 'orders.complete']) await callApi(owner.page, step, { id: orderId });

  // The renter reviews the owner: 4 stars.
  const mine = renter.page;
  await mine.goto('/meus-pedidos?aba=finalizados');
  const myCard = mine.getByRole('article').filter({ hasText: title });
  await myCard.getByRole('button', { name: 'Avaliar' }).click();
  const renterDialog = mine.getByRole('dialog', { name: 'Avaliar' });
  await expect(renterDialog).toContainText('quando vocês dois avaliarem');
  await renterDialog.getByRole('radio', { name: '4 estrelas' }).check();
  await renterDialog.getByLabel('Comentário (opcional)').fill('Escada firme, entregue no horário.');
  await renterDialog.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await expectToast(mine, 'Avaliação enviada com sucesso!');
  await expect(myCard).toContainText('Avaliado');

  // Hidden until the owner reviews too: the listing still reads 'Novo'.
  await mine.goto(`/item/${listingId}`);
  await expect(mine.getByRole('heading', { name: title })).toBeVisible();
  await expect(mine.getByText('Novo', { exact: true }).first()).toBeVisible();
  await expect(mine.getByText('Escada firme, entregue no horário.')).toHaveCount(0);

  // The owner reviews the renter: 5 stars, from the received orders.
  const manage = owner.page;
  await manage.goto('/gerenciar-pedidos?aba=finalizados');
  const received = manage.getByRole('article').filter({ hasText: title });
  await received.getByRole('button', { name: 'Avaliar' }).click();
  const ownerDialog = manage.getByRole('dialog', { name: 'Avaliar' });
  await ownerDialog.getByRole('radio', { name: '5 estrelas' }).check();
  await ownerDialog.getByRole('button', { name: 'Enviar Avaliação' }).click();
  await expectToast(manage, 'Avaliação enviada com sucesso!');
  await expect(received).toContainText('Avaliado');
  await expect(received.getByRole('button', { name: 'Avaliar' })).toHaveCount(0);

  // Now both show: the owner's 4,0 on the listing, the renter's 5,0 as a client on the profile.
  await mine.goto(`/item/${listingId}`);
  await expect(mine.getByText('4,0 (1)', { exact: true }).first()).toBeVisible();
  await expect(mine.getByText('Escada firme, entregue no horário.')).toBeVisible();
  await mine.goto('/perfil');
  const asClient = mine.locator('.profile-stat').filter({ hasText: 'Como cliente' });
  await expect(asClient).toContainText('5,0');
  await manage.goto('/perfil');
  await expect(manage.locator('.profile-stat').filter({ hasText: 'Como anunciante' })).toContainText('4,0');

  await Promise.all([owner.close(), renter.close(), admin.context.close(), moderator.context.close()]);
});

test("what a new user found wrong: an expired listing reads 'Expirado' with 'Renovar' first, names fit, activity rows open", async ({ browser }) => {
  // Juliana's baby stroller was published 35 days ago: expired (demo data).
  const juliana = await newLoggedInPage(browser, { email: 'juliana@vizinhanca.app', password: 'morador-vizinhanca' });
  const page = juliana.page;
  await page.goto('/anuncios');
  // The card is an article named by its title; the title is its link.
  const stroller = page.getByRole('article', { name: 'Carrinho de bebê Galzerano' });
  await expect(stroller).toContainText('Expirado');
  await expect(stroller).not.toContainText('Ativo');
  await expect(stroller).toContainText('Expirou em');
  // A pending listing is neither active nor inactive: the counters count what they say.
  const counters = page.getByLabel('Resumo dos anúncios');
  await expect(counters.locator('div').filter({ hasText: 'Inativos' }).locator('dd')).toHaveText('1');
  await stroller.getByRole('link', { name: 'Carrinho de bebê Galzerano' }).click();
  const actions = page.getByRole('region', { name: 'Ações do anúncio' });
  await expect(actions.getByRole('button').first()).toHaveText('Renovar');
  await expect(page.getByText('Expirou em', { exact: true })).toBeVisible();

  // Names on cards wrap instead of being cut ('Bruno Costa Li…').
  await page.goto('/alugueis');
  const name = page.locator('.listing-card-owner-name').filter({ hasText: 'Bruno Costa Lima' }).first();
  await expect(name).toHaveText('Bruno Costa Lima');
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);

  // 'Em Andamento' fits on one line in the tabs and the counters.
  await page.goto('/gerenciar-pedidos');
  for (const element of [page.getByRole('tab', { name: 'Em Andamento' }), page.getByLabel('Resumo dos pedidos recebidos').getByText('Em Andamento', { exact: true })]) {
    // The line boxes of the label's text: one line, and nothing cut.
    const lines = await element.evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    expect(await element.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true);
  }

  // Home's activity rows open what they are about.
  await page.goto('/');
  const row = page.getByRole('region', { name: 'Atividade recente' }).getByRole('link').filter({ hasNotText: 'Ver tudo' }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/(meus-pedidos|gerenciar-pedidos|anuncio\/)/);

  await juliana.context.close();
});

/** A plain JPEG of this size and colour: the sizes tell the photos apart once stored. */
async function photoFile(name: string, width: number, height: number, background: string) {
  const buffer = await sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function pickPhotos(page: Page, files: Awaited<ReturnType<typeof photoFile>>[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Adicionar foto/ }).click();
  await (await chooser).setFiles(files);
}

interface OwnedListing {
  status: string;
  photos: { id: string; cardUrl: string; detailUrl: string; width: number; height: number }[];
}

test('an owner publishes a listing with 3 photos; a resident sees the first on the card and swipes the gallery', async ({ browser }) => {
  test.slow();
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'fotografa');
  const resident = await approvedResident(browser, admin.page, 'curioso');
  const title = `Barraca de camping ${Date.now().toString(36)}`;
  const red = await photoFile('vermelha.jpg', 800, 600, '#c0392b');
  const green = await photoFile('verde.jpg', 600, 800, '#27ae60');
  const blue = await photoFile('azul.jpg', 900, 600, '#2980b9');
  const yellow = await photoFile('amarela.jpg', 700, 700, '#f1c40f');

  const page = owner.page;
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/images')) uploads += 1;
  });
  await page.goto('/anuncios/criar?category=rental');
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Descrição').fill('Barraca para 4 pessoas, com sobreteto e estacas.');
  await page.getByLabel('Preço (R$)').fill('30');

  // Six at once: refused before anything is sent.
  await pickPhotos(page, [red, green, blue, yellow, red, green]);
  await expectToast(page, 'Um anúncio pode ter no máximo 5 fotos');
  expect(uploads).toBe(0);

  // Four, then the last one removed and the third moved before the second: red, blue, green.
  await pickPhotos(page, [red, green, blue, yellow]);
  const photos = page.getByRole('list', { name: 'Fotos do anúncio' });
  await expect(photos.getByRole('img', { name: 'Foto 4 de 4' })).toBeVisible({ timeout: 20_000 });
  expect(uploads).toBe(4);
  await photos.getByRole('button', { name: 'Remover foto 4' }).click();
  await photos.getByRole('button', { name: 'Mover foto 3 para a esquerda' }).click();
  await expect(photos.getByRole('img')).toHaveCount(3);
  await expect(page.getByText('3 de 5')).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/photos-editor.png' });
  await page.getByRole('button', { name: 'Publicar Anúncio' }).click();
  await expectToast(page, 'Anúncio criado! Aguardando aprovação do administrador.');

  const mine = await callApi<{ items: (OwnedListing & { id: string; title: string })[] }>(page, 'listings.mine', undefined, 'query');
  const created = mine.items.find((item) => item.title === title)!;
  expect(created.photos.map((photo) => [photo.width, photo.height])).toEqual([
    [800, 600],
    [900, 600],
    [600, 800],
  ]);
  await callApi(moderator.page, 'listings.moderation.approve', { id: created.id });
  const [cover, second, third] = created.photos;

  // The card shows the first photo, with its proportions.
  const neighbour = resident.page;
  await neighbour.goto('/alugueis');
  const card = neighbour.getByRole('article', { name: title });
  const cardImage = card.locator('img.listing-card-image');
  await expect(cardImage).toHaveAttribute('src', cover!.cardUrl);
  await expect(cardImage).toHaveAttribute('width', '800');
  await expect(cardImage).toHaveAttribute('height', '600');
  await expect.poll(() => cardImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await neighbour.screenshot({ path: '.tmp/screens/photos-card.png' });

  // The detail: a gallery of the three, swiped on touch.
  await card.getByRole('link', { name: title }).click();
  await expect(neighbour.getByRole('heading', { name: title })).toBeVisible();
  const gallery = neighbour.getByRole('region', { name: `Fotos de ${title}` });
  const images = gallery.getByRole('img');
  await expect(images).toHaveCount(3);
  for (const [index, photo] of created.photos.entries()) {
    const image = gallery.getByRole('img', { name: `Foto de ${title} (${index + 1} de 3)` });
    await expect(image).toHaveAttribute('src', photo.detailUrl);
    await expect(image).toHaveAttribute('width', String(photo.width));
    await expect(image).toHaveAttribute('height', String(photo.height));
  }
  await expect(gallery.getByText('1/3')).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Ver foto 1 de 3' })).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await neighbour.screenshot({ path: '.tmp/screens/photos-detail.png' });

  // A finger drags the photo from right to left and lifts (touch events, as a phone sends them): the
  // second photo. The gallery snaps to the nearest photo when the finger lifts without a flick. The
  // walk's old gesture (a 60% drag lifted at once) made the result depend on the machine: quick, a
  // flick; on a loaded machine the moves arrived ~150 ms apart (no flick), and the drag, less the
  // touch slop and two coalesced moves, ended short of half (scrollLeft 169 of 390) and snapped back
  // to the first photo. Now the drag crosses 75% of the photo in 20 moves and the finger rests
  // 150 ms before lifting (no flick however fast the moves arrive): the nearest photo is the second.
  await expect.poll(() => gallery.locator('.gallery-track').evaluate((track) => track.scrollWidth > track.clientWidth)).toBe(true);
  const box = (await gallery.boundingBox())!;
  const y = Math.round(box.y + box.height * 0.4);
  const from = Math.round(box.x + box.width * 0.87);
  const to = Math.round(box.x + box.width * 0.12);
  const moves = 20;
  const cdp = await neighbour.context().newCDPSession(neighbour);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= moves; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: Math.round(from + ((to - from) * step) / moves), y }] });
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await expect(gallery.getByText('2/3')).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Ver foto 2 de 3' })).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => gallery.getByRole('img', { name: `Foto de ${title} (2 de 3)` }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(gallery.getByRole('img', { name: `Foto de ${title} (2 de 3)` })).toHaveAttribute('src', second!.detailUrl);
  await neighbour.screenshot({ path: '.tmp/screens/photos-detail-swiped.png' });

  // The buttons do the same, for whoever does not swipe.
  await gallery.getByRole('button', { name: 'Próxima foto' }).click();
  await expect(gallery.getByText('3/3')).toBeVisible();
  await expect(gallery.getByRole('img', { name: `Foto de ${title} (3 de 3)` })).toHaveAttribute('src', third!.detailUrl);
  await expect(gallery.getByRole('button', { name: 'Próxima foto' })).toBeDisabled();
  await gallery.getByRole('button', { name: 'Ver foto 1 de 3' }).click();
  await expect(gallery.getByText('1/3')).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Foto anterior' })).toBeDisabled();

  // The owner puts the green one first when editing: back to moderation, in the new order.
  await page.goto(`/anuncios/criar?edit=${created.id}`);
  const editing = page.getByRole('list', { name: 'Fotos do anúncio' });
  await expect(editing.getByRole('img')).toHaveCount(3);
  await editing.getByRole('button', { name: 'Mover foto 3 para a esquerda' }).click();
  await editing.getByRole('button', { name: 'Mover foto 2 para a esquerda' }).click();
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(page, 'Anúncio atualizado!');
  const edited = await callApi<OwnedListing>(page, 'listings.ownerView', { id: created.id }, 'query');
  expect(edited.status).toBe('pending');
  expect(edited.photos.map((photo) => photo.id)).toEqual([third!.id, cover!.id, second!.id]);

  await Promise.all([owner.close(), resident.close(), admin.context.close(), moderator.context.close()]);
});

test("search everywhere and sort, 'Salvar' into 'Salvos', a service at home asks the time, and the neighbour page from cards, details, orders and reviews", async ({ browser, today }) => {
  test.slow();
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const seller = await approvedResident(browser, admin.page, 'vendedora');
  const buyer = await approvedResident(browser, admin.page, 'comprador');
  const word = `achado${Date.now().toString(36)}`;
  const titles = { rental: `Caixa de som ${word}`, food: `Pão de mel ${word}`, service: `Conserto de bicicleta ${word}` };
  const rentalId = await publishedListing(seller.page, moderator.page, { type: 'rental', title: titles.rental, description: 'Caixa de som portátil.', priceCents: 5000 });
  await publishedListing(seller.page, moderator.page, { type: 'food', title: titles.food, description: 'Pão de mel com chocolate.', priceCents: 1500 });
  const serviceId = await publishedListing(seller.page, moderator.page, {
    type: 'service',
    title: titles.service,
    description: 'Regulagem de freios e marchas.',
    priceCents: 8000,
    deliveryOptions: ['pickup', 'delivery'],
  });
  // A completed rental both sides reviewed: the reviews show on both neighbour pages.
  const { id: orderId } = await callApi<{ id: string }>(buyer.page, 'orders.create', { listingId: rentalId, startDate: today, endDate: addDays(today, 1) });
  for (const step of ['orders.approve', 'orders.markDelivered', 'orders.complete']) await callApi(seller.page, step, { id: orderId });
  await callApi(buyer.page, 'reviews.create', { orderId, rating: 5, comment: 'Som potente, entregue na hora.' });
  await callApi(seller.page, 'reviews.create', { orderId, rating: 4, comment: 'Devolveu tudo certinho.' });

  const page = buyer.page;
  const cards = page.getByRole('article');

  // Home's search looks across the three types.
  await page.goto('/');
  await page.getByLabel('Buscar em aluguéis, comidas e serviços').fill(word);
  await page.getByLabel('Buscar em aluguéis, comidas e serviços').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/busca\\?busca=${word}`));
  await expect(cards).toHaveCount(3);

  // Sorted by price, up and down.
  await page.getByLabel('Ordenar por').selectOption({ label: 'Menor preço' });
  await expect(cards.getByRole('heading')).toHaveText([titles.food, titles.rental, titles.service]);
  await page.getByLabel('Ordenar por').selectOption({ label: 'Maior preço' });
  await expect(cards.getByRole('heading')).toHaveText([titles.service, titles.rental, titles.food]);
  for (const path of ['/alugueis', '/comidas', '/servicos']) {
    await page.goto(path);
    await expect(page.getByLabel('Ordenar por')).toBeVisible();
  }

  // The neighbour page from a card: who, since when, both ratings, listings and reviews; no phone, e-mail or CPF.
  await page.goto(`/busca?busca=${word}`);
  await cards.filter({ hasText: titles.rental }).getByRole('link', { name: seller.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/vizinho/${seller.id}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: seller.fullName })).toBeVisible();
  await expect(main.getByText(/Membro desde \S+ de \d{4}/)).toBeVisible();
  const ratings = main.getByRole('definition');
  await expect(ratings.first()).toContainText('5,0');
  await expect(main.getByRole('list', { name: 'Anúncios ativos' }).getByRole('article')).toHaveCount(3);
  await expect(main.getByText('Som potente, entregue na hora.')).toBeVisible();
  const text = (await main.textContent()) ?? '';
  expect(text).not.toMatch(/98765|@|\d{3}\.\d{3}\.\d{3}-\d{2}/);

  // From a review: the buyer's own page, rated 4,0 as a client.
  await main.getByRole('link', { name: buyer.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/vizinho/${buyer.id}$`));
  await expect(main.getByText('Devolveu tudo certinho.')).toBeVisible();
  await expect(main.locator('.neighbour-rating').filter({ hasText: 'Como cliente' })).toContainText('4,0');

  // The service's detail: 'Salvar', the lister's name opens their page, and a service at home asks for date and time.
  await page.goto(`/service/${serviceId}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('button', { name: 'Salvo' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Solicitar Serviço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar Serviço' });
  await expect(dialog.getByLabel('Data', { exact: true })).toHaveCount(0);
  await dialog.getByText('Atendimento Domiciliar').click();
  await expect(dialog.getByLabel('Data', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Horário')).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar Pedido' }).click();
  await expect(dialog.getByText('Informe a data e o horário')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await main.getByRole('link', { name: seller.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/vizinho/${seller.id}$`));

  // 'Salvos' on the profile.
  await page.goto('/perfil');
  await page.getByRole('link', { name: 'Salvos', exact: true }).click();
  await expect(page).toHaveURL(/\/salvos$/);
  await expect(cards.filter({ hasText: titles.service })).toHaveCount(1);

  // From an order card.
  await page.goto('/meus-pedidos?aba=finalizados');
  await cards.filter({ hasText: titles.rental }).getByRole('link', { name: seller.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/vizinho/${seller.id}$`));

  await Promise.all([seller.close(), buyer.close(), admin.context.close(), moderator.context.close()]);
});
