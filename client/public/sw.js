/* Vizinhança service worker: the app shell works offline; data (/trpc) never comes from a cache. */

const VERSION = 'v1';
const SHELL_CACHE = `vizinhanca-shell-${VERSION}`;
const ASSETS_CACHE = `vizinhanca-assets-${VERSION}`;
const CURRENT_CACHES = [SHELL_CACHE, ASSETS_CACHE];

const SHELL_URLS = ['/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon.svg'];

/**
 * Built asset names are hashed, so the shell is precached from what index.html
 * references right now; later assets are cached as they are used (see fetch).
 */
async function precacheShell() {
  const shell = await caches.open(SHELL_CACHE);
  const assets = await caches.open(ASSETS_CACHE);
  const response = await fetch(new Request('/index.html', { cache: 'reload' }));
  if (!response.ok) throw new Error(`index.html: ${response.status}`);
  const html = await response.clone().text();
  await shell.put('/index.html', response);
  await shell.addAll(SHELL_URLS.map((url) => new Request(url, { cache: 'reload' })));
  const assetUrls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await assets.addAll(assetUrls);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell());
  // No skipWaiting here: a new version waits until the user taps 'Atualizar'.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('vizinhanca-') && !CURRENT_CACHES.includes(name)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

function isNeverCached(url) {
  return url.pathname === '/trpc' || url.pathname.startsWith('/trpc/') || url.pathname === '/health' || url.pathname === '/sw.js';
}

/** Pages: the network first (fresh index.html, new asset names); offline, the cached shell. */
async function networkFirstNavigation(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    // A page carrying the signed-in person's first screen is 'no-store': it is not the shell to keep.
    const personal = /no-store/.test(response.headers.get('Cache-Control') || '');
    if (response.ok && !personal) await cache.put('/index.html', response.clone());
    return response;
  } catch {
    const cached = await cache.match('/index.html');
    if (cached) return cached;
    return new Response('<h1>Você está offline</h1>', { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}

/** Hashed assets and icons: answer from the cache at once and refresh it in the background. */
async function staleWhileRevalidate(event, cacheName) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(event.request);
  const refresh = fetch(event.request)
    .then(async (response) => {
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    })
    .catch(() => undefined);
  if (cached) {
    event.waitUntil(refresh);
    return cached;
  }
  const response = await refresh;
  return response || Response.error();
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverCached(url)) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(staleWhileRevalidate(event, ASSETS_CACHE));
    return;
  }
  if (url.pathname.startsWith('/icons/') || url.pathname === '/manifest.webmanifest') {
    event.respondWith(staleWhileRevalidate(event, SHELL_CACHE));
  }
});

/** Web push (the app closed or behind): show the notification; the payload is { title, body, url, tag } from the server. */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Vizinhança', body: event.data ? event.data.text() : '' };
  }
  // Only a path of this app ('//host' or '/\\host' would leave it).
  const url = typeof data.url === 'string' && /^\/(?![/\\])/.test(data.url) ? data.url : '/notificacoes';
  event.waitUntil(showUnlessAppInFront(data, url));
});

/**
 * A conversation's message is not shown while a tab of the app is in front on this device: that
 * tab already says it ('Nova mensagem de …' or the thread itself), and Chromium asks for no
 * notification from a push while a tab of the site is visible.
 */
async function showUnlessAppInFront(data, url) {
  if (typeof data.tag === 'string' && data.tag.startsWith('conversa:')) {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    if (windows.some((client) => client.focused && client.visibilityState === 'visible')) return;
  }
  await self.registration.showNotification(data.title || 'Vizinhança', {
    body: data.body || '',
    tag: data.tag || undefined,
    // A new message replaces its thread's notification (same tag) and still alerts.
    renotify: Boolean(data.tag),
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: 'pt-BR',
    data: { url },
  });
}

/**
 * A tap opens the screen the notification concerns: an open tab of the app if
 * there is one, else a new one. A refused focus (some platforms allow it only
 * with a user gesture) does not stop the navigation; a tab this worker does not
 * control cannot be navigated, so the next one (or a new window) is used.
 */
async function openScreen(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== self.location.origin) continue;
    await client.focus().catch(() => undefined);
    try {
      if ('navigate' in client) return await client.navigate(url);
    } catch {
      // Not controlled by this worker: try the next tab.
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/notificacoes', self.location.origin).href;
  event.waitUntil(openScreen(url));
});
