/** Chrome/Android's install prompt, kept from the moment it fires until the user decides. */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function listenForInstallPrompt(): void {
  // On a page the server drew, the app starts after the first paint; the prompt may have come first and
  // waits in the page's starter script (server/src/http/start-after-paint.ts).
  const early = (window as { vzInstallPrompt?: BeforeInstallPromptEvent }).vzInstallPrompt;
  if (early) deferredPrompt = early;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    notify();
  });
}

export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function canInstall(): boolean {
  return deferredPrompt !== null;
}

export async function promptInstall(): Promise<void> {
  const prompt = deferredPrompt;
  if (!prompt) return;
  deferredPrompt = null;
  notify();
  await prompt.prompt();
  await prompt.userChoice;
}
