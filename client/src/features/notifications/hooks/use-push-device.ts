import { useEffect, useState, useSyncExternalStore } from 'react';
import { queryUtils, trpc, trpcClient } from '../../../lib/trpc.ts';
import { registerDevice } from '../push-registration.ts';
import { currentEndpoint, pushSupported, unsubscribeDevice } from '../push-subscription.ts';

/** Support does not change while the page is open. */
const noChanges = () => () => undefined;

/**
 * This device's push subscription: `subscribed` is the browser's own answer (its PushManager
 * subscription; undefined until read), `enable` (from a tap on the switch: the browser asks
 * permission) subscribes it and tells the server, `disable` leaves.
 */
export function usePushDevice() {
  const unsubscribe = trpc.notifications.unsubscribePush.useMutation({ meta: { silentError: true } });
  const [subscribed, setSubscribed] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void currentEndpoint()
      .catch(() => null)
      .then((endpoint) => {
        if (current) setSubscribed(endpoint !== null);
      });
    return () => {
      current = false;
    };
  }, []);
  return {
    // For what the screen says. The server draws /configuracoes (docs/decisions/013-first-screen.md)
    // without a browser to ask: it draws "supported", as nearly every phone browser is, and the hydration
    // reads the same; the browser's own answer follows at once.
    supported: useSyncExternalStore(noChanges, pushSupported, () => true),
    subscribed,
    /** True once this device is subscribed; false when the browser has no push or the permission was refused. */
    async enable(): Promise<boolean> {
      const registered = await registerDevice(queryUtils, trpcClient).catch(() => false);
      setSubscribed(registered);
      return registered;
    },
    async disable() {
      const endpoint = await unsubscribeDevice();
      setSubscribed(false);
      if (endpoint) await unsubscribe.mutateAsync({ endpoint });
    },
  };
}
