import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { setCondoTimeZone } from '@vizinhanca/shared/format/format';
import { createRoot } from 'react-dom/client';
import { seedFirstScreen } from './lib/first-screen-data.ts';
import { listenForInstallPrompt } from './features/pwa/install-prompt.ts';
import { registerServiceWorker } from './features/pwa/service-worker.ts';
import { queryClient, trpc, trpcClient } from './lib/trpc.ts';
import { router } from './router.tsx';
import './styles.css';

// Before React renders: the install prompt can fire as soon as the page loads.
listenForInstallPrompt();
registerServiceWorker();

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

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root não encontrado');

  // Dates and "today" follow the condominium's time zone, written into the page by the server.
  const condoTimeZone = document.querySelector('meta[name="vz-condo-timezone"]')?.getAttribute('content');
  if (condoTimeZone) setCondoTimeZone(condoTimeZone);

  createRoot(container).render(
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>,
  );
}

if (navigator.onLine) {
  // The answers the server sent with the page (a signed-in, approved resident's photo pages) are in the cache first.
  seedFirstScreen();
  render();
  if (document.readyState === 'complete') void startSavedQueryCache();
  else window.addEventListener('load', () => void startSavedQueryCache(), { once: true });
} else {
  void startSavedQueryCache().then(render);
}
