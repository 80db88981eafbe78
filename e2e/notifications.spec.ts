import { expect, test, type Page } from './fixtures.ts';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { approvedResident, callApi, DEMO, newLoggedInPage, newSignedInContext, RESIDENT_PASSWORD, watchLiveEvents } from './helpers.ts';

// The notification centre, live (spec 2.18; decisions.md "Notifications"): a
// neighbour's order reaches the owner's open tabs as a toast and a badge, is read
// from the centre (which opens the order), and the badge clears on the owner's
// other tab and on their other device (a second browser context, its own session).

test('an order reaches the owner live on every tab and device, is read from the centre, and the badge clears on the others', async ({ browser, today }) => {
  test.slow();
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dona');
  const neighbour = await approvedResident(browser, admin.page, 'vizinho');
  const title = `Escada ${Date.now().toString(36)}`;
  const { id: listingId } = await callApi<{ id: string }>(owner.page, 'listings.create', {
    type: 'rental',
    title,
    description: 'Escada de alumínio com 7 degraus.',
    priceCents: 1000,
    deliveryOptions: ['pickup'],
  });
  await callApi(moderator.page, 'listings.moderation.approve', { id: listingId });

  // The owner's phone: a second device (its own browser context and session) of the same person.
  const phone = await newLoggedInPage(browser, { email: owner.email, password: RESIDENT_PASSWORD });

  // The installed app's icon badge (Badging API): what the owner's tabs set, recorded.
  const recordBadge = () => {
    const calls: number[] = [];
    (window as unknown as { appBadgeCalls: number[] }).appBadgeCalls = calls;
    const record = (count: number) => {
      calls.push(count);
      return Promise.resolve();
    };
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: (count?: number) => record(count ?? 0) });
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: () => record(0) });
  };
  await owner.context.addInitScript(recordBadge);
  await phone.context.addInitScript(recordBadge);
  const appBadge = (page: Page) => page.evaluate(() => (window as unknown as { appBadgeCalls: number[] }).appBadgeCalls.at(-1) ?? 0);

  // The owner's centre: the approvals so far, then everything read.
  const centre = owner.page;
  const centreLive = await watchLiveEvents(centre);
  await centre.goto('/notificacoes');
  await expect(centre.getByRole('heading', { name: 'Notificações' })).toBeVisible();
  await expect(centre.getByText('Lembretes automáticos ativos.')).toBeVisible();
  await expect(centre.getByRole('button', { name: /Anúncio Aprovado/ })).toBeVisible();
  await centre.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await centre.getByRole('tab', { name: 'Não lidas' }).click();
  await expect(centre.getByText('Todas as notificações foram lidas!')).toBeVisible();

  // A second tab of the owner, on the profile: no badge yet.
  const profile = await owner.context.newPage();
  const profileLive = await watchLiveEvents(profile);
  await profile.goto('/perfil');
  const tile = profile.getByRole('link', { name: /Notificações/ });
  await expect(tile).toBeVisible();
  await expect(tile).not.toContainText('não lidas');
  // The home screen on the phone (the other device).
  const home = phone.page;
  const homeLive = await watchLiveEvents(home);
  await home.goto('/');
  const bell = home.getByRole('link', { name: 'Notificações' });
  await expect(bell).toBeVisible();

  // The neighbour orders once every open tab listens: a toast with the title and message, and badges, in each.
  for (const live of [centreLive, profileLive, homeLive]) await live();
  await callApi(neighbour.page, 'orders.create', { listingId, startDate: addDays(today, 1), endDate: addDays(today, 2) });
  // The three tabs at once: a toast stays 4 s, and checking one tab after another on a loaded machine outlasted it.
  await Promise.all(
    [centre, profile, home].map((page) =>
      expect(page.locator('.toast').filter({ hasText: 'Novo pedido recebido' }).filter({ hasText: `${neighbour.fullName} quer alugar "${title}"` })).toBeVisible(),
    ),
  );
  await expect(tile).toContainText('1 não lidas');
  await expect(home.getByText('1 não lidas')).toBeAttached();
  await expect.poll(() => appBadge(home)).toBe(1);

  // In the centre, live too: new and unread; tapping it opens the order on the owner's screen.
  const item = centre.getByRole('listitem').filter({ hasText: 'Novo pedido recebido' });
  await expect(item).toContainText('Novo');
  await expect(item.getByRole('button', { name: 'Marcar como lida' })).toBeVisible();
  await item.getByRole('button', { name: /Novo pedido recebido/ }).click();
  await expect(centre).toHaveURL(/\/gerenciar-pedidos$/);
  await expect(centre.getByRole('article').filter({ hasText: title })).toBeVisible();

  // Read on one device: the badges of its other tab and of the phone clear.
  await expect(tile).not.toContainText('não lidas');
  await expect(home.getByText('1 não lidas')).toHaveCount(0);
  await expect.poll(() => appBadge(home)).toBe(0);
  await centre.goto('/notificacoes');
  await centre.getByRole('tab', { name: 'Não lidas' }).click();
  await expect(centre.getByText('Todas as notificações foram lidas!')).toBeVisible();
  await centre.screenshot({ path: 'test-results/notificacoes.png' });

  // Ten more orders: the centre shows the newest 10, and 'Ver mais' loads the older ones.
  for (let day = 3; day <= 12; day += 1) {
    await callApi(neighbour.page, 'orders.create', { listingId, startDate: addDays(today, day), endDate: addDays(today, day), confirmDuplicate: true });
  }
  await centre.getByRole('tab', { name: 'Todas' }).click();
  const all = centre.getByRole('list', { name: 'Todas as notificações' }).getByRole('listitem');
  await expect(all).toHaveCount(10);
  await expect(all.first()).toContainText('Novo pedido recebido');
  await centre.getByRole('button', { name: 'Ver mais' }).click();
  await expect.poll(() => all.count()).toBeGreaterThan(11);
  await expect(all.filter({ hasText: 'Anúncio Aprovado' })).toHaveCount(1);

  for (const context of [owner.context, phone.context, neighbour.context, admin.context, moderator.context]) await context.close();
});
