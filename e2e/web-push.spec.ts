import type { Worker } from '@playwright/test';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { orderHref } from '@vizinhanca/shared/notifications/notification.rules';
import { ORDER_NOTIFICATIONS } from '@vizinhanca/shared/orders/order.schema';
import { DEMO, signIn } from './helpers.ts';

// Web push: the real service worker (the production build's /sw.js)
// receives a push, shows the notification, and a tap opens the screen it
// concerns. The push is delivered through the DevTools protocol (headless
// Chromium has no push service); its payload has the shape the server sends
// ({ title, body, url, tag }; server/src/modules/notifications/web-push.ts).
//
// The headless Chromium these walks run on refuses the notification permission
// whatever is granted, so the platform's display is the one thing recorded
// here: the worker's showNotification is replaced by a recorder, and the tap is
// the worker's own 'notificationclick' handler run with the notification it showed.

// Push reaches the page through the service worker.
test.use({ serviceWorkers: 'allow' });

interface Shown {
  title: string;
  body: string;
  tag?: string;
  icon: string;
  lang: string;
  data: { url: string };
}

type RecordingScope = {
  registration: { showNotification: (title: string, options: Omit<Shown, 'title'>) => Promise<void> };
  shown: Shown[];
  closed: string[];
  dispatchEvent(event: Event): boolean;
  ExtendableEvent: new (type: string) => Event;
};

async function theWorker(page: Page): Promise<Worker> {
  // The worker installs on the first load and claims the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const worker = page.context().serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'));
  expect(worker, 'the service worker').toBeDefined();
  await worker!.evaluate(() => {
    const scope = self as unknown as RecordingScope;
    scope.shown = [];
    scope.closed = [];
    scope.registration.showNotification = (title, options) => {
      scope.shown.push({ title, ...options });
      return Promise.resolve();
    };
  });
  return worker!;
}

function shown(worker: Worker): Promise<Shown[]> {
  return worker.evaluate(() => (self as unknown as RecordingScope).shown);
}

/** Delivers a push to the app's service worker as the push service would (through the DevTools protocol). */
async function pushChannel(context: BrowserContext, page: Page): Promise<(data: string) => Promise<unknown>> {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return async (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
}

test('a push shows the notification from the service worker, and a tap opens the order it concerns', async ({ context, page }) => {
  await signIn(page, DEMO.resident);
  await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();
  const worker = await theWorker(page);
  const push = await pushChannel(context, page);

  // What the server pushes to Ana (the owner) when an order of hers changes: the drill, approved for Bruno.
  const text = ORDER_NOTIFICATIONS.approved('Furadeira de impacto Bosch');
  const url = orderHref('owner', 'approved');
  await push(JSON.stringify({ title: text.title, body: text.message, url, tag: 'notificacao-1' }));
  await expect
    .poll(() => shown(worker))
    .toEqual([{ title: text.title, body: text.message, tag: 'notificacao-1', renotify: true, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', lang: 'pt-BR', data: { url } }]);

  // A payload that is not JSON still shows; a URL that would leave the app opens the centre instead.
  await push('Você tem uma novidade');
  await push(JSON.stringify({ title: 'Fora do app', body: 'Endereço de outro site', url: '//exemplo.com/golpe', tag: 'fora' }));
  await expect.poll(async () => (await shown(worker)).slice(1).map(({ title, body, data }) => ({ title, body, data }))).toEqual([
    { title: 'Vizinhança', body: 'Você tem uma novidade', data: { url: '/notificacoes' } },
    { title: 'Fora do app', body: 'Endereço de outro site', data: { url: '/notificacoes' } },
  ]);

  // The tap, on another screen: the worker's notificationclick with the first notification it showed.
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: DEMO.resident.name })).toBeVisible();
  await worker.evaluate(() => {
    const scope = self as unknown as RecordingScope;
    const [first] = scope.shown;
    const tap = new scope.ExtendableEvent('notificationclick');
    Object.defineProperty(tap, 'notification', { value: { ...first, close: () => scope.closed.push(first!.tag ?? '') } });
    scope.dispatchEvent(tap);
  });
  await expect(page).toHaveURL(/\/gerenciar-pedidos\?aba=aprovados$/);
  await expect(page.getByRole('tab', { name: 'Aprovados' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article').filter({ hasText: 'Furadeira de impacto Bosch' })).toBeVisible();
  expect(await worker.evaluate(() => (self as unknown as RecordingScope).closed)).toEqual(['notificacao-1']);
});

test("a conversation's message is not shown while the app is in front on the device (its tab says it), and is once the app is closed", async ({ context, page }) => {
  await signIn(page, DEMO.resident);
  await expect(page.getByRole('heading', { name: `Olá, ${DEMO.resident.name}!` })).toBeVisible();
  const worker = await theWorker(page);
  const push = await pushChannel(context, page);
  const orderId = '00000000-0000-4000-8000-000000000001';
  // What the server pushes for a new message (server/src/modules/messages/message-delivery.ts).
  const message = { title: 'Nova mensagem de Bruno', body: 'Furadeira de impacto Bosch: Posso buscar às 18h?', url: `/pedido/${orderId}/conversa`, tag: `conversa:${orderId}` };
  const titles = async () => (await shown(worker)).map((notification) => notification.title);

  // The app in front: the message is left to the tab; another kind of push still shows.
  expect(await page.evaluate(() => document.visibilityState === 'visible' && document.hasFocus())).toBe(true);
  await push(JSON.stringify(message));
  await push(JSON.stringify({ title: 'Pedido aprovado', body: 'Furadeira de impacto Bosch', url: '/meus-pedidos', tag: 'notificacao-2' }));
  await expect.poll(titles).toEqual(['Pedido aprovado']);
  await page.waitForTimeout(500);
  expect(await titles()).toEqual(['Pedido aprovado']);

  // The app closed (its only tab left it): the message is shown, opening its thread.
  await page.goto('about:blank');
  await push(JSON.stringify(message));
  await expect.poll(titles).toEqual(['Pedido aprovado', 'Nova mensagem de Bruno']);
  expect((await shown(worker))[1]).toMatchObject({ tag: `conversa:${orderId}`, data: { url: `/pedido/${orderId}/conversa` } });
});
