import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { decryptPush, deviceKeys, pushDevice, startLocalPushService, verifyVapid, type PushDevice } from '../../../test/push-service.ts';
import { upsertPushSubscription } from './notifications.repository.ts';
import { sendPush, vapidKeys } from './web-push.ts';

let app: TestApp;
let user: TestUser;
let push: Awaited<ReturnType<typeof startLocalPushService>>;

beforeAll(async () => {
  app = await createTestApp();
  user = await app.createUser();
  push = await startLocalPushService();
});

afterAll(async () => {
  await push.close();
  await app.close();
});

async function subscribe(pathname: string, device: PushDevice) {
  await upsertPushSubscription(app.db, user.id, { endpoint: `${push.base}${pathname}`, keys: deviceKeys(device) });
  return app.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('endpoint', '=', `${push.base}${pathname}`).executeTakeFirstOrThrow();
}

describe('web push', () => {
  it('encrypts the payload for the device and signs with the deployment VAPID key', async () => {
    const phone = pushDevice();
    const subscription = await subscribe('/push/celular', phone);
    const payload = { title: 'Pedido aprovado! 🎉', body: 'Seu pedido de "Furadeira" foi aprovado.', url: '/meus-pedidos?aba=ativos', tag: 'n-1' };
    await expect(sendPush(app.deps, subscription, payload, { agent: push.agent })).resolves.toBe('sent');

    const request = push.received.at(-1)!;
    expect(request.path).toBe('/push/celular');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(decryptPush(request.body, phone))).toEqual(payload);
    const vapid = verifyVapid(String(request.headers.authorization));
    expect(vapid.claims.aud).toBe(push.base);
    expect(vapid.publicKey).toBe((await vapidKeys(app.deps)).publicKey);
    expect(String(vapid.claims.sub)).toMatch(/^mailto:/);
  });

  it('removes a subscription the push service no longer knows (410), and keeps the others', async () => {
    const old = await subscribe('/push/antigo', pushDevice());
    const current = await subscribe('/push/atual', pushDevice());
    push.gone.add('/push/antigo');
    await expect(sendPush(app.deps, old, { title: 'T', body: 'M', url: '/', tag: 'x' }, { agent: push.agent })).resolves.toBe('gone');
    await expect(sendPush(app.deps, current, { title: 'T', body: 'M', url: '/', tag: 'x' }, { agent: push.agent })).resolves.toBe('sent');
    const endpoints = await app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute();
    expect(endpoints.map((row) => row.endpoint)).not.toContain(`${push.base}/push/antigo`);
    expect(endpoints.map((row) => row.endpoint)).toContain(`${push.base}/push/atual`);
  });
});
