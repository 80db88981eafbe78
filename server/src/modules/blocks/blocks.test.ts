import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES } from '@vizinhanca/shared/blocks/block.schema';
import { LISTING_MESSAGES } from '@vizinhanca/shared/listings/listing.schema';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { NEIGHBOUR_MESSAGES } from '@vizinhanca/shared/users/user.schema';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { feedCacheOf, feedKey } from '../listings/feed-cache.ts';
import * as listings from '../listings/listings.service.ts';

// Blocking (decisions.md "Trust between neighbours"): mutual invisibility, enforced by the
// server on every read path (feed, search, detail, neighbour page, orders, messages, live
// events); the blocked person is not told; orders already open run to their end.

let app: TestApp;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

async function publish(owner: TestUser, title: string, type: 'rental' | 'service' = 'rental') {
  const { id } = await (await app.apiOf(owner)).listings.create(
    type === 'rental'
      ? { type, title, description: `${title} em bom estado`, priceCents: 1500 }
      : { type, title, description: `${title} por hora`, priceCents: 5000, priceUnit: 'hour' },
  );
  await (await app.apiOf(moderator)).listings.moderation.approve({ id });
  return id;
}

let round = 0;

/** Two neighbours with listings (titles of this round only), an open order between them, and a third neighbour. */
async function neighbours() {
  round += 1;
  const ana = await app.createUser({ fullName: 'Ana Bloqueadora' });
  const bruno = await app.createUser({ fullName: 'Bruno Bloqueado' });
  const carla = await app.createUser({ fullName: 'Carla Terceira' });
  const anaDrill = await publish(ana, `Furadeira da Ana ${round}`);
  const brunoLadder = await publish(bruno, `Escada do Bruno ${round}`);
  const brunoLessons = await publish(bruno, `Aulas do Bruno ${round}`, 'service');
  const open = await (await app.apiOf(bruno)).orders.create({ listingId: anaDrill, startDate: '2026-11-23', endDate: '2026-11-24' });
  return { ana, bruno, carla, anaDrill, brunoLadder, brunoLessons, openOrderId: open.id, round };
}

const titles = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);

describe('blocks.block', () => {
  it('refuses oneself, the administration and a made-up person, writing nothing', async () => {
    const resident = await app.createUser();
    const admin = await app.createUser({ roles: ['admin'] });
    const residentApi = await app.apiOf(resident);
    await expectError(residentApi.blocks.block({ userId: resident.id }), 'BAD_REQUEST', BLOCK_MESSAGES.self);
    await expectError(residentApi.blocks.block({ userId: moderator.id }), 'FORBIDDEN', BLOCK_MESSAGES.staff);
    await expectError(residentApi.blocks.block({ userId: admin.id }), 'FORBIDDEN', BLOCK_MESSAGES.staff);
    await expectError(residentApi.blocks.block({ userId: randomUUID() }), 'NOT_FOUND', BLOCK_MESSAGES.personNotFound);
    await expectError(residentApi.blocks.block({ userId: 'não-é-um-id' }), 'BAD_REQUEST', BLOCK_MESSAGES.personNotFound);
    expect(await app.db.selectFrom('user_blocks').select('blocked_id').where('blocker_id', '=', resident.id).execute()).toEqual([]);
    // The database refuses blocking oneself too, whoever writes.
    await expect(app.db.insertInto('user_blocks').values({ blocker_id: resident.id, blocked_id: resident.id, created_at: app.clock.now() }).execute()).rejects.toThrow(
      /user_blocks_not_self_check/,
    );
  });

  it("lists whom one blocked in 'Pessoas bloqueadas', never who blocked one; 'Desbloquear' takes it back", async () => {
    const { ana, bruno } = await neighbours();
    expect(await (await app.apiOf(ana)).blocks.block({ userId: bruno.id })).toEqual({ message: BLOCK_MESSAGES.blocked });
    // Blocking again changes nothing.
    await (await app.apiOf(ana)).blocks.block({ userId: bruno.id });
    expect((await (await app.apiOf(ana)).blocks.list()).items).toEqual([{ id: bruno.id, fullName: 'Bruno Bloqueado', apartment: 'A-101', avatarUrl: null, blockedAt: app.clock.now() }]);
    expect((await (await app.apiOf(bruno)).blocks.list()).items).toEqual([]);
    expect(await (await app.apiOf(ana)).blocks.unblock({ userId: bruno.id })).toEqual({ message: BLOCK_MESSAGES.unblocked });
    expect((await (await app.apiOf(ana)).blocks.list()).items).toEqual([]);
    expect((await (await app.apiOf(ana)).users.neighbour({ id: bruno.id })).fullName).toBe('Bruno Bloqueado');
  });
});

describe('after a block, on the server', () => {
  it("the feed, the search, 'Salvos' and a neighbour's listings leave out each other's listings, both ways; others still see both", async () => {
    const { ana, bruno, carla, round } = await neighbours();
    await (await app.apiOf(ana)).listings.save({ id: (await (await app.apiOf(ana)).listings.list({ ownerId: bruno.id })).items[0]!.id, saved: true });
    await (await app.apiOf(ana)).blocks.block({ userId: bruno.id });
    const [anaApi, brunoApi, carlaApi] = [await app.apiOf(ana), await app.apiOf(bruno), await app.apiOf(carla)];

    const feed = { type: 'rental' as const, limit: 50 };
    expect(titles(await anaApi.listings.list(feed))).not.toContain(`Escada do Bruno ${round}`);
    expect(titles(await anaApi.listings.list(feed))).toContain(`Furadeira da Ana ${round}`);
    expect(titles(await brunoApi.listings.list(feed))).not.toContain(`Furadeira da Ana ${round}`);
    expect(titles(await carlaApi.listings.list(feed))).toEqual(expect.arrayContaining([`Escada do Bruno ${round}`, `Furadeira da Ana ${round}`]));

    expect(titles(await anaApi.listings.list({ search: `Bruno ${round}` }))).toEqual([]);
    expect(titles(await brunoApi.listings.list({ search: `Ana ${round}` }))).toEqual([]);
    expect(titles(await carlaApi.listings.list({ search: `Bruno ${round}` })).sort()).toEqual([`Aulas do Bruno ${round}`, `Escada do Bruno ${round}`]);

    expect((await anaApi.listings.list({ ownerId: bruno.id })).items).toEqual([]);
    expect((await brunoApi.listings.list({ ownerId: ana.id })).items).toEqual([]);
    expect((await anaApi.listings.saved()).items).toEqual([]);
  });

  it('keeps the shared feed cache effective: a page cached for everyone is answered to people without blocks as it is', async () => {
    const { ana, bruno, round } = await neighbours();
    await (await app.apiOf(ana)).blocks.block({ userId: bruno.id });
    const anaView = (await app.callerAs(ana)).ctx.user!;
    const noBlocks = { blockedIds: [], blockedByIds: [] };
    const feed = { type: 'service' as const, search: null, filter: 'all' as const, cursor: null, limit: 50 };
    const cache = feedCacheOf(app.deps.bus);
    const stored = await eventually(async () => {
      await listings.list(app.deps, noBlocks, feed);
      const entry = cache.get(feedKey(feed, ''), app.clock.now().getTime());
      expect(entry).toBeDefined();
      return entry!.page;
    });
    // The very page the cache holds, for anyone without blocks (no copy, no filtering).
    expect(await listings.list(app.deps, noBlocks, feed)).toBe(stored);
    expect(titles(stored)).toContain(`Aulas do Bruno ${round}`);
    // The same cached page, filtered for the one who blocked; the cache still holds the whole page.
    expect(titles(await listings.list(app.deps, anaView, feed))).not.toContain(`Aulas do Bruno ${round}`);
    expect(cache.get(feedKey(feed, ''), app.clock.now().getTime())!.page).toBe(stored);
  });

  it('the detail and the neighbour page: the one who blocked reads why, the blocked one reads "not found"', async () => {
    const { ana, bruno, anaDrill, brunoLadder } = await neighbours();
    await (await app.apiOf(ana)).blocks.block({ userId: bruno.id });
    await expectError((await app.apiOf(ana)).listings.byId({ id: brunoLadder }), 'FORBIDDEN', BLOCK_MESSAGES.youBlocked);
    await expectError((await app.apiOf(bruno)).listings.byId({ id: anaDrill }), 'NOT_FOUND', LISTING_MESSAGES.notFound);
    await expectError((await app.apiOf(ana)).users.neighbour({ id: bruno.id }), 'FORBIDDEN', BLOCK_MESSAGES.youBlocked);
    await expectError((await app.apiOf(bruno)).users.neighbour({ id: ana.id }), 'NOT_FOUND', NEIGHBOUR_MESSAGES.notFound);
    // The page's reviews are read apart: the same answers.
    await expectError((await app.apiOf(ana)).reviews.forUser({ userId: bruno.id }), 'FORBIDDEN', BLOCK_MESSAGES.youBlocked);
    await expectError((await app.apiOf(bruno)).reviews.forUser({ userId: ana.id }), 'NOT_FOUND', NEIGHBOUR_MESSAGES.notFound);
  });

  it("a review by someone the viewer is blocked from leaves the viewer's list of anyone's reviews; others still read it", async () => {
    const { ana, bruno, carla, openOrderId } = await neighbours();
    const dave = await app.createUser({ fullName: 'Davi Quarto' });
    const [anaApi, brunoApi] = [await app.apiOf(ana), await app.apiOf(bruno)];
    await anaApi.orders.approve({ id: openOrderId });
    await anaApi.orders.markDelivered({ id: openOrderId });
    await anaApi.orders.complete({ id: openOrderId });
    await brunoApi.reviews.create({ orderId: openOrderId, rating: 5, comment: 'Furadeira ótima' });
    await anaApi.reviews.create({ orderId: openOrderId, rating: 4 });
    const reviewers = async (viewer: TestUser) => (await (await app.apiOf(viewer)).reviews.forUser({ userId: ana.id })).items.map((item) => item.reviewer.id);
    expect(await reviewers(carla)).toEqual([bruno.id]);

    await (await app.apiOf(carla)).blocks.block({ userId: bruno.id });
    expect(await reviewers(carla)).toEqual([]);
    expect(await reviewers(dave)).toEqual([bruno.id]);
    // The rating still counts it: the block hides a person, not what happened.
    expect((await (await app.apiOf(carla)).reviews.forUser({ userId: ana.id })).summary).toEqual({ average: 5, count: 1 });
  });

  it('neither can order from the other (nothing written, nobody told); the order already open runs to its end', async () => {
    const { ana, bruno, anaDrill, brunoLessons, openOrderId } = await neighbours();
    await (await app.apiOf(ana)).blocks.block({ userId: bruno.id });
    const eventsBefore = await app.db.selectFrom('events').select('id').where('user_id', 'in', [ana.id, bruno.id]).execute();
    const ordersBefore = await app.db.selectFrom('orders').select('id').where('listing_id', 'in', [anaDrill, brunoLessons]).execute();
    await expectError(
      (await app.apiOf(bruno)).orders.create({ listingId: anaDrill, startDate: '2026-12-01', endDate: '2026-12-02' }),
      'NOT_FOUND',
      ORDER_MESSAGES.listingUnavailable,
    );
    await expectError((await app.apiOf(ana)).orders.create({ listingId: brunoLessons, deliveryMethod: 'pickup' }), 'FORBIDDEN', BLOCK_MESSAGES.youBlocked);
    expect(await app.db.selectFrom('orders').select('id').where('listing_id', 'in', [anaDrill, brunoLessons]).execute()).toEqual(ordersBefore);
    // No live event, no notification reached either of them.
    expect(await app.db.selectFrom('events').select('id').where('user_id', 'in', [ana.id, bruno.id]).execute()).toEqual(eventsBefore);

    await (await app.apiOf(ana)).orders.approve({ id: openOrderId });
    await (await app.apiOf(ana)).orders.markDelivered({ id: openOrderId });
    await (await app.apiOf(ana)).orders.complete({ id: openOrderId });
    expect((await app.db.selectFrom('orders').select('status').where('id', '=', openOrderId).executeTakeFirstOrThrow()).status).toBe('completed');
  });

  it('neither can write to the other in their open order (nothing stored, no live event); the thread still reads', async () => {
    const { ana, bruno, openOrderId } = await neighbours();
    await (await app.apiOf(bruno)).messages.send({ orderId: openOrderId, body: 'Antes do bloqueio', clientId: randomUUID() });
    await (await app.apiOf(ana)).blocks.block({ userId: bruno.id });
    const eventsBefore = await app.db.selectFrom('events').select('id').where('user_id', 'in', [ana.id, bruno.id]).execute();
    await expectError((await app.apiOf(bruno)).messages.send({ orderId: openOrderId, body: 'Depois', clientId: randomUUID() }), 'FORBIDDEN', BLOCK_MESSAGES.cannotWrite);
    await expectError((await app.apiOf(ana)).messages.send({ orderId: openOrderId, body: 'Depois', clientId: randomUUID() }), 'FORBIDDEN', BLOCK_MESSAGES.cannotWrite);
    expect((await app.db.selectFrom('order_messages').select('body').where('order_id', '=', openOrderId).execute()).map((row) => row.body)).toEqual(['Antes do bloqueio']);
    expect(await app.db.selectFrom('events').select('id').where('user_id', 'in', [ana.id, bruno.id]).execute()).toEqual(eventsBefore);

    const anaThread = await (await app.apiOf(ana)).messages.thread({ orderId: openOrderId });
    expect(anaThread.messages.map((message) => message.body)).toEqual(['Antes do bloqueio']);
    expect(anaThread.blockedByMe).toBe(true);
    // The blocked person is not told.
    expect((await (await app.apiOf(bruno)).messages.thread({ orderId: openOrderId })).blockedByMe).toBe(false);
  });

  it('reaches a session already open (cached), on any instance, as soon as the block commits; unblocking gives everything back', async () => {
    const { ana, bruno, brunoLadder } = await neighbours();
    const brunoSession = await app.deps.sessions.create(app.db, bruno.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    const anaSession = await app.deps.sessions.create(app.db, ana.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    expect((await app.deps.sessions.validate(brunoSession.token))?.user.blockedByIds).toEqual([]);
    expect((await app.deps.sessions.validate(anaSession.token))?.user.blockedIds).toEqual([]);
    await (await app.apiOf(ana)).blocks.block({ userId: bruno.id });
    await eventually(async () => expect((await app.deps.sessions.validate(brunoSession.token))?.user.blockedByIds).toEqual([ana.id]));
    await eventually(async () => expect((await app.deps.sessions.validate(anaSession.token))?.user.blockedIds).toEqual([bruno.id]));

    await (await app.apiOf(ana)).blocks.unblock({ userId: bruno.id });
    await eventually(async () => expect((await app.deps.sessions.validate(brunoSession.token))?.user.blockedByIds).toEqual([]));
    expect((await (await app.apiOf(ana)).listings.byId({ id: brunoLadder })).id).toBe(brunoLadder);
  });
});
