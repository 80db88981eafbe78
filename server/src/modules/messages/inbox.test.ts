import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { INBOX_PAGE_SIZE, inboxSchema, MESSAGE_MESSAGES, type Inbox } from '@vizinhanca/shared/messages/message.schema';
import { MESSAGES_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import type { EventContent } from '../../realtime/event-content.ts';
import { uploadImage } from '../images/images.service.ts';

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

/** The page as the procedure sends it, which has no output parse: what inboxSchema's parse gives, the same objects and the same superjson text. */
function asTheSchemaParses<T extends Inbox>(page: T): T {
  const parsed = inboxSchema.parse(page);
  expect(page).toStrictEqual(parsed);
  expect(JSON.stringify(superjson.serialize(page))).toBe(JSON.stringify(superjson.serialize(parsed)));
  return page;
}

// Two apps on one database play two instances of the server: what one writes, the other reads and tells.
let a: TestApp;
let b: TestApp;
let owner: TestUser;
let requester: TestUser;
let stranger: TestUser;
let moderator: TestUser;
let photoListingId: string;
let plainListingId: string;
const DAY_MS = 24 * 60 * 60 * 1000;

async function apiOn(app: TestApp, user: TestUser): Promise<Api> {
  return (await app.callerAs(user)).api;
}

async function listing(ownerApi: Api, title: string, imageIds: string[] = []) {
  const { id } = await ownerApi.listings.create({ type: 'service', title, description: 'Uma hora', priceCents: 5000, priceUnit: 'hour', imageIds });
  await (await apiOn(a, moderator)).listings.moderation.approve({ id });
  return id;
}

async function orderOf(who: TestUser, listingId: string) {
  return (await (await apiOn(a, who)).orders.create({ listingId, deliveryMethod: 'pickup', confirmDuplicate: true })).id;
}

async function send(app: TestApp, who: TestUser, orderId: string, body: string) {
  return (await apiOn(app, who)).messages.send({ orderId, body, clientId: randomUUID() });
}

/** The events one instance's bus hands this person's open tabs, as they arrive. */
function tabOf(app: TestApp, userId: string) {
  const received: { kind: string; payload: Record<string, unknown> }[] = [];
  const subscriber = { push: (_id: string, content: EventContent) => received.push({ kind: content.kind, payload: content.payload }) };
  app.deps.bus.subscribe(userId, subscriber);
  return { received, close: () => app.deps.bus.unsubscribe(userId, subscriber) };
}

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { databaseUrl: a.databaseUrl, now: a.clock.now() });
  owner = await a.createUser({ fullName: 'Ana Beatriz Dona' });
  requester = await a.createUser({ fullName: 'Bruno Costa Vizinho' });
  stranger = await a.createUser({ fullName: 'Carlos Curioso' });
  moderator = await a.createUser({ roles: ['moderator'], fullName: 'Rafael Moderador' });
  const ownerApi = await apiOn(a, owner);
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#5a8' } }).jpeg().toBuffer();
  const cover = await uploadImage(a.deps, { userId: owner.id, purpose: 'listing', bytes: jpeg });
  photoListingId = await listing(ownerApi, 'Aulas de violão', [cover.id]);
  plainListingId = await listing(ownerApi, 'Passeio com cães');
  const avatar = await uploadImage(a.deps, {
    userId: owner.id,
    purpose: 'avatar',
    bytes: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c84' } }).jpeg().toBuffer(),
  });
  await ownerApi.users.setAvatar({ imageId: avatar.id });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('/mensagens', () => {
  it('lists only the caller’s conversations, the most recently active first, with the other person, the listing, the last message and the unread count', async () => {
    const guitar = await orderOf(requester, photoListingId);
    const walk = await orderOf(requester, plainListingId);
    // An order nobody wrote in is no conversation yet.
    await orderOf(requester, plainListingId);
    const strangersOrder = await orderOf(stranger, plainListingId);

    await send(a, requester, guitar, 'Oi! Posso buscar às 18h?');
    a.clock.advance(60_000);
    await send(a, owner, walk, 'O passeio é às 7h');
    a.clock.advance(60_000);
    await send(a, owner, guitar, 'Pode sim');
    a.clock.advance(60_000);
    await send(a, owner, guitar, 'Traga o violão');
    a.clock.advance(60_000);
    await send(a, stranger, strangersOrder, 'Mensagem de outra pessoa');

    const inbox = asTheSchemaParses(await (await apiOn(a, requester)).messages.inbox({}));
    expect(inbox.conversations.map((c) => c.orderId)).toEqual([guitar, walk]);
    const [first, second] = inbox.conversations;
    const ownerRow = await a.db.selectFrom('users').select('avatar_url').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(first).toMatchObject({
      counterpart: { id: owner.id, fullName: 'Ana Beatriz Dona', avatarUrl: ownerRow.avatar_url },
      listing: { title: 'Aulas de violão', imageCardUrl: expect.stringMatching(/^\/files\/images\/[0-9a-f-]+\/card\.webp$/) },
      lastMessage: { body: 'Traga o violão', mine: false },
      unread: 2,
      open: true,
    });
    expect(ownerRow.avatar_url).not.toBeNull();
    expect(second).toMatchObject({ listing: { title: 'Passeio com cães', imageCardUrl: null }, lastMessage: { body: 'O passeio é às 7h', mine: false }, unread: 1 });

    // The owner sees the same threads from the other side: their own last message is 'mine', nothing of theirs unread.
    const ownerInbox = asTheSchemaParses(await (await apiOn(a, owner)).messages.inbox({}));
    const ownerGuitar = ownerInbox.conversations.find((c) => c.orderId === guitar)!;
    expect(ownerGuitar).toMatchObject({ counterpart: { fullName: 'Bruno Costa Vizinho' }, lastMessage: { body: 'Traga o violão', mine: true }, unread: 1 });
    expect(ownerInbox.conversations.map((c) => c.orderId)).toEqual([strangersOrder, guitar, walk]);

    // Someone else reads only their own.
    expect((await (await apiOn(a, stranger)).messages.inbox({})).conversations.map((c) => c.orderId)).toEqual([strangersOrder]);
    expect((await (await apiOn(a, moderator)).messages.inbox({})).conversations).toEqual([]);
  });

  it('keeps a thread that closed 30 days after its order ended, read-only, and the server refuses a message there', async () => {
    const person = await a.createUser({ fullName: 'Denise Antiga' });
    const orderId = await orderOf(person, plainListingId);
    await send(a, person, orderId, 'Desisti, obrigada');
    await (await apiOn(a, person)).orders.cancel({ id: orderId });
    const start = a.clock.now();
    try {
      a.clock.advance(31 * DAY_MS);
      const [conversation] = asTheSchemaParses(await (await apiOn(a, person)).messages.inbox({})).conversations;
      expect(conversation).toMatchObject({ orderId, open: false, lastMessage: { body: 'Desisti, obrigada', mine: true } });
      await expectError(send(a, owner, orderId, 'Ainda quer?'), 'FORBIDDEN', MESSAGE_MESSAGES.closed);
    } finally {
      a.clock.set(start);
    }
  });

  it('shows a removed listing as gone and cuts a long last message to its preview', async () => {
    const person = await a.createUser({ fullName: 'Elisa Longa' });
    const ownerApi = await apiOn(a, owner);
    const gone = await listing(ownerApi, 'Bolo de fubá');
    const orderId = await orderOf(person, gone);
    await send(a, person, orderId, 'x'.repeat(2000));
    await (await apiOn(a, owner)).orders.reject({ id: orderId, reason: 'Acabou' });
    await ownerApi.listings.delete({ id: gone });
    const [conversation] = asTheSchemaParses(await (await apiOn(a, person)).messages.inbox({})).conversations;
    expect(conversation!.listing).toBeNull();
    expect(conversation!.lastMessage.body).toBe('x'.repeat(160));
  });
});

describe('pages of /mensagens', () => {
  it('gives 20 conversations a page, the next after the cursor, none twice or skipped even when one moves to the top between pages', async () => {
    const busy = await a.createUser({ fullName: 'Helena Muitas Conversas' });
    const orders: string[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 5; i++) {
      const orderId = await orderOf(busy, i % 2 === 0 ? photoListingId : plainListingId);
      // Apart enough for the per-minute limit of messages.
      a.clock.advance(5_000);
      await send(a, busy, orderId, `Pedido ${i}`);
      orders.push(orderId);
    }
    const api = await apiOn(a, busy);
    const first = await api.messages.inbox({});
    const newestFirst = [...orders].reverse();
    expect(first.conversations.map((c) => c.orderId)).toEqual(newestFirst.slice(0, INBOX_PAGE_SIZE));
    expect(first.nextCursor).toBe(first.conversations.at(-1)!.lastMessageId);

    // The oldest conversation gets a message before the next page is read: it moves to the top, and the next page still follows on.
    a.clock.advance(1_000);
    await send(a, owner, orders[0]!, 'Ainda precisa?');
    const second = await api.messages.inbox({ cursor: first.nextCursor });
    expect(second.conversations.map((c) => c.orderId)).toEqual(newestFirst.slice(INBOX_PAGE_SIZE, -1));
    expect(second.nextCursor).toBeNull();
    expect((await api.messages.inbox({})).conversations[0]).toMatchObject({ orderId: orders[0], lastMessage: { body: 'Ainda precisa?', mine: false }, unread: 1 });

    // Someone else's message as a cursor is no cursor: the first page.
    const othersMessage = await a.db.selectFrom('order_messages').select('id').where('sender_id', '=', stranger.id).executeTakeFirstOrThrow();
    expect((await api.messages.inbox({ cursor: othersMessage.id })).conversations[0]!.orderId).toBe(orders[0]);
    await expectError(api.messages.inbox({ cursor: 'não-é-um-id' }), 'BAD_REQUEST', MESSAGE_MESSAGES.notFound);
  });
});

describe('/mensagens and blocked people', () => {
  it('leaves out the conversations with someone blocked either way, but not those of orders still open; unblocked, they come back', async () => {
    const seller = await a.createUser({ fullName: 'Diana Vendedora' });
    const buyer = await a.createUser({ fullName: 'Eva Compradora' });
    const sellerApi = await apiOn(a, seller);
    const buyerApi = await apiOn(a, buyer);
    const listingId = await listing(sellerApi, 'Bolo de fubá');
    const ended = await orderOf(buyer, listingId);
    await send(a, buyer, ended, 'Pode ser amanhã?');
    await sellerApi.orders.reject({ id: ended });
    a.clock.advance(1_000);
    const open = await orderOf(buyer, listingId);
    await send(a, buyer, open, 'E este, pode?');
    const inboxOf = async (api: Api) => (await api.messages.inbox({})).conversations.map((conversation) => conversation.orderId);
    expect(await inboxOf(buyerApi)).toEqual([open, ended]);

    expect((await sellerApi.messages.unread()).total).toBe(2);

    // Blocked by the buyer: only the open order's conversation stays, for both of them, and only its unread message counts.
    await buyerApi.blocks.block({ userId: seller.id });
    expect(await inboxOf(buyerApi)).toEqual([open]);
    expect(await inboxOf(sellerApi)).toEqual([open]);
    expect(await sellerApi.messages.unread()).toEqual({ total: 1, byOrder: [{ orderId: open, count: 1 }] });
    await buyerApi.blocks.unblock({ userId: seller.id });
    expect(await inboxOf(buyerApi)).toEqual([open, ended]);

    // Blocked by the seller: the same, and once the open order ends it leaves too.
    await sellerApi.blocks.block({ userId: buyer.id });
    expect(await inboxOf(buyerApi)).toEqual([open]);
    await sellerApi.orders.reject({ id: open });
    expect(await inboxOf(buyerApi)).toEqual([]);
    expect(await inboxOf(sellerApi)).toEqual([]);
  });
});

describe('across two instances', () => {
  it('a message sent on one instance reaches the recipient’s tab on the other with the sender’s name, and the inbox and unread totals agree on both', async () => {
    const resident = await a.createUser({ fullName: 'Fernanda Duas Abas' });
    const first = await orderOf(resident, photoListingId);
    const second = await orderOf(resident, plainListingId);
    const residentTab = tabOf(b, resident.id);
    const ownerTab = tabOf(b, owner.id);
    try {
      await send(a, owner, first, 'Primeira');
      a.clock.advance(60_000);
      await send(a, owner, second, 'Segunda');
      a.clock.advance(60_000);
      await send(a, owner, first, 'Terceira');
      // Live on instance B: three changes, each naming the sender for the toast; the sender's own tab gets no toast.
      await eventually(() => expect(residentTab.received.filter((event) => event.kind === MESSAGES_CHANGED_KIND)).toHaveLength(3));
      expect(residentTab.received.map((event) => event.payload)).toEqual([
        { orderId: first, newMessageFrom: 'Ana Beatriz Dona' },
        { orderId: second, newMessageFrom: 'Ana Beatriz Dona' },
        { orderId: first, newMessageFrom: 'Ana Beatriz Dona' },
      ]);
      await eventually(() => expect(ownerTab.received.filter((event) => event.kind === MESSAGES_CHANGED_KIND)).toHaveLength(3));
      expect(ownerTab.received.every((event) => !('newMessageFrom' in event.payload))).toBe(true);

      const onB = await apiOn(b, resident);
      const inboxOnB = await onB.messages.inbox({});
      expect(inboxOnB.conversations.map((c) => [c.orderId, c.unread])).toEqual([
        [first, 2],
        [second, 1],
      ]);
      expect((await onB.messages.unread()).total).toBe(3);

      // Read on instance B: instance A's inbox and total follow, and the resident's tabs hear of it (no toast).
      await onB.messages.markRead({ orderId: first });
      const onA = await apiOn(a, resident);
      expect((await onA.messages.inbox({})).conversations.map((c) => [c.orderId, c.unread])).toEqual([
        [first, 0],
        [second, 1],
      ]);
      expect((await onA.messages.unread()).total).toBe(1);
      await eventually(() => expect(residentTab.received).toHaveLength(4));
      expect(residentTab.received[3]!.payload).toEqual({ orderId: first });

      // An answer on instance B moves its thread to the top on instance A.
      a.clock.advance(60_000);
      b.clock.set(a.clock.now());
      await send(b, resident, second, 'Respondendo');
      expect((await onA.messages.inbox({})).conversations.map((c) => [c.orderId, c.lastMessage.mine])).toEqual([
        [second, true],
        [first, false],
      ]);
    } finally {
      residentTab.close();
      ownerTab.close();
    }
  });

  it('tells no toast to a recipient whose Mensagens switch is off (the thread and counts still reload)', async () => {
    const quiet = await a.createUser({ fullName: 'Gabriel Silencioso' });
    await (await apiOn(a, quiet)).notifications.setPreference({ key: 'messages', enabled: false });
    const orderId = await orderOf(quiet, plainListingId);
    const tab = tabOf(b, quiet.id);
    try {
      await send(a, owner, orderId, 'Oi');
      await eventually(() => expect(tab.received).toHaveLength(1));
      expect(tab.received[0]).toEqual({ kind: MESSAGES_CHANGED_KIND, payload: { orderId } });
    } finally {
      tab.close();
    }
  });
});
