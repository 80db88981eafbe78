import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { decryptPush, deviceKeys, pushDevice, startLocalPushService, verifyVapid, type PushDevice } from '../../../test/push-service.ts';
import { jobIdFor } from '../../jobs/job-queue.ts';
import { deliverNotificationJob } from './notification-delivery.ts';
import { upsertPushSubscription } from './notifications.repository.ts';
import { notify } from './notifications.service.ts';
import { sendPush, vapidKeys } from './web-push.ts';

let app: TestApp;
let user: TestUser;
let push: Awaited<ReturnType<typeof startLocalPushService>>;

beforeAll(async () => {
  app = await createTestApp();
  user = await app.createUser();
  // Trusted by the process's default agent too: the app's own push jobs reach it.
  push = await startLocalPushService({ trustGlobally: true });
});

afterAll(async () => {
  await push.close();
  await app.close();
});

async function subscribe(pathname: string, device: PushDevice) {
  await upsertPushSubscription(app.db, user.id, { endpoint: `${push.base}${pathname}`, keys: deviceKeys(device) }, app.clock.now());
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
    // MAIL_FROM's address (the default's, 'Vizinhança <nao-responda@vizinhanca.local>'), without its name.
    expect(String(vapid.claims.sub)).toBe('mailto:nao-responda@vizinhanca.local');
  });

  it('removes a subscription the push service no longer knows (410 or 404), and keeps the others', async () => {
    const old = await subscribe('/push/antigo', pushDevice());
    const unknown = await subscribe('/push/desconhecido', pushDevice());
    const current = await subscribe('/push/atual', pushDevice());
    push.gone.add('/push/antigo');
    push.notFound.add('/push/desconhecido');
    await expect(sendPush(app.deps, old, { title: 'T', body: 'M', url: '/', tag: 'x' }, { agent: push.agent })).resolves.toBe('gone');
    await expect(sendPush(app.deps, unknown, { title: 'T', body: 'M', url: '/', tag: 'x' }, { agent: push.agent })).resolves.toBe('gone');
    await expect(sendPush(app.deps, current, { title: 'T', body: 'M', url: '/', tag: 'x' }, { agent: push.agent })).resolves.toBe('sent');
    const endpoints = (await app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute()).map((row) => row.endpoint);
    expect(endpoints).not.toContain(`${push.base}/push/antigo`);
    expect(endpoints).not.toContain(`${push.base}/push/desconhecido`);
    expect(endpoints).toContain(`${push.base}/push/atual`);
  });

  it("delivers a notification to each device through the queue, and none once 'push' is switched off", async () => {
    const phone = pushDevice();
    await subscribe('/push/fila', phone);
    const fromQueue = () => push.received.filter((request) => request.path === '/push/fila');
    const send = (title: string) =>
      app.db.transaction().execute((trx) => notify(app.deps, trx, { userId: user.id, type: 'order_status', title, message: 'Seu pedido de "Escada" foi aprovado.' }));

    const first = (await send('Pedido aprovado! 🎉'))!;
    await eventually(() => expect(fromQueue()).toHaveLength(1), 10_000);
    expect(JSON.parse(decryptPush(fromQueue()[0]!.body, phone))).toEqual({ title: 'Pedido aprovado! 🎉', body: 'Seu pedido de "Escada" foi aprovado.', url: '/notificacoes', tag: first.id });

    await (await app.callerAs(user)).api.notifications.setPreference({ key: 'push', enabled: false });
    const second = (await send('Outro aviso'))!;
    const deliverJob = jobIdFor(deliverNotificationJob.name, `notification:${second.id}`);
    await eventually(async () => {
      const result = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${deliverJob}`.execute(app.db);
      expect(result.rows[0]?.state).toBe('completed');
    }, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(fromQueue()).toHaveLength(1);
  });
});
