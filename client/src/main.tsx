import { setCondoTimeZone } from '@vizinhanca/shared/format/format';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startClockAt } from './hooks/use-now.ts';
import { afterPageLoad } from './lib/after-page-load.ts';
import { seedFirstScreen } from './lib/first-screen-data.ts';
import { listenForInstallPrompt } from './features/pwa/install-prompt.ts';
import { queryClient, queryUtils, trpcClient } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

// Before React renders: the install prompt can fire as soon as the page loads.
listenForInstallPrompt();
// The service worker registers once the page has loaded, from its own chunk: no first screen waits for it
// (docs/decisions/013-first-screen.md). Offline without it cached, there is nothing to register from.
afterPageLoad(() => {
  void import('./features/pwa/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker(), () => undefined);
});

/**
 * Offline reading (lib/saved-query-cache.ts). Opened without network, the saved screens
 * must be in the cache before the first render; online nothing on screen needs them, so
 * the module loads after the page (docs/decisions/013-first-screen.md).
 */
async function startSavedQueryCache(): Promise<void> {
  try {
    const { persistQueryCache, restoreQueryCache } = await import('./lib/saved-query-cache.ts');
    restoreQueryCache(queryClient);
    persistQueryCache(queryClient);
  } catch {
    // The chunk could not load (offline before it was ever cached): offline reading is a bonus.
  }
}

function newRouter(drawnPage: boolean) {
  return createAppRouter({ queryClient, queryUtils }, { drawnPage });
}

/**
 * The page came with its first screen's markup (server/src/http/first-screen-render.ts writes the path it
 * rendered into `data-vz-rendered`): the router loads first (the screen's chunk, its guard and loader on the
 * answers the page carries), then React adopts the markup instead of drawing it again. If the router ended
 * anywhere else (a redirect, a failed loader), the markup is not this screen's: it is dropped and drawn afresh.
 */
async function hydrateOrRender(container: HTMLElement, renderedPath: string, pageNow: Date | null): Promise<void> {
  // The browser's "now" starts at the page's: the hydration then renders every time once (hooks/use-now.ts).
  if (pageNow) startClockAt(pageNow);
  // The router is made and loads in a task of its own: with the app's evaluation it was one long task
  // that held a phone's main thread (and a tap on the drawn screen) for both.
  await nextTask();
  const router = newRouter(true);
  const app = <App router={router} queryClient={queryClient} trpcClient={trpcClient} pageNow={pageNow} />;
  await router.load().catch(() => undefined);
  const { location, matches } = router.state;
  if (location.pathname === renderedPath && location.searchStr === '' && matches.every((match) => match.status === 'success')) {
    // Render the root match as the server did (no Suspense around it): TanStack's own hydration marks the router so too.
    router.ssr = { manifest: undefined };
    // As a transition, the adoption yields to the browser every few milliseconds instead of holding a
    // phone's main thread in one long task (the screen is already on it, drawn by the server).
    startTransition(() => {
      hydrateRoot(container, app, {
        // A mismatch is not fatal (React draws that part again) but means the two sides differ: say so.
        onRecoverableError: (error) => console.error('Hidratação da primeira tela:', error),
      });
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

/** Resolves in a later task, letting the browser handle input and paint in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function render(pageNow: Date | null = null): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root não encontrado');

  // Dates and "today" follow the condominium's time zone, written into the page by the server.
  const condoTimeZone = document.querySelector('meta[name="vz-condo-timezone"]')?.getAttribute('content');
  if (condoTimeZone) setCondoTimeZone(condoTimeZone);

  const renderedPath = container.dataset.vzRendered;
  if (renderedPath) void hydrateOrRender(container, renderedPath, pageNow);
  else createRoot(container).render(<App router={newRouter(false)} queryClient={queryClient} trpcClient={trpcClient} />);
}

if (navigator.onLine) {
  // The answers the server sent with the page (a signed-in, approved resident's photo pages) are in the cache first.
  const { pageNow } = seedFirstScreen();
  render(pageNow);
  afterPageLoad(() => void startSavedQueryCache());
} else {
  void startSavedQueryCache().then(() => render());
}
