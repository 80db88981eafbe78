import { useEffect, useSyncExternalStore } from 'react';
import { trpc } from '../../../lib/trpc.ts';
import { pushSupported, subscribeDevice, unsubscribeDevice } from '../push-subscription.ts';

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
      const json = await subscribeDevice(key);
      if (json?.endpoint && json.keys?.p256dh && json.keys.auth) {
        await subscribe.mutateAsync({ endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
      }
    },
    async disable() {
      const endpoint = await unsubscribeDevice();
      if (endpoint) await unsubscribe.mutateAsync({ endpoint });
    },
  };
}

/**
 * On each start of the app: a device that already allowed notifications renews
 * its subscription with the server (the push service may have rotated it), as
 * long as the 'push' switch is on. Never asks for permission by itself.
 */
export function useKeepPushSubscription(approved: boolean) {
  const preferences = trpc.notifications.preferences.useQuery(undefined, { enabled: approved && pushSupported() });
  const { enable } = usePushDevice();
  const wanted = preferences.data?.push === true;
  useEffect(() => {
    if (!wanted || !pushSupported() || Notification.permission !== 'granted') return;
    enable().catch(() => undefined);
    // Once per start: `enable` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
}
