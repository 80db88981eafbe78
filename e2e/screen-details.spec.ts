import { expect, test } from './fixtures.ts';
import { appStarted, DEMO, expectToast, signIn } from './helpers.ts';

// Details people noticed on the demo's screens: the push switch shows this device's real state,
// the invites header counts in the singular, the FAQ tells of the order's own conversation with
// styled markers, and a review card says whom the reviewer reviewed. Nothing here changes data
// another walk reads (the push preference stays on: the device only fails to subscribe).

// The push switch reads this device's service worker registration.
test.use({ serviceWorkers: 'allow' });

test("the push switch is off on a device that never subscribed, and stays off when the browser refuses", async ({ page }) => {
  await signIn(page, DEMO.resident, '/configuracoes');
  await appStarted(page);
  const push = page.getByRole('switch', { name: 'Notificações push' });
  // The account wants push (the default), but this device holds no subscription.
  await expect(push).toBeEnabled();
  await expect(push).not.toBeChecked();
  // Headless Chromium refuses the notification permission: the browser has no subscription to show.
  await push.click();
  await expectToast(page, 'Não foi possível ativar as notificações push neste aparelho.');
  await expect(push).not.toBeChecked();
});

test("the invites header, the FAQ's answer and markers, and a review card read right", async ({ page }) => {
  // Ana has one pending invite (the demo's other two are accepted and expired).
  await signIn(page, DEMO.resident, '/convites');
  await expect(page.getByRole('banner').getByText('1 pendente', { exact: true })).toBeVisible();

  await page.goto('/ajuda');
  await appStarted(page);
  await page.getByLabel('Buscar nas perguntas').fill('devolução');
  const answer = page.locator('.help-question').filter({ hasText: 'conversa do pedido' }).first();
  await expect(answer).toBeVisible();
  await expect(page.getByText('aplicativo de mensagens')).toHaveCount(0);
  const summary = answer.locator('summary');
  // The browser's ▶ is gone; the chevron drawn instead turns when the answer opens.
  expect(await summary.evaluate((element) => getComputedStyle(element).display)).not.toBe('list-item');
  expect(await summary.evaluate((element) => getComputedStyle(element, '::after').borderRightStyle)).toBe('solid');

  // Ana reviewed Bruno's bicycle: on the bicycle's page her card says she reviewed the lister.
  await page.goto('/alugueis');
  await page.getByRole('link', { name: /Bicicleta aro 29 com capacete/ }).first().click();
  const review = page.locator('.review-card').filter({ hasText: 'Ana Beatriz Souza' });
  await expect(review.getByText('Avaliou o anunciante')).toBeVisible();
  await expect(page.getByText('Como anunciante')).toHaveCount(0);
});
