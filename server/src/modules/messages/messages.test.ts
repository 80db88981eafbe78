import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES, MESSAGES_PER_MINUTE } from '@vizinhanca/shared/messages/message.schema';
import { REPORT_DETAILS_TOO_LONG, REPORT_REASON_REQUIRED } from '@vizinhanca/shared/reports/report.reasons';
import { REPORT_HANDLED_NOTICE, REPORT_MESSAGES, WARNING_NOTICE_TITLE } from '@vizinhanca/shared/reports/report.schema';
import { createTestApp, expectError, type TestApp, type TestUser, type Api } from '../../../test/harness.ts';
import { MESSAGES_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';

type Who = 'requester' | 'owner' | 'other' | 'moderator';

let app: TestApp;
const people = {} as Record<Who, TestUser>;
const apis = {} as Record<Who, Api>;
let serviceId: string;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await createTestApp();
  people.requester = await app.createUser({ fullName: 'Bruno Vizinho' });
  people.owner = await app.createUser({ fullName: 'Ana Dona' });
  people.other = await app.createUser({ fullName: 'Carlos Curioso' });
  people.moderator = await app.createUser({ roles: ['moderator'], fullName: 'Rafael Moderador' });
  for (const who of Object.keys(people) as Who[]) apis[who] = (await app.callerAs(people[who])).api;
  const { id } = await apis.owner.listings.create({ type: 'service', title: 'Aulas de violão', description: 'Uma hora de aula', priceCents: 5000, priceUnit: 'hour' });
  await apis.moderator.listings.moderation.approve({ id });
  serviceId = id;
});
afterAll(() => app.close());

async function newOrder() {
  const { id } = await apis.requester.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
  return id;
}

function send(who: Who, orderId: string, body: string, clientId = randomUUID()) {
  return apis[who].messages.send({ orderId, body, clientId });
}

async function rowsOf(orderId: string) {
  return app.db.selectFrom('order_messages').select(['body', 'sender_id', 'read_at']).where('order_id', '=', orderId).orderBy('created_at').execute();
}

async function eventsOf(userId: string, orderId: string) {
  const rows = await app.db.selectFrom('events').select(['kind', 'payload']).where('user_id', '=', userId).where('kind', '=', MESSAGES_CHANGED_KIND).execute();
  return rows.filter((row) => (row.payload as { orderId?: string }).orderId === orderId);
}

describe('a conversation per order', () => {
  it('lets the requester and the owner talk, newest at the bottom, with who wrote what', async () => {
    const orderId = await newOrder();
    await send('requester', orderId, 'Oi! Posso buscar às 18h?');
    app.clock.advance(60_000);
    await send('owner', orderId, 'Pode sim, meu Pix é 11987654321');
    const thread = await apis.requester.messages.thread({ orderId });
    expect(thread.messages.map((m) => [m.body, m.mine, m.senderName])).toEqual([
      ['Oi! Posso buscar às 18h?', true, 'Bruno Vizinho'],
      ['Pode sim, meu Pix é 11987654321', false, 'Ana Dona'],
    ]);
    expect(thread.order).toMatchObject({ id: orderId, status: 'pending', side: 'requester', counterpart: { fullName: 'Ana Dona' }, totalCents: 5000, paidAt: null });
    expect(thread.order.listing.title).toBe('Aulas de violão');
    expect(thread.open).toBe(true);
    const ownerView = await apis.owner.messages.thread({ orderId });
    expect(ownerView.order.side).toBe('owner');
    expect(ownerView.order.counterpart.fullName).toBe('Bruno Vizinho');
  });

  it('keeps links, markup, phone numbers and Pix keys exactly as typed (the screen shows them as text)', async () => {
    const orderId = await newOrder();
    const body = '<b>oi</b> <script>alert(1)</script> https://exemplo.com (11) 98765-4321 ana@exemplo.com';
    await send('requester', orderId, body);
    expect((await rowsOf(orderId))[0]!.body).toBe(body);
  });

  it('accepts 2,000 characters and refuses an empty or a 2,001-character message, writing nothing', async () => {
    const orderId = await newOrder();
    await expectError(send('requester', orderId, '   '), 'BAD_REQUEST', MESSAGE_MESSAGES.empty);
    await expectError(send('requester', orderId, 'a'.repeat(2001)), 'BAD_REQUEST', MESSAGE_MESSAGES.tooLong);
    expect(await rowsOf(orderId)).toEqual([]);
    await send('requester', orderId, 'a'.repeat(2000));
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  it('refuses anyone else, a guessed id included: they cannot read, write or mark read, and nothing is written', async () => {
    const orderId = await newOrder();
    await send('requester', orderId, 'Só entre nós');
    await expectError(apis.other.messages.thread({ orderId }), 'NOT_FOUND', MESSAGE_MESSAGES.notFound);
    await expectError(send('other', orderId, 'Oi, intruso aqui'), 'NOT_FOUND', MESSAGE_MESSAGES.notFound);
    await expectError(apis.other.messages.markRead({ orderId }), 'NOT_FOUND', MESSAGE_MESSAGES.notFound);
    // Staff read threads only through a report.
    await expectError(apis.moderator.messages.thread({ orderId }), 'NOT_FOUND', MESSAGE_MESSAGES.notFound);
    await expectError(apis.moderator.messages.moderation.thread({ orderId }), 'NOT_FOUND', MESSAGE_MESSAGES.notReported);
    await expectError(apis.other.messages.thread({ orderId: randomUUID() }), 'NOT_FOUND', MESSAGE_MESSAGES.notFound);
    const rows = await rowsOf(orderId);
    expect(rows.map((row) => row.body)).toEqual(['Só entre nós']);
    expect(rows[0]!.read_at).toBeNull();
  });

  it('the database refuses a message from someone outside the order, whatever the caller', async () => {
    const orderId = await newOrder();
    await expect(
      app.db
        .insertInto('order_messages')
        .values({ order_id: orderId, sender_id: people.other.id, recipient_id: people.owner.id, client_id: randomUUID(), body: 'oi' })
        .execute(),
    ).rejects.toMatchObject({ constraint: 'order_messages_participants_check' });
  });

  it('stores a message sent twice with the same client id once (a retry after the network came back)', async () => {
    const orderId = await newOrder();
    const clientId = randomUUID();
    const first = await send('requester', orderId, 'Enviada offline', clientId);
    const again = await send('requester', orderId, 'Enviada offline', clientId);
    expect(again.id).toBe(first.id);
    expect(await rowsOf(orderId)).toHaveLength(1);
    expect(await eventsOf(people.owner.id, orderId)).toHaveLength(1);
  });

  it('tells both people live, in the same transaction, which thread changed, naming the sender to the recipient (the toast)', async () => {
    const orderId = await newOrder();
    await send('requester', orderId, 'Chegou?');
    expect(await eventsOf(people.requester.id, orderId)).toEqual([{ kind: MESSAGES_CHANGED_KIND, payload: { orderId } }]);
    expect(await eventsOf(people.owner.id, orderId)).toEqual([{ kind: MESSAGES_CHANGED_KIND, payload: { orderId, newMessageFrom: 'Bruno Vizinho' } }]);
    expect(await eventsOf(people.other.id, orderId)).toEqual([]);
  });

  it('names the thread in its events as the database writes the order id, whatever the case the tab sent', async () => {
    const orderId = await newOrder();
    await send('owner', orderId.toUpperCase(), 'Em maiúsculas');
    expect((await rowsOf(orderId)).map((row) => row.body)).toEqual(['Em maiúsculas']);
    expect(await eventsOf(people.requester.id, orderId)).toEqual([{ kind: MESSAGES_CHANGED_KIND, payload: { orderId, newMessageFrom: 'Ana Dona' } }]);
    expect(await eventsOf(people.owner.id, orderId)).toEqual([{ kind: MESSAGES_CHANGED_KIND, payload: { orderId } }]);
  });

  it('refuses a client id already used for a message of another order, writing nothing', async () => {
    const [first, second] = [await newOrder(), await newOrder()];
    const clientId = randomUUID();
    await send('requester', first, 'Na primeira', clientId);
    await expectError(send('requester', second, 'Na segunda', clientId), 'CONFLICT', MESSAGE_MESSAGES.notFound);
    expect(await rowsOf(second)).toEqual([]);
    expect(await eventsOf(people.owner.id, second)).toEqual([]);
  });

  it("reaches the other person's live stream (NOTIFY after commit), with the order it belongs to", async () => {
    const orderId = await newOrder();
    const controller = new AbortController();
    const stream = app.deps.bus.stream(people.owner.id, null, controller.signal);
    // Started: its follower listens from now on (an event of the order's creation may still come first).
    const next = stream.next();
    await send('requester', orderId, 'Ao vivo');
    let { value } = await next;
    while (value && value.kind !== MESSAGES_CHANGED_KIND) ({ value } = await stream.next());
    controller.abort();
    expect(value).toMatchObject({ userId: people.owner.id, kind: MESSAGES_CHANGED_KIND, payload: { orderId } });
  });

  it('counts unread messages per order and in total, and read receipts turn when the other side opens the thread', async () => {
    const before = await apis.owner.messages.unread();
    const orderId = await newOrder();
    await send('requester', orderId, 'Uma');
    await send('requester', orderId, 'Duas');
    const unread = await apis.owner.messages.unread();
    expect(unread.total).toBe(before.total + 2);
    expect(unread.byOrder).toContainEqual({ orderId, count: 2 });
    expect((await apis.requester.messages.unread()).byOrder.find((row) => row.orderId === orderId)).toBeUndefined();
    expect((await apis.requester.messages.thread({ orderId })).messages.every((m) => m.readAt === null)).toBe(true);

    // The requester opening the thread reads nothing of their own.
    await apis.requester.messages.markRead({ orderId });
    expect((await apis.owner.messages.unread()).byOrder).toContainEqual({ orderId, count: 2 });

    await apis.owner.messages.markRead({ orderId });
    expect((await apis.owner.messages.unread()).byOrder.find((row) => row.orderId === orderId)).toBeUndefined();
    const thread = await apis.requester.messages.thread({ orderId });
    expect(thread.messages.every((m) => m.readAt?.getTime() === app.clock.now().getTime())).toBe(true);
    expect(await eventsOf(people.requester.id, orderId)).toHaveLength(3);
  });

  it('stays open until 30 days after the order ends, then is read-only', async () => {
    const start = app.clock.now();
    try {
      const orderId = await newOrder();
      await apis.requester.orders.cancel({ id: orderId });
      app.clock.advance(30 * DAY_MS);
      await send('owner', orderId, 'Tudo bem, fica para a próxima');
      app.clock.advance(60_000);
      await expectError(send('requester', orderId, 'Ainda dá?'), 'FORBIDDEN', MESSAGE_MESSAGES.closed);
      // Neither the message nor its events: the refusal rolled them back.
      expect(await eventsOf(people.owner.id, orderId)).toHaveLength(1);
      const thread = await apis.requester.messages.thread({ orderId });
      expect(thread.open).toBe(false);
      expect(thread.messages.map((m) => m.body)).toEqual(['Tudo bem, fica para a próxima']);
    } finally {
      app.clock.set(start);
    }
  });
});

describe('the pace of messages', () => {
  it(`stores at most ${MESSAGES_PER_MINUTE} messages a minute from one person across all their conversations, refused in pt-BR`, async () => {
    const chatter = (await app.callerAs(await app.createUser({ fullName: 'Diana Apressada' }))).api;
    const orderIds = await Promise.all([0, 1].map(async () => (await chatter.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true })).id));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 3 * MESSAGES_PER_MINUTE }, (_, i) => chatter.messages.send({ orderId: orderIds[i % 2]!, body: `Mensagem ${i}`, clientId: randomUUID() })),
    );
    const stored = (await Promise.all(orderIds.map(rowsOf))).flat();
    expect(stored).toHaveLength(MESSAGES_PER_MINUTE);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(2 * MESSAGES_PER_MINUTE);
    await expectError(Promise.reject((refused[0] as PromiseRejectedResult).reason), 'TOO_MANY_REQUESTS', MESSAGE_MESSAGES.tooMany);
    // The other person still answers, and a minute later the hurried one writes again.
    await expect(send('owner', orderIds[0]!, 'Calma, já respondo')).resolves.toMatchObject({ clientId: expect.any(String) });
    await expectError(chatter.messages.send({ orderId: orderIds[0]!, body: 'Mais uma', clientId: randomUUID() }), 'TOO_MANY_REQUESTS', MESSAGE_MESSAGES.tooMany);
    app.clock.advance(60_000);
    await expect(chatter.messages.send({ orderId: orderIds[0]!, body: 'Mais uma', clientId: randomUUID() })).resolves.toMatchObject({ clientId: expect.any(String) });
  }, 60_000);
});

describe('reported messages', () => {
  /** The report of this message, as the reports table holds it. */
  const reportOf = (messageId: string) =>
    app.db.selectFrom('reports').select(['id', 'reporter_id', 'person_id', 'target_type', 'reason', 'details', 'status']).where('message_id', '=', messageId).execute();

  it('lets the recipient report, not the author nor anyone else, and only once, even after staff decided', async () => {
    const orderId = await newOrder();
    const { id } = await send('owner', orderId, 'Mensagem ofensiva');
    await expectError(apis.owner.reports.message({ messageId: id, reason: 'offensive' }), 'FORBIDDEN', REPORT_MESSAGES.ownMessage);
    await expectError(apis.other.reports.message({ messageId: id, reason: 'offensive' }), 'NOT_FOUND', REPORT_MESSAGES.messageNotFound);
    expect(await apis.requester.reports.message({ messageId: id, reason: 'offensive', details: 'Ofensa' })).toEqual({ message: REPORT_MESSAGES.messageReported });
    await expectError(apis.requester.reports.message({ messageId: id, reason: 'fraud' }), 'CONFLICT', REPORT_MESSAGES.messageAlreadyReported);
    // 'Denunciada' for the one who reported it; the author is never told.
    expect((await apis.requester.messages.thread({ orderId })).messages[0]!.reported).toBe(true);
    expect((await apis.owner.messages.thread({ orderId })).messages[0]!.reported).toBe(false);
    const [report] = await reportOf(id);
    await apis.moderator.reports.moderation.decide({ reportId: report!.id, outcome: 'archive' });
    await expectError(apis.requester.reports.message({ messageId: id, reason: 'fraud' }), 'CONFLICT', REPORT_MESSAGES.messageAlreadyReported);
    expect(await reportOf(id)).toHaveLength(1);
  });

  it('is a report like any other: every reason a listing or a person has, about the author, open until staff decide', async () => {
    const orderId = await newOrder();
    const { id } = await send('owner', orderId, 'Vendo um item proibido');
    expect(await apis.requester.reports.message({ messageId: id, reason: 'prohibited_item' })).toEqual({ message: REPORT_MESSAGES.messageReported });
    expect(await reportOf(id)).toEqual([
      { id: expect.any(String), reporter_id: people.requester.id, person_id: people.owner.id, target_type: 'message', reason: 'prohibited_item', details: null, status: 'open' },
    ]);
  });

  it('refuses a report without a reason, or with one that is not offered, in pt-BR, writing nothing; the database holds a report to the message\'s two people', async () => {
    const orderId = await newOrder();
    const { id } = await send('owner', orderId, 'Me passa seu cartão');
    const logged = await app.db.selectFrom('audit_log').select('id').execute();
    // @ts-expect-error: the reason is required
    await expectError(apis.requester.reports.message({ messageId: id }), 'BAD_REQUEST', REPORT_REASON_REQUIRED);
    // @ts-expect-error: not a reason of the list
    await expectError(apis.requester.reports.message({ messageId: id, reason: 'spam' }), 'BAD_REQUEST', REPORT_REASON_REQUIRED);
    await expectError(apis.requester.reports.message({ messageId: id, reason: 'fraud', details: 'x'.repeat(501) }), 'BAD_REQUEST', REPORT_DETAILS_TOO_LONG);
    expect(await reportOf(id)).toEqual([]);
    expect(await app.db.selectFrom('audit_log').select('id').execute()).toEqual(logged);
    // Whoever writes, only the recipient reports, about the author.
    const report = { target_type: 'message' as const, message_id: id, reason: 'fraud' as const, created_at: new Date() };
    await expect(app.db.insertInto('reports').values({ ...report, reporter_id: people.other.id, person_id: people.owner.id }).execute()).rejects.toThrow(/reports_message_people_fkey/);
    await expect(app.db.insertInto('reports').values({ ...report, reporter_id: people.requester.id, person_id: people.other.id }).execute()).rejects.toThrow(/reports_message_people_fkey/);
  });

  it('records the reason, the details and who reported, in the audit log', async () => {
    const orderId = await newOrder();
    const { id } = await send('owner', orderId, 'Deposita antes que eu libero');
    await apis.requester.reports.message({ messageId: id, reason: 'fraud', details: '  Pediu depósito adiantado  ' });
    expect(await reportOf(id)).toMatchObject([{ reason: 'fraud', details: 'Pediu depósito adiantado' }]);
    const logged = await app.db.selectFrom('audit_log').select(['actor_id', 'action', 'target_type', 'target_id', 'after', 'reason']).where('action', '=', 'order.message_reported').where('target_id', '=', orderId).execute();
    expect(logged).toEqual([
      { actor_id: people.requester.id, action: 'order.message_reported', target_type: 'order', target_id: orderId, after: { messageId: id, reason: 'fraud' }, reason: 'Pediu depósito adiantado' },
    ]);
  });

  it("shows staff the reported message in 'Denúncias' with the order and both names, lets them read that thread, and decide as on any report", async () => {
    const orderId = await newOrder();
    await send('requester', orderId, 'Bom dia');
    const { id } = await send('owner', orderId, 'Xingamento');
    await apis.requester.reports.message({ messageId: id, reason: 'harassment', details: 'Desrespeito' });

    const report = (await apis.moderator.reports.moderation.open()).items.find((item) => item.message?.id === id);
    expect(report).toMatchObject({
      targetType: 'message',
      listing: null,
      message: { id, body: 'Xingamento', orderId, listingTitle: 'Aulas de violão' },
      reason: 'harassment',
      details: 'Desrespeito',
      person: { id: people.owner.id, fullName: 'Ana Dona' },
      reporter: { id: people.requester.id, fullName: 'Bruno Vizinho' },
    });
    const thread = await apis.moderator.messages.moderation.thread({ orderId });
    expect(thread.messages.map((m) => [m.senderName, m.body, m.reported])).toEqual([
      ['Bruno Vizinho', 'Bom dia', false],
      ['Ana Dona', 'Xingamento', true],
    ]);
    // That reading is on the record, with who read it.
    const read = await app.db.selectFrom('audit_log').select(['actor_id', 'action', 'target_id']).where('action', '=', 'order.reported_thread_read').execute();
    expect(read).toEqual([{ actor_id: people.moderator.id, action: 'order.reported_thread_read', target_id: orderId }]);

    // No listing to remove; a warning reaches the author, and the reporter only learns it was handled.
    await expectError(apis.moderator.reports.moderation.decide({ reportId: report!.id, outcome: 'remove_listing' }), 'BAD_REQUEST', REPORT_MESSAGES.notAListing);
    await apis.moderator.reports.moderation.decide({ reportId: report!.id, outcome: 'warn', note: 'Respeite os vizinhos.' });
    expect((await apis.moderator.reports.moderation.open()).items.some((item) => item.id === report!.id)).toBe(false);
    const told = (user: TestUser) => app.db.selectFrom('notifications').select(['title', 'message']).where('user_id', '=', user.id).where('title', 'in', [REPORT_HANDLED_NOTICE.title, WARNING_NOTICE_TITLE]).execute();
    expect(await told(people.owner)).toEqual([{ title: WARNING_NOTICE_TITLE, message: 'Respeite os vizinhos.' }]);
    expect(await told(people.requester)).toContainEqual({ title: REPORT_HANDLED_NOTICE.title, message: REPORT_HANDLED_NOTICE.message });
    // Staff still read the thread of a report already decided.
    await expect(apis.moderator.messages.moderation.thread({ orderId })).resolves.toMatchObject({ orderId });
  });
});
