import type { QueryUtils, TrpcClient } from '../../lib/trpc.ts';
import { pushSupported, subscribeDevice, subscriptionInput } from './push-subscription.ts';

/**
 * Registers this device for push, the one way both paths do it (the settings' switch and the renewal at each
 * start): the deployment's VAPID key (asked once per page), the browser's subscription (permission asked only
 * when it is still 'default'), sent to the server. False, with nothing asked of the server, where the browser has
 * no push; false, with nothing sent, when the permission is refused or the browser's answer lacks a part.
 * Its own small module: the settings' chunk and the renewal's lazy chunk both import it, the home neither
 * (docs/decisions/013-first-screen.md).
 */
export async function registerDevice(utils: QueryUtils, client: TrpcClient): Promise<boolean> {
  if (!pushSupported()) return false;
  const key = await utils.notifications.pushPublicKey.fetch(undefined, { staleTime: Infinity });
  const input = subscriptionInput(await subscribeDevice(key));
  if (!input) return false;
  await client.notifications.subscribePush.mutate(input);
  return true;
}
