import { useSyncExternalStore } from 'react';
import { queryUtils, trpc, trpcClient } from '../../../lib/trpc.ts';
import { registerDevice } from '../push-registration.ts';
import { pushSupported, unsubscribeDevice } from '../push-subscription.ts';

/** Support does not change while the page is open. */
const noChanges = () => () => undefined;

/**
 * This device's push subscription: `enable` (from a tap on the switch: the
 * browser asks permission) subscribes it and tells the server; `disable` leaves.
 */
export function usePushDevice() {
  const unsubscribe = trpc.notifications.unsubscribePush.useMutation({ meta: { silentError: true } });
  return {
    // For what the screen says. The server draws /configuracoes (docs/decisions/013-first-screen.md, ninth pass)
    // without a browser to ask: it draws "supported", as nearly every phone browser is, and the hydration
    // reads the same; the browser's own answer follows at once.
    supported: useSyncExternalStore(noChanges, pushSupported, () => true),
    // The screen shows its own error (a toast) and reads no pending state of the registration.
    async enable() {
      await registerDevice(queryUtils, trpcClient);
    },
    async disable() {
      const endpoint = await unsubscribeDevice();
      if (endpoint) await unsubscribe.mutateAsync({ endpoint });
    },
  };
}
