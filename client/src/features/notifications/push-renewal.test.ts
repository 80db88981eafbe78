import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryUtils, TrpcClient } from '../../lib/trpc.ts';
import { renewPushSubscription } from './push-renewal.ts';

const subscribeDevice = vi.fn();
/** Whether the browser has push (a service worker and a PushManager), as `pushSupported` answers. */
let browserHasPush = true;
vi.mock('./push-subscription.ts', async (original) => ({
  ...(await original<typeof import('./push-subscription.ts')>()),
  pushSupported: () => browserHasPush,
  subscribeDevice: (key: string) => subscribeDevice(key),
}));

/** Stand-ins for the query utils and the client: what the renewal asks and sends. */
function server(push: boolean) {
  const asked: string[] = [];
  const saved: unknown[] = [];
  const utils = {
    notifications: {
      preferences: { fetch: () => (asked.push('preferences'), Promise.resolve({ push, email: true, orders: true, messages: true })) },
      pushPublicKey: { fetch: () => (asked.push('pushPublicKey'), Promise.resolve('chave-vapid')) },
    },
  } as unknown as QueryUtils;
  const client = { notifications: { subscribePush: { mutate: (input: unknown) => (saved.push(input), Promise.resolve({ ok: true })) } } } as unknown as TrpcClient;
  return { utils, client, asked, saved };
}

const SUBSCRIPTION = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } };

describe('the push subscription renewed when the app starts', () => {
  beforeEach(() => {
    browserHasPush = true;
    subscribeDevice.mockResolvedValue(SUBSCRIPTION);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    subscribeDevice.mockReset();
  });

  it('a device that allowed notifications, with the push switch on, sends its subscription again', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    const { utils, client, asked, saved } = server(true);
    await renewPushSubscription(utils, client);
    expect(asked).toEqual(['preferences', 'pushPublicKey']);
    expect(subscribeDevice).toHaveBeenCalledWith('chave-vapid');
    expect(saved).toEqual([SUBSCRIPTION]);
  });

  it('with the push switch off, nothing is subscribed', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    const { utils, client, asked, saved } = server(false);
    await renewPushSubscription(utils, client);
    expect(asked).toEqual(['preferences']);
    expect(subscribeDevice).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it('never asks for the permission, nor the server, on a device that has not allowed notifications', async () => {
    for (const permission of ['default', 'denied']) {
      vi.stubGlobal('Notification', { permission });
      const { utils, client, asked, saved } = server(true);
      await renewPushSubscription(utils, client);
      expect(asked).toEqual([]);
      expect(saved).toEqual([]);
    }
    expect(subscribeDevice).not.toHaveBeenCalled();
  });

  it('a browser that allowed notifications but has no push asks nothing more of the server (as the settings switch)', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    browserHasPush = false;
    const { utils, client, asked, saved } = server(true);
    await renewPushSubscription(utils, client);
    expect(asked).toEqual(['preferences']);
    expect(saved).toEqual([]);
  });

  it('a refused or incomplete subscription is not sent', async () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    for (const answer of [null, { endpoint: 'https://push.example/abc', keys: { p256dh: 'p' } }]) {
      subscribeDevice.mockResolvedValueOnce(answer);
      const { utils, client, saved } = server(true);
      await renewPushSubscription(utils, client);
      expect(saved).toEqual([]);
    }
  });
});
