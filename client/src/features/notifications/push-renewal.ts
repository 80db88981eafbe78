import type { QueryUtils, TrpcClient } from '../../lib/trpc.ts';
import { registerDevice } from './push-registration.ts';

/**
 * On each start of the app, on a device that already allowed notifications: renews its subscription
 * with the server (the push service may have rotated it), as long as the 'push' switch is on. Never asks
 * for permission by itself (it runs only when the permission is already 'granted').
 * Loaded by the notification device only when the permission is granted (hooks/use-notification-device.ts):
 * elsewhere, on most devices and every first visit, neither this nor the preferences are fetched.
 */
export async function renewPushSubscription(utils: QueryUtils, client: TrpcClient): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const preferences = await utils.notifications.preferences.fetch();
  if (!preferences.push) return;
  await registerDevice(utils, client);
}
