import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { approvedResident, callApi, DEMO, newSignedInContext } from './helpers.ts';

// A screen's data is read before its live channel listens (the server's first render, the first
// queries), so what the other person commits in the first second after it opens must still appear,
// without a reload (docs/decisions/022-live-cursor.md). Each try opens the screen afresh and the
// change is committed at a random moment of its first second.

const TRIES = 20;

/**
 * Watches a page's live channel (call before its goto): the returned check waits for the 'ready'
 * of the subscription started after the last call to `reset`, the moment the screen is read again.
 */
function watchReady(page: Page) {
  let ready = false;
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"kind":"ready"')) ready = true;
    });
  });
  return {
    reset: () => (ready = false),
    wait: () => expect.poll(() => ready, { message: "the live channel's 'ready'", timeout: 15_000 }).toBe(true),
  };
}

/** Opens each page at `path` afresh and, at a random moment of its first second, makes the change; then waits for the channel. */
async function openWhileChanging(pages: { page: Page; path: string; channel: ReturnType<typeof watchReady> }[], change: () => Promise<unknown>) {
  const delayMs = Math.floor(Math.random() * 1000);
  for (const { channel } of pages) channel.reset();
  await Promise.all([...pages.map(({ page, path }) => page.goto(path)), new Promise((resolve) => setTimeout(resolve, delayMs)).then(change)]);
  for (const { channel } of pages) await channel.wait();
}

/** A service of the owner's, approved, with a pending order of the requester's; its title and the order. */
async function pendingOrder(owner: Page, moderator: Page, requester: Page, label: string) {
  const title = `${label} ${randomUUID().slice(0, 8)}`;
  const { id: listingId } = await callApi<{ id: string }>(owner, 'listings.create', {
    type: 'service',
    title,
    description: 'Pequenos consertos em casa.',
    priceCents: 3000,
    priceUnit: 'service',
    deliveryOptions: ['pickup'],
  });
  await callApi(moderator, 'listings.moderation.approve', { id: listingId });
  const { id: orderId } = await callApi<{ id: string }>(requester, 'orders.create', { listingId, deliveryMethod: 'pickup' });
  return { title, orderId };
}

/** Two new residents, the owner and the requester, and the moderator who approves the owner's listings. */
async function ownerAndRequester(browser: Browser) {
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dona');
  const requester = await approvedResident(browser, admin.page, 'cliente');
  return { moderator, owner, requester };
}

test('a message sent in the first second of an open conversation appears, 20 times out of 20', async ({ browser }) => {
  test.setTimeout(240_000);
  const { moderator, owner, requester } = await ownerAndRequester(browser);
  const { orderId } = await pendingOrder(owner.page, moderator.page, requester.page, 'Conserto');
  const channel = watchReady(requester.page);
  const thread = requester.page.getByRole('list', { name: 'Mensagens' });

  for (let i = 1; i <= TRIES; i++) {
    const body = `Recado ${i} de ${TRIES}`;
    await openWhileChanging([{ page: requester.page, path: `/pedido/${orderId}/conversa`, channel }], () =>
      callApi(owner.page, 'messages.send', { orderId, body, clientId: randomUUID() }),
    );
    await expect(thread.getByText(body, { exact: true }), `try ${i}`).toBeVisible({ timeout: 5_000 });
  }
});

test("an order approved in the first second of 'Meus pedidos' and of the notifications shows 'Aprovado' and its notification, 20 times out of 20", async ({ browser }) => {
  test.setTimeout(360_000);
  const { moderator, owner, requester } = await ownerAndRequester(browser);
  const notificationsPage = await requester.context.newPage();
  const ordersChannel = watchReady(requester.page);
  const notificationsChannel = watchReady(notificationsPage);

  for (let i = 1; i <= TRIES; i++) {
    const { title, orderId } = await pendingOrder(owner.page, moderator.page, requester.page, `Pintura ${i}`);
    await openWhileChanging(
      [
        { page: requester.page, path: '/meus-pedidos', channel: ordersChannel },
        { page: notificationsPage, path: '/notificacoes', channel: notificationsChannel },
      ],
      () => callApi(owner.page, 'orders.approve', { id: orderId }),
    );
    const card = requester.page.getByRole('article').filter({ hasText: title });
    await expect(card, `try ${i}`).toContainText('Aprovado', { timeout: 5_000 });
    // In the list (its live toast may say the same).
    const notifications = notificationsPage.getByRole('list', { name: /notificações/i });
    await expect(notifications.getByText(`Seu pedido de "${title}" foi aprovado.`, { exact: false }), `try ${i}`).toBeVisible({ timeout: 5_000 });
  }
});
