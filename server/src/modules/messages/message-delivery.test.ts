import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { decryptPush, deviceKeys, pushDevice, startLocalPushService, type PushDevice } from '../../../test/push-service.ts';
import { jobIdFor } from '../../jobs/job-queue.ts';
import { upsertPushSubscription } from '../notifications/notifications.repository.ts';
import { deliverMessageJob, emailMessageJob, MESSAGE_EMAIL_DELAY_SECONDS } from './message-delivery.ts';

// A new message leaves the app by the recipient's 'mensagens' switch: a push per
// message (through the queue, to a local push service that decrypts it) and at
// most one e-mail per thread while unread, after a grace period.

let app: TestApp;
let push: Awaited<ReturnType<typeof startLocalPushService>>;
let owner: TestUser;
let moderator: TestUser;
let serviceId: string;

beforeAll(async () => {
  app = await createTestApp();
  push = await startLocalPushService({ trustGlobally: true });
  owner = await app.createUser({ fullName: 'Ana Dona' });
  moderator = await app.createUser({ roles: ['moderator'] });
  const { id } = await (await app.apiOf(owner)).listings.create({ type: 'service', title: 'Aulas de violão', description: 'Uma hora de aula', priceCents: 5000, priceUnit: 'hour' });
  await (await app.apiOf(moderator)).listings.moderation.approve({ id });
  serviceId = id;
});
afterAll(async () => {
  await app.close();
  await push.close();
});

/** A requester with their own order of the owner's service, and a phone subscribed for each person. */
async function conversation(name: string) {
  const requester = await app.createUser({ fullName: name });
  const { id: orderId } = await (await app.apiOf(requester)).orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
  return { requester, orderId };
}

/** A device of this person, subscribed straight into the table (the procedure accepts only the browsers' push services). */
async function subscribe(user: TestUser) {
  const device = pushDevice();
  const path = `/push/${randomUUID()}`;
  await upsertPushSubscription(app.db, user.id, { endpoint: `${push.base}${path}`, keys: deviceKeys(device) }, app.clock.now());
  return { path, device };
}

/** The message pushes a device received, decrypted (order notifications to the same device are left out). */
function messagePushes(to: { path: string; device: PushDevice }) {
  return push.received
    .filter((request) => request.path === to.path)
    .map((request) => JSON.parse(decryptPush(request.body, to.device)) as { title: string; body: string; url: string; tag: string })
    .filter((payload) => payload.tag.startsWith('conversa:'));
}

async function send(user: TestUser, orderId: string, body: string) {
  return (await app.apiOf(user)).messages.send({ orderId, body, clientId: randomUUID() });
}

interface QueuedJob {
  id: string;
  name: string;
  data: Record<string, unknown>;
  start_after: Date;
  created_on: Date;
}

async function jobs(name: string): Promise<QueuedJob[]> {
  const result = await sql<QueuedJob>`SELECT id, name, data, start_after, created_on FROM pgboss.job WHERE name = ${name}`.execute(app.db);
  return result.rows;
}

/** The deliver job of a message has run (it is done in the queue). */
async function delivered(messageId: string) {
  const id = jobIdFor(deliverMessageJob.name, `message:${messageId}`);
  await eventually(async () => {
    const result = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${id}`.execute(app.db);
    expect(result.rows[0]?.state).toBe('completed');
  }, 10_000);
}

async function emailJobOf(messageId: string) {
  return (await jobs(emailMessageJob.name)).find((job) => job.id === jobIdFor(emailMessageJob.name, `message-email:${messageId}`));
}

/** The message e-mails this person received (they link to a conversation). */
function mailsTo(user: TestUser, orderId: string) {
  return app.outbox().filter((mail) => mail.text.includes(`To: ${user.email}`) && mail.text.includes(`/pedido/${orderId}/conversa`));
}

describe('a new message leaves the app by the recipient’s switches', () => {
  it('pushes each message to every device of the other person, never to the author, and opens the thread when tapped', async () => {
    const { requester, orderId } = await conversation('Bruno Vizinho');
    const ownerPhone = await subscribe(owner);
    const ownerLaptop = await subscribe(owner);
    const requesterPhone = await subscribe(requester);
    const outsiderPhone = await subscribe(await app.createUser());

    const message = await send(requester, orderId, 'Oi! Posso buscar às 18h?\nMeu Pix é 11987654321');
    await eventually(() => expect([...messagePushes(ownerPhone), ...messagePushes(ownerLaptop)]).toHaveLength(2), 10_000);
    expect(messagePushes(ownerPhone)).toEqual([
      {
        title: 'Nova mensagem de Bruno',
        body: 'Aulas de violão: Oi! Posso buscar às 18h? Meu Pix é 11987654321',
        url: `/pedido/${orderId}/conversa`,
        tag: `conversa:${orderId}`,
      },
    ]);
    await delivered(message.id);
    expect([...messagePushes(requesterPhone), ...messagePushes(outsiderPhone)]).toEqual([]);

    // The answer goes the other way only.
    const answer = await send(owner, orderId, 'Pode sim!');
    await eventually(() => expect(messagePushes(requesterPhone).map((payload) => payload.title)).toEqual(['Nova mensagem de Ana']), 10_000);
    await delivered(answer.id);
    expect(messagePushes(ownerPhone)).toHaveLength(1);
    expect(messagePushes(outsiderPhone)).toEqual([]);
    // Messages are counted on the order cards and in 'Mensagens', not in the notification centre.
    const centre = (user: TestUser) => app.db.selectFrom('notifications').select('title').where('related_id', '=', orderId).where('user_id', '=', user.id).execute();
    expect(await centre(owner)).toHaveLength(1); // the order itself ('Novo pedido')
    expect(await centre(requester)).toEqual([]);
  });

  it('e-mails a thread once while it is unread, after a grace period, quoting what the recipient has not read', async () => {
    const { requester, orderId } = await conversation('Carla Menezes');
    const first = await send(requester, orderId, 'Bom dia! <b>Amanhã</b> às 9h dá certo? https://exemplo.com');
    app.clock.advance(60_000);
    const second = await send(requester, orderId, 'Pode ser no salão de festas.');
    await delivered(first.id);
    await delivered(second.id);

    // One e-mail job for the thread, due after the grace period (on the queue's clock), none for the second message.
    const job = (await emailJobOf(first.id))!;
    expect(job).toBeDefined();
    expect(job.start_after.getTime() - job.created_on.getTime()).toBeGreaterThanOrEqual((MESSAGE_EMAIL_DELAY_SECONDS - 5) * 1000);
    expect(await emailJobOf(second.id)).toBeUndefined();
    expect(mailsTo(owner, orderId)).toEqual([]);

    // The grace period is over and nothing was read: the e-mail goes out once, however often the job runs.
    await emailMessageJob.run(app.deps, { messageId: first.id });
    await emailMessageJob.run(app.deps, { messageId: first.id });
    await eventually(() => expect(mailsTo(owner, orderId)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mails = mailsTo(owner, orderId);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.text;
    expect(mail).toContain('Olá, Ana Dona!');
    expect(mail).toContain('Carla Menezes enviou 2 mensagens sobre o pedido de "Aulas de violão" que você ainda não leu.');
    expect(mail).toContain('Pode ser no salão de festas.');
    expect(mail).toContain(`http://localhost:3000/pedido/${orderId}/conversa`);
    expect(mail).toContain(app.config.CONDO_NAME);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    // The message's markup is text in the HTML part, never markup.
    expect(mail).toContain('&lt;b&gt;Amanhã&lt;/b&gt;');

    // Read, and then a new message: a new unread run, a new e-mail job.
    await (await app.apiOf(owner)).messages.markRead({ orderId });
    const third = await send(requester, orderId, 'Confirmado então!');
    await delivered(third.id);
    expect(await emailJobOf(third.id)).toBeDefined();
  });

  it('sends no e-mail when the recipient read the thread during the grace period', async () => {
    const { requester, orderId } = await conversation('Diego Prado');
    const message = await send(requester, orderId, 'Está em casa?');
    await delivered(message.id);
    expect(await emailJobOf(message.id)).toBeDefined();
    await (await app.apiOf(owner)).messages.markRead({ orderId });
    await emailMessageJob.run(app.deps, { messageId: message.id });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(owner, orderId)).toEqual([]);
  });

  it("follows the recipient's switches: 'mensagens' off stops both, 'push' and 'e-mail' each stop their own", async () => {
    const { requester, orderId } = await conversation('Elisa Ramos');
    const phone = await subscribe(requester);
    const requesterApi = await app.apiOf(requester);

    await requesterApi.notifications.setPreference({ key: 'messages', enabled: false });
    const muted = await send(owner, orderId, 'Mensagem 1');
    await delivered(muted.id);
    expect(await emailJobOf(muted.id)).toBeUndefined();
    await requesterApi.notifications.setPreference({ key: 'messages', enabled: true });
    await requesterApi.messages.markRead({ orderId });

    await requesterApi.notifications.setPreference({ key: 'push', enabled: false });
    const noPush = await send(owner, orderId, 'Mensagem 2');
    await delivered(noPush.id);
    expect(await emailJobOf(noPush.id)).toBeDefined();
    // Switched off during the grace period: the queued e-mail is not sent.
    await requesterApi.notifications.setPreference({ key: 'messages', enabled: false });
    await emailMessageJob.run(app.deps, { messageId: noPush.id });
    await requesterApi.messages.markRead({ orderId });

    await requesterApi.notifications.setPreference({ key: 'messages', enabled: true });
    await requesterApi.notifications.setPreference({ key: 'push', enabled: true });
    await requesterApi.notifications.setPreference({ key: 'email', enabled: false });
    const noEmail = await send(owner, orderId, 'Mensagem 3');
    await delivered(noEmail.id);
    expect(await emailJobOf(noEmail.id)).toBeUndefined();
    await eventually(() => expect(messagePushes(phone).map((payload) => payload.body)).toEqual(['Aulas de violão: Mensagem 3']), 10_000);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsTo(requester, orderId)).toEqual([]);
    expect(messagePushes(phone)).toHaveLength(1);
  });

  it('delivers a message sent twice (a retry after the network came back) once, and nothing to a suspended recipient', async () => {
    const { requester, orderId } = await conversation('Fábio Lima');
    const phone = await subscribe(owner);
    const clientId = randomUUID();
    const requesterApi = await app.apiOf(requester);
    const once = await requesterApi.messages.send({ orderId, body: 'Só uma vez', clientId });
    const again = await requesterApi.messages.send({ orderId, body: 'Só uma vez', clientId });
    expect(again.id).toBe(once.id);
    await delivered(once.id);
    // The job itself run again (a worker that died) enqueues nothing new either.
    await deliverMessageJob.run(app.deps, { messageId: once.id });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messagePushes(phone).filter((payload) => payload.url.includes(orderId))).toHaveLength(1);
    expect((await jobs(emailMessageJob.name)).filter((job) => job.data.messageId === once.id)).toHaveLength(1);

    await (await app.apiOf(owner)).messages.markRead({ orderId });
    await app.db.updateTable('users').set({ is_suspended: true }).where('id', '=', owner.id).execute();
    const ignored = await requesterApi.messages.send({ orderId, body: 'Alguém aí?', clientId: randomUUID() });
    await delivered(ignored.id);
    await app.db.updateTable('users').set({ is_suspended: false }).where('id', '=', owner.id).execute();
    expect(await emailJobOf(ignored.id)).toBeUndefined();
    expect(messagePushes(phone).filter((payload) => payload.url.includes(orderId))).toHaveLength(1);
  });
});
