import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@vizinhanca/shared/notifications/notification.schema';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { rentalFixtures } from '../../../test/rental-fixtures.ts';
import { deliverNotificationJob } from './notification-delivery.ts';
import { findForDelivery, findPreferences, upsertPushSubscription } from './notifications.repository.ts';
import { notify } from './notifications.service.ts';

let app: TestApp;
let ana: TestUser;
let bruno: TestUser;
let moderator: TestUser;

async function api(user: TestUser) {
  return (await app.callerAs(user)).api;
}

async function notifyMany(user: TestUser, count: number, prefix: string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    app.clock.advance(1000);
    const row = await app.db.transaction().execute((trx) =>
      notify(app.deps, trx, { userId: user.id, type: 'status_update', title: `${prefix} ${i}`, message: `Mensagem ${i}` }),
    );
    ids.push(row!.id);
  }
  return ids;
}

beforeAll(async () => {
  app = await createTestApp();
  ana = await app.createUser({ fullName: 'Ana Beatriz' });
  bruno = await app.createUser({ fullName: 'Bruno Costa' });
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

describe('the notification centre', () => {
  it("pages newest first, 10 at a time, 'Ver mais' continuing where the page ended; unread only on the second tab", async () => {
    const user = await app.createUser();
    await notifyMany(user, 13, 'Aviso');
    const caller = await api(user);
    const first = await caller.notifications.list({});
    expect(first.items.map((item) => item.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Aviso ${12 - i}`));
    expect(first.nextCursor).not.toBeNull();
    const second = await caller.notifications.list({ cursor: first.nextCursor });
    expect(second.items.map((item) => item.title)).toEqual(['Aviso 2', 'Aviso 1', 'Aviso 0']);
    expect(second.nextCursor).toBeNull();

    await caller.notifications.markRead({ id: first.items[0]!.id });
    const unread = await caller.notifications.list({ unreadOnly: true, limit: 50 });
    expect(unread.items).toHaveLength(12);
    expect(unread.items.every((item) => !item.read)).toBe(true);
    expect(await caller.notifications.unreadCount()).toBe(12);
    await caller.notifications.markAllRead();
    expect(await caller.notifications.unreadCount()).toBe(0);
    expect((await caller.notifications.list({ unreadOnly: true })).items).toEqual([]);
  });

  it("refuses to mark someone else's notification read, and writes nothing", async () => {
    const [id] = await notifyMany(ana, 1, 'Da Ana');
    await expectError((await api(bruno)).notifications.markRead({ id: id! }), 'NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
    await expectError((await api(bruno)).notifications.markRead({ id: 'nao-e-um-id' }), 'BAD_REQUEST', NOTIFICATION_MESSAGES.notFound);
    const row = await app.db.selectFrom('notifications').select('read').where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.read).toBe(false);
  });

  it('reading on one device tells every open tab and device of the user (the badge event)', async () => {
    const [id] = await notifyMany(ana, 1, 'Lida');
    const before = await app.db.selectFrom('events').select('id').where('user_id', '=', ana.id).where('kind', '=', 'notification.changed').execute();
    await (await api(ana)).notifications.markRead({ id: id! });
    const after = await app.db.selectFrom('events').select('id').where('user_id', '=', ana.id).where('kind', '=', 'notification.changed').execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('links an order notification to the order on the tab that shows it, for each side, and a listing notice to the owner view', async () => {
    const fixtures = rentalFixtures(app);
    const listingId = await fixtures.publishRental(ana, moderator, 'Furadeira');
    const { id: orderId } = await (await api(bruno)).orders.create({ listingId, startDate: '2026-11-25', endDate: '2026-11-26' });
    const ownerItem = (await (await api(ana)).notifications.list({})).items.find((item) => item.relatedId === orderId)!;
    expect(ownerItem.href).toBe('/gerenciar-pedidos');
    await (await api(ana)).orders.approve({ id: orderId });
    const renterItem = (await (await api(bruno)).notifications.list({})).items.find((item) => item.relatedId === orderId)!;
    expect(renterItem.href).toBe('/meus-pedidos?aba=ativos');
    expect((await (await api(ana)).notifications.list({})).items.find((item) => item.relatedId === orderId)!.href).toBe('/gerenciar-pedidos?aba=aprovados');
    const approval = (await (await api(ana)).notifications.list({ limit: 50 })).items.find((item) => item.relatedId === listingId)!;
    expect(approval).toMatchObject({ type: 'listing_approved', href: `/anuncio/${listingId}` });
  });
});

describe('preferences', () => {
  it('are all on by default, stored on the server, and refuse a kind that does not exist', async () => {
    const user = await app.createUser();
    const caller = await api(user);
    expect(await caller.notifications.preferences()).toEqual({ push: true, email: true, orders: true, messages: true, announcements: true, pickupReminders: true, returnReminders: true, staffPending: true });
    expect(await caller.notifications.setPreference({ key: 'email', enabled: false })).toMatchObject({ email: false, push: true });
    expect(await (await api(user)).notifications.preferences()).toMatchObject({ email: false });
    // @ts-expect-error: a kind the app does not have
    await expectError(caller.notifications.setPreference({ key: 'sms', enabled: true }), 'BAD_REQUEST', NOTIFICATION_MESSAGES.unknownPreference);
    const rows = await app.db.selectFrom('notification_preferences').select(['email', 'push']).where('user_id', '=', user.id).execute();
    expect(rows).toEqual([{ email: false, push: true }]);
  });

  it('e-mail a status change with a link into the app, unless e-mail or orders are switched off', async () => {
    const fixtures = rentalFixtures(app);
    const renter = await app.createUser({ fullName: 'Helena Rocha' });
    const listingId = await fixtures.publishRental(ana, moderator, 'Escada');
    const before = app.outbox().length;
    const { id: orderId } = await (await api(renter)).orders.create({ listingId, startDate: '2026-11-27', endDate: '2026-11-27' });
    await (await api(ana)).orders.approve({ id: orderId });
    const mail = await eventually(() => {
      const found = app.outbox().slice(before).find((message) => message.text.includes(`To: ${renter.email}`));
      if (!found) throw new Error('no e-mail yet');
      return found;
    });
    expect(mail.text).toContain('Seu pedido de "Escada" foi aprovado.');
    expect(mail.text).toContain('Olá, Helena Rocha!');
    expect(mail.text).toContain('http://localhost:3000/meus-pedidos?aba=ativos');
    expect(mail.text).toContain(app.config.CONDO_NAME);
    expect(mail.text).toContain('Content-Type: text/html');

    // Switched off: nothing more reaches the inbox, the centre still has it.
    await (await api(renter)).notifications.setPreference({ key: 'orders', enabled: false });
    const count = app.outbox().length;
    const second = await fixtures.publishRental(ana, moderator, 'Escada 2');
    const { id: other } = await (await api(renter)).orders.create({ listingId: second, startDate: '2026-11-28', endDate: '2026-11-28' });
    await (await api(ana)).orders.reject({ id: other, reason: null });
    const notification = await app.db.selectFrom('notifications').select('id').where('related_id', '=', other).where('user_id', '=', renter.id).executeTakeFirstOrThrow();
    await deliverNotificationJob.run(app.deps, { notificationId: notification.id });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(app.outbox().slice(count).filter((message) => message.text.includes(`To: ${renter.email}`))).toEqual([]);
  });
});

describe('the delivery job', () => {
  it("reads the recipient's switches with the notification: none changed (all on), then each as saved", async () => {
    const user = await app.createUser();
    const [id] = await notifyMany(user, 1, 'Interruptores');
    expect((await findForDelivery(app.db, id!))!.preferences).toBeNull();
    await (await api(user)).notifications.setPreference({ key: 'email', enabled: false });
    await (await api(user)).notifications.setPreference({ key: 'returnReminders', enabled: false });
    const saved = await findPreferences(app.db, user.id);
    expect(saved).toMatchObject({ email: false, returnReminders: false, push: true, orders: true });
    expect((await findForDelivery(app.db, id!))!.preferences).toEqual(saved);
  });

  it("sends an order notice's e-mail and enqueues each device's push with the link of the reader's side, having read the database once", async () => {
    const fixtures = rentalFixtures(app);
    const renter = await app.createUser({ fullName: 'Otávio Lima' });
    const listingId = await fixtures.publishRental(ana, moderator, 'Serra circular');
    const { id: orderId } = await (await api(renter)).orders.create({ listingId, startDate: '2026-11-25', endDate: '2026-11-25' });
    await (await api(ana)).orders.approve({ id: orderId });
    const keys = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) };
    for (const device of ['celular', 'tablet']) {
      await upsertPushSubscription(app.db, renter.id, { endpoint: `https://fcm.googleapis.com/fcm/send/${renter.id}-${device}`, keys }, app.clock.now());
    }
    const devices = await app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', renter.id).orderBy('id').execute();
    const notice = await app.db.selectFrom('notifications').select('id').where('user_id', '=', renter.id).where('related_id', '=', orderId).where('type', '=', 'order_status').executeTakeFirstOrThrow();

    // Every statement the delivery sends is counted; what it enqueues is held and read here.
    let statements = 0;
    const counting = app.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => ((statements += 1), args.result) });
    const held: { name: string; data: Record<string, unknown> }[] = [];
    const hold = (job: { name: string }, data: object) => void held.push({ name: job.name, data: data as Record<string, unknown> });
    const queue = {
      ...app.deps.queue,
      enqueue: async (_db: unknown, job: { name: string }, data: object) => hold(job, data),
      enqueueMany: async (_db: unknown, job: { name: string }, items: readonly { data: object }[]) => items.forEach((item) => hold(job, item.data)),
    };
    const sentBefore = app.outbox().length;
    await deliverNotificationJob.run({ ...app.deps, db: counting, queue } as typeof app.deps, { notificationId: notice.id });

    expect(statements).toBe(1);
    // The e-mail is sent by this job itself (no job of its own), once, to the reader.
    const sent = app.outbox().slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`To: ${renter.email}`);
    expect(sent[0]!.text).toContain('http://localhost:3000/meus-pedidos?aba=ativos');
    expect(held.map((job) => job.name)).toEqual(['push.send', 'push.send']);
    expect(held.map((job) => job.data)).toEqual(
      devices.map((device) => ({ subscriptionId: device.id, payload: { title: expect.any(String), body: expect.stringContaining('Serra circular'), url: '/meus-pedidos?aba=ativos', tag: notice.id } })),
    );
  });
});

describe('push subscriptions', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/dispositivo-1';
  const keys = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) };

  it('keep one subscription per device, moving it to whoever subscribes it last', async () => {
    await (await api(ana)).notifications.subscribePush({ endpoint, keys });
    await (await api(ana)).notifications.subscribePush({ endpoint, keys });
    await (await api(bruno)).notifications.subscribePush({ endpoint, keys });
    const rows = await app.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint).execute();
    expect(rows).toEqual([{ user_id: bruno.id }]);
    await (await api(ana)).notifications.unsubscribePush({ endpoint });
    expect(await app.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute()).toHaveLength(1);
    await (await api(bruno)).notifications.unsubscribePush({ endpoint });
    expect(await app.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute()).toHaveLength(0);
  });

  it('refuse an endpoint that is not a push service, and oversized or malformed keys, writing nothing', async () => {
    const caller = await api(ana);
    for (const foreign of ['https://127.0.0.1/push', 'https://exemplo.com.br/push', 'http://fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com:8443/x']) {
      await expectError(caller.notifications.subscribePush({ endpoint: foreign, keys }), 'BAD_REQUEST', NOTIFICATION_MESSAGES.foreignEndpoint);
    }
    await expectError(caller.notifications.subscribePush({ endpoint, keys: { ...keys, p256dh: 'B'.repeat(5000) } }), 'BAD_REQUEST', NOTIFICATION_MESSAGES.invalidSubscription);
    await expectError(caller.notifications.subscribePush({ endpoint, keys: { ...keys, auth: 'a'.repeat(300) } }), 'BAD_REQUEST', NOTIFICATION_MESSAGES.invalidSubscription);
    await expectError(caller.notifications.subscribePush({ endpoint, keys: { ...keys, auth: 'não base64!' } }), 'BAD_REQUEST', NOTIFICATION_MESSAGES.invalidSubscription);
    expect(await app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', ana.id).execute()).toEqual([]);
  });

  it('use one VAPID key pair for the deployment, kept in the database', async () => {
    const first = await (await api(ana)).notifications.pushPublicKey();
    const second = await (await api(bruno)).notifications.pushPublicKey();
    expect(first).toBe(second);
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    expect(await app.db.selectFrom('vapid_keys').select('public_key').execute()).toEqual([{ public_key: first }]);
  });
});
