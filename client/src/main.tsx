import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { setCondoTimeZone } from '@vizinhanca/shared/format/format';
import { createRoot } from 'react-dom/client';
import { listenForInstallPrompt } from './features/pwa/install-prompt.ts';
import { registerServiceWorker } from './features/pwa/service-worker.ts';
import { persistQueryCache, restoreQueryCache } from './lib/query-persistence.ts';
import { queryClient, trpc, trpcClient } from './lib/trpc.ts';
import { router } from './router.tsx';
import './styles.css';

// Before React renders: the install prompt can fire as soon as the page loads.
listenForInstallPrompt();
registerServiceWorker();

// The last-loaded screens come back at once (and offline); fresh data replaces them when online.
restoreQueryCache(queryClient);
persistQueryCache(queryClient);

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
