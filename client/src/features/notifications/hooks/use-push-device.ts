import { useSyncExternalStore } from 'react';
import { trpc } from '../../../lib/trpc.ts';
import { pushSupported, subscribeDevice, subscriptionInput, unsubscribeDevice } from '../push-subscription.ts';

/** Support does not change while the page is open. */
const noChanges = () => () => undefined;

/**
 * This device's push subscription: `enable` (from a tap on the switch: the
 * browser asks permission) subscribes it and tells the server; `disable` leaves.
 */
export function usePushDevice() {
  const utils = trpc.useUtils();
  const subscribe = trpc.notifications.subscribePush.useMutation({ meta: { silentError: true } });
  const unsubscribe = trpc.notifications.unsubscribePush.useMutation({ meta: { silentError: true } });
  return {
    // For what the screen says. The server draws /configuracoes (docs/decisions/013-first-screen.md, ninth pass)
    // without a browser to ask: it draws "supported", as nearly every phone browser is, and the hydration
    // reads the same; the browser's own answer follows at once.
    supported: useSyncExternalStore(noChanges, pushSupported, () => true),
    async enable() {
      if (!pushSupported()) return;
      const key = await utils.notifications.pushPublicKey.fetch(undefined, { staleTime: Infinity });
      const input = subscriptionInput(await subscribeDevice(key));
      if (input) await subscribe.mutateAsync(input);
    },
    async disable() {
      const endpoint = await unsubscribeDevice();
      if (endpoint) await unsubscribe.mutateAsync({ endpoint });
    },
  };
}
