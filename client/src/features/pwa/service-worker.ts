/**
 * Registers /sw.js (production builds only) and tells the banner when a new
 * version is waiting. 'Atualizar' asks it to take over, then the page reloads.
 */

import { afterPageLoad } from '../../lib/after-page-load.ts';

let waitingWorker: ServiceWorker | null = null;
let updateRequested = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return waitingWorker !== null;
}

export function applyUpdate(): void {
  if (!waitingWorker) return;
  updateRequested = true;
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

const UPDATE_CHECK_INTERVAL_MS = 30 * 60_000;

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  // A worker already waiting means a new version was installed on an earlier visit.
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // With no controller this is the first install, not an update.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
  window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only the update the user asked for reloads the page (the first install just takes control).
    if (!updateRequested) return;
    updateRequested = false;
    window.location.reload();
  });
  afterPageLoad(() => {
    register().catch((error: unknown) => console.warn('Service worker não registrado:', error));
  });
}
