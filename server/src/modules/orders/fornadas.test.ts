import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES } from '@vizinhanca/shared/blocks/block.schema';
import { FORNADA_MESSAGES } from '@vizinhanca/shared/fornadas/fornada.schema';
import { pickupTomorrow } from '../../../test/pickup.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { closeFornadasJob, fornadaRemindersJob } from './fornadas.jobs.ts';
import { insertReservation } from './fornadas.repository.ts';

// Fornadas against the real Postgres, on the app clock: Monday 23/11/2026 12:00 in São Paulo.
// The no-oversell rule, the deadline and the portions given back live in the database.

const MONDAY_NOON = new Date('2026-11-23T15:00:00Z');

let app: TestApp;
let seller: TestUser;
let moderator: TestUser;
let dish = 0;

beforeAll(async () => {
  app = await createTestApp({}, { now: MONDAY_NOON });
  seller = await app.createUser({ fullName: 'Marta Forneira' });
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

const api = async (user: TestUser) => (await app.callerAs(user)).api;

async function publishFood(owner = seller) {
  dish += 1;
  const { id } = await (await api(owner)).listings.create({
    type: 'food',
    title: `Lasanha ${dish}`,
    description: 'Bolonhesa, serve uma pessoa',
    priceCents: 2500,
    deliveryOptions: ['pickup', 'delivery'],
  });
  await (await api(moderator)).listings.moderation.approve({ id });
  return id;
}

/** Saturday 28/11, 11h to 13h, orders until Friday 18h. */
const saturdayBatch = (listingId: string, portions: number) => ({
  listingId,
  day: '2026-11-28',
  windowStart: '11:00',
  windowEnd: '13:00',
  portions,
  deadlineDay: '2026-11-27',
  deadlineTime: '18:00',
});

const countFornadas = async () => Number((await app.db.selectFrom('fornadas').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const remainingOf = async (id: string) => (await app.db.selectFrom('fornadas').select('remaining').where('id', '=', id).executeTakeFirstOrThrow()).remaining;

function notificationsOf(userId: string, type: string) {
  return app.db.selectFrom('notifications').select(['title', 'message', 'related_id']).where('user_id', '=', userId).where('type', '=', type as never).execute();
}

describe('opening a fornada', () => {
  it('opens one on an active dish of the seller, with its deadline on the condominium clock', async () => {
    const listingId = await publishFood();
    const { id, message } = await (await api(seller)).fornadas.open(saturdayBatch(listingId, 10));
    expect(message).toBe(FORNADA_MESSAGES.opened);
    const row = await app.db.selectFrom('fornadas').select(['portions', 'remaining', 'starts_at', 'order_deadline', 'day']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ portions: 10, remaining: 10, day: '2026-11-28' });
    expect(row.starts_at.toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(row.order_deadline.toISOString()).toBe('2026-11-27T21:00:00.000Z');
  });

  it('refuses 0 portions, a deadline after the day, a day in the past, a second batch the same day and someone else\'s dish, writing nothing', async () => {
    const listingId = await publishFood();
    const sellerApi = await api(seller);
    await sellerApi.fornadas.open(saturdayBatch(listingId, 5));
    const before = await countFornadas();
    await expectError(sellerApi.fornadas.open(saturdayBatch(listingId, 0)), 'BAD_REQUEST', FORNADA_MESSAGES.invalidPortions);
    await expectError(
      sellerApi.fornadas.open({ ...saturdayBatch(listingId, 5), day: '2026-11-29', deadlineDay: '2026-11-29', deadlineTime: '12:00' }),
      'BAD_REQUEST',
      FORNADA_MESSAGES.deadlineAfterDay,
    );
    await expectError(
      sellerApi.fornadas.open({ ...saturdayBatch(listingId, 5), day: '2026-11-22', deadlineDay: '2026-11-21' }),
      'BAD_REQUEST',
      FORNADA_MESSAGES.dayInPast,
    );
    await expectError(sellerApi.fornadas.open({ ...saturdayBatch(listingId, 5), day: '2026-11-23', deadlineDay: '2026-11-23', deadlineTime: '11:00', windowStart: '14:00', windowEnd: '15:00' }), 'BAD_REQUEST', FORNADA_MESSAGES.deadlinePast);
    await expectError(sellerApi.fornadas.open(saturdayBatch(listingId, 5)), 'CONFLICT', FORNADA_MESSAGES.sameDay);
    const neighbour = await app.createUser();
    await expectError((await api(neighbour)).fornadas.open({ ...saturdayBatch(listingId, 5), day: '2026-11-30' }), 'FORBIDDEN', FORNADA_MESSAGES.notSeller);
    expect(await countFornadas()).toBe(before);
  });

  it('keeps the rules in the table too: a batch written past the service with 0 portions or a late deadline is refused', async () => {
    const listingId = await publishFood();
    const row = {
      listing_id: listingId,
      seller_id: seller.id,
      day: '2026-12-05',
      starts_at: new Date('2026-12-05T14:00:00Z'),
      ends_at: new Date('2026-12-05T16:00:00Z'),
      order_deadline: new Date('2026-12-04T21:00:00Z'),
      portions: 5,
      remaining: 5,
      created_at: MONDAY_NOON,
    };
    await expect(app.db.insertInto('fornadas').values({ ...row, portions: 0, remaining: 0 }).execute()).rejects.toMatchObject({ constraint: 'fornadas_portions_check' });
    await expect(app.db.insertInto('fornadas').values({ ...row, order_deadline: new Date('2026-12-05T15:00:00Z') }).execute()).rejects.toMatchObject({ constraint: 'fornadas_deadline_check' });
  });
});

describe('reserving portions', () => {
  it('is refused across a block, either way, with nothing written', async () => {
    const listingId = await publishFood();
    const { id } = await (await api(seller)).fornadas.open(saturdayBatch(listingId, 10));
    const blocked = await app.createUser();
    await (await api(seller)).blocks.block({ userId: blocked.id });
    const before = await app.db.selectFrom('orders').select('id').where('fornada_id', '=', id).execute();
    // The blocked one reads "not found", as for a batch that does not exist (they are not told).
    await expectError((await api(blocked)).fornadas.reserve({ fornadaId: id, quantity: 1 }), 'NOT_FOUND', FORNADA_MESSAGES.notFound);
    await expectError((await api(blocked)).fornadas.ofListing({ listingId }), 'NOT_FOUND', FORNADA_MESSAGES.listingNotFound);
    expect(await app.db.selectFrom('orders').select('id').where('fornada_id', '=', id).execute()).toEqual(before);

    // The other way: the seller blocked by a resident cannot be reserved from by that resident either.
    const blocker = await app.createUser();
    await (await api(blocker)).blocks.block({ userId: seller.id });
    await expectError((await api(blocker)).fornadas.reserve({ fornadaId: id, quantity: 1 }), 'FORBIDDEN', BLOCK_MESSAGES.youBlocked);
    expect(await app.db.selectFrom('orders').select('id').where('fornada_id', '=', id).execute()).toEqual(before);
  });

  it('gives 100 parallel reservations of the last portion to exactly one; the others read Esgotado', async () => {
    const listingId = await publishFood();
    const { id } = await (await api(seller)).fornadas.open(saturdayBatch(listingId, 3));
    const first = await app.createUser();
    await (await api(first)).fornadas.reserve({ fornadaId: id, quantity: 2 });
    expect(await remainingOf(id)).toBe(1);

    const residents = await Promise.all(Array.from({ length: 100 }, () => app.createUser()));
    const callers = await Promise.all(residents.map((resident) => api(resident)));
    const results = await Promise.allSettled(callers.map((caller) => caller.fornadas.reserve({ fornadaId: id, quantity: 1 })));
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(99);
    expect(new Set(lost.map((result) => (result.reason as Error).message))).toEqual(new Set([FORNADA_MESSAGES.soldOut]));
    expect(await remainingOf(id)).toBe(0);
    const orders = await app.db.selectFrom('orders').select(['quantity', 'status']).where('fornada_id', '=', id).execute();
    expect(orders.reduce((sum, order) => sum + order.quantity, 0)).toBe(3);
    expect(orders.every((order) => order.status === 'approved')).toBe(true);
  });

  it('refuses more portions than are left with how many remain, and after the deadline, writing nothing', async () => {
    const listingId = await publishFood();
    const { id } = await (await api(seller)).fornadas.open(saturdayBatch(listingId, 5));
    const resident = await app.createUser();
    const residentApi = await api(resident);
    await residentApi.fornadas.reserve({ fornadaId: id, quantity: 3, deliveryMethod: 'delivery', deliveryAddress: 'Bloco B, 204' });
    await expectError(residentApi.fornadas.reserve({ fornadaId: id, quantity: 3 }), 'CONFLICT', FORNADA_MESSAGES.notEnough(2));
    await expectError(residentApi.fornadas.reserve({ fornadaId: id, quantity: 0 }), 'BAD_REQUEST', /quantidade/);
    await expectError((await api(seller)).fornadas.reserve({ fornadaId: id, quantity: 1 }), 'FORBIDDEN', FORNADA_MESSAGES.ownFornada);
    // Friday 18:00 has passed, and the closing job has not run yet: the statement itself refuses.
    app.clock.set(new Date('2026-11-27T21:00:01Z'));
    try {
      await expectError(residentApi.fornadas.reserve({ fornadaId: id, quantity: 1 }), 'CONFLICT', FORNADA_MESSAGES.closed);
    } finally {
      app.clock.set(MONDAY_NOON);
    }
    expect(await remainingOf(id)).toBe(2);
    expect(await app.db.selectFrom('orders').select('id').where('fornada_id', '=', id).execute()).toHaveLength(1);
  });

  it('refuses in the database a reservation written after the deadline or above what is left, whoever writes it', async () => {
    const listingId = await publishFood();
    const { id } = await (await api(seller)).fornadas.open(saturdayBatch(listingId, 2));
    const resident = await app.createUser();
    const reservation = {
      id: crypto.randomUUID(),
      fornadaId: id,
      listingId,
      sellerId: seller.id,
      requesterId: resident.id,
      quantity: 1,
      totalCents: 2500,
      deliveryMethod: 'pickup' as const,
      deliveryAddress: null,
      startsAt: new Date('2026-11-28T14:00:00Z'),
      message: null,
      at: new Date('2026-11-27T21:00:00Z'),
    };
    await expect(insertReservation(app.db, reservation)).rejects.toMatchObject({ constraint: 'fornadas_closed' });
    await expect(insertReservation(app.db, { ...reservation, quantity: 3, at: MONDAY_NOON })).rejects.toMatchObject({ constraint: 'fornadas_sold_out' });
    expect(await remainingOf(id)).toBe(2);
  });

  it('gives the portions of a cancelled reservation back to the batch', async () => {
    const listingId = await publishFood();
    const { id } = await (await api(seller)).fornadas.open(saturdayBatch(listingId, 4));
    const residentApi = await api(await app.createUser());
    const { orderId } = await residentApi.fornadas.reserve({ fornadaId: id, quantity: 4 });
    expect(await remainingOf(id)).toBe(0);
    await residentApi.orders.cancel({ id: orderId });
    expect(await remainingOf(id)).toBe(4);
  });

  it('shows the portions left on the dish page and the food cards', async () => {
    const listingId = await publishFood();
    const { id } = await (await api(seller)).fornadas.open(saturdayBatch(listingId, 6));
    const residentApi = await api(await app.createUser());
    const { orderId } = await residentApi.fornadas.reserve({ fornadaId: id, quantity: 6 });
    // The audit entry, written before the order's row, keeps the dish's title.
    const entry = await app.db.selectFrom('audit_log').select(['action', 'target_label']).where('target_id', '=', orderId).executeTakeFirstOrThrow();
    expect(entry.target_label).toMatch(/^Lasanha \d+$/);
    const page = await residentApi.fornadas.ofListing({ listingId });
    expect(page).toMatchObject({ sellerId: seller.id, isSeller: false, following: false, fornadas: [{ id, portions: 6, remaining: 0 }] });
    expect(await residentApi.fornadas.forCards({ listingIds: [listingId] })).toEqual([{ listingId, remaining: 0, takingReservations: true }]);
  });
});

describe('the seller changes or cancels a batch', () => {
  const auditOf = (action: string, fornadaId: string) =>
    app.db.selectFrom('audit_log').select(['actor_id', 'target_type', 'before', 'after']).where('action', '=', action).where(sql<boolean>`after->>'fornadaId' = ${fornadaId}`).execute();

  it('changes the window, deadline and portions; the reservations follow the window, their residents are told, the log has before and after', async () => {
    const listingId = await publishFood();
    const sellerApi = await api(seller);
    const { id } = await sellerApi.fornadas.open(saturdayBatch(listingId, 10));
    const resident = await app.createUser();
    const { orderId } = await (await api(resident)).fornadas.reserve({ fornadaId: id, quantity: 4 });
    const edited = { ...saturdayBatch(listingId, 6), id, windowStart: '15:00', windowEnd: '17:00', deadlineTime: '20:00' };
    expect(await sellerApi.fornadas.edit(edited)).toEqual({ message: FORNADA_MESSAGES.edited });
    const row = await app.db.selectFrom('fornadas').select(['portions', 'remaining', 'starts_at', 'order_deadline']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ portions: 6, remaining: 2 });
    expect(row.starts_at.toISOString()).toBe('2026-11-28T18:00:00.000Z');
    expect(row.order_deadline.toISOString()).toBe('2026-11-27T23:00:00.000Z');
    const order = await app.db.selectFrom('orders').select('scheduled_at').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.scheduled_at?.toISOString()).toBe('2026-11-28T18:00:00.000Z');
    const told = (await notificationsOf(resident.id, 'order_status')).filter((n) => n.title === 'Fornada alterada');
    expect(told).toEqual([{ title: 'Fornada alterada', message: expect.stringContaining('Sábado, 28/11, das 15h às 17h'), related_id: orderId }]);
    const [entry] = await auditOf('listing.fornada_edited', id);
    expect(entry).toMatchObject({ actor_id: seller.id, target_type: 'listing', before: { portions: 10 }, after: { portions: 6 } });
  });

  it('refuses fewer portions than are reserved, a deadline after the day, a past deadline, another seller and a closed batch, writing nothing', async () => {
    const listingId = await publishFood();
    const sellerApi = await api(seller);
    const { id } = await sellerApi.fornadas.open(saturdayBatch(listingId, 10));
    await (await api(await app.createUser())).fornadas.reserve({ fornadaId: id, quantity: 3 });
    await (await api(await app.createUser())).fornadas.reserve({ fornadaId: id, quantity: 2 });
    const terms = { ...saturdayBatch(listingId, 10), id };
    const before = await app.db.selectFrom('fornadas').select(['portions', 'remaining', 'starts_at', 'order_deadline']).where('id', '=', id).executeTakeFirstOrThrow();
    await expectError(sellerApi.fornadas.edit({ ...terms, portions: 4 }), 'CONFLICT', FORNADA_MESSAGES.belowReserved(5));
    await expectError(sellerApi.fornadas.edit({ ...terms, deadlineDay: '2026-11-28', deadlineTime: '12:00' }), 'BAD_REQUEST', FORNADA_MESSAGES.deadlineAfterDay);
    await expectError(sellerApi.fornadas.edit({ ...terms, deadlineDay: '2026-11-23', deadlineTime: '11:00' }), 'BAD_REQUEST', FORNADA_MESSAGES.deadlinePast);
    await expectError(sellerApi.fornadas.edit({ ...terms, portions: 0 }), 'BAD_REQUEST', FORNADA_MESSAGES.invalidPortions);
    await expectError((await api(await app.createUser())).fornadas.edit(terms), 'FORBIDDEN', FORNADA_MESSAGES.notSeller);
    try {
      app.clock.set(new Date('2026-11-27T21:00:01Z'));
      await expectError(sellerApi.fornadas.edit({ ...terms, deadlineDay: '2026-11-28', deadlineTime: '09:00' }), 'CONFLICT', FORNADA_MESSAGES.notOpen);
    } finally {
      app.clock.set(MONDAY_NOON);
    }
    expect(await app.db.selectFrom('fornadas').select(['portions', 'remaining', 'starts_at', 'order_deadline']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await auditOf('listing.fornada_edited', id)).toEqual([]);
    // The database holds the rule whoever writes: the portions never go below the reservations, and what is left is recounted.
    await expect(app.db.updateTable('fornadas').set({ portions: 4, remaining: 4 }).where('id', '=', id).execute()).rejects.toMatchObject({ constraint: 'fornadas_below_reserved' });
    await app.db.updateTable('fornadas').set({ portions: 8, remaining: 8 }).where('id', '=', id).execute();
    expect(await remainingOf(id)).toBe(3);
  });

  it("'Cancelar fornada' cancels its reservations, tells each resident once, leaves the page and the cards, and is on the record", async () => {
    const listingId = await publishFood();
    const sellerApi = await api(seller);
    const { id } = await sellerApi.fornadas.open(saturdayBatch(listingId, 10));
    const twice = await app.createUser();
    const once = await app.createUser();
    const first = await (await api(twice)).fornadas.reserve({ fornadaId: id, quantity: 2 });
    const second = await (await api(twice)).fornadas.reserve({ fornadaId: id, quantity: 1 });
    const third = await (await api(once)).fornadas.reserve({ fornadaId: id, quantity: 3 });
    await expectError((await api(once)).fornadas.cancel({ id }), 'FORBIDDEN', FORNADA_MESSAGES.notSeller);

    expect(await sellerApi.fornadas.cancel({ id })).toEqual({ message: FORNADA_MESSAGES.cancelled });
    const orders = await app.db.selectFrom('orders').select(['id', 'status', 'cancellation_reason']).where('fornada_id', '=', id).orderBy('id').execute();
    const reservationIds = [first.orderId, second.orderId, third.orderId].sort();
    expect(orders).toEqual(reservationIds.map((orderId) => ({ id: orderId, status: 'cancelled', cancellation_reason: FORNADA_MESSAGES.cancelledReason })));
    for (const resident of [twice, once]) {
      const told = (await notificationsOf(resident.id, 'order_status')).filter((n) => n.title === 'Fornada cancelada');
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toMatch(/^Marta Forneira cancelou a fornada de "Lasanha \d+" \(Fornada de sábado, 28\/11\)\. Sua reserva foi cancelada\.$/);
    }
    const [entry] = await auditOf('listing.fornada_cancelled', id);
    expect(entry).toMatchObject({ actor_id: seller.id, target_type: 'listing', after: { cancelledReservations: 3 } });

    const residentApi = await api(once);
    expect((await residentApi.fornadas.ofListing({ listingId })).fornadas).toEqual([]);
    expect(await residentApi.fornadas.forCards({ listingIds: [listingId] })).toEqual([]);
    await expectError(residentApi.fornadas.reserve({ fornadaId: id, quantity: 1 }), 'NOT_FOUND', FORNADA_MESSAGES.notFound);
    await expectError(sellerApi.fornadas.cancel({ id }), 'NOT_FOUND', FORNADA_MESSAGES.notFound);
    // The day is free again for a new batch of the dish.
    await sellerApi.fornadas.open(saturdayBatch(listingId, 5));
  });
});

describe('the batch on its reservations', () => {
  it("labels each reservation with its batch's day on both sides' orders and in the conversation; other orders carry none", async () => {
    const listingId = await publishFood();
    const sellerApi = await api(seller);
    const saturday = await sellerApi.fornadas.open(saturdayBatch(listingId, 10));
    const sunday = await sellerApi.fornadas.open({ ...saturdayBatch(listingId, 10), day: '2026-11-29' });
    const resident = await app.createUser();
    const residentApi = await api(resident);
    const first = await residentApi.fornadas.reserve({ fornadaId: saturday.id, quantity: 1 });
    const second = await residentApi.fornadas.reserve({ fornadaId: sunday.id, quantity: 2 });
    const plain = await residentApi.orders.create({ listingId, quantity: 1, deliveryMethod: 'pickup', scheduledAt: pickupTomorrow(app.clock) });

    const dayOf = (items: { id: string; fornadaDay: string | null }[], id: string) => items.find((item) => item.id === id)?.fornadaDay;
    const mine = (await residentApi.orders.mine({ tab: 'all' })).items;
    expect([dayOf(mine, first.orderId), dayOf(mine, second.orderId), dayOf(mine, plain.id)]).toEqual(['2026-11-28', '2026-11-29', null]);
    const received = [...(await sellerApi.orders.received({ tab: 'approved' })).items, ...(await sellerApi.orders.received({ tab: 'pending' })).items];
    expect([dayOf(received, first.orderId), dayOf(received, second.orderId), dayOf(received, plain.id)]).toEqual(['2026-11-28', '2026-11-29', null]);
    expect((await residentApi.messages.thread({ orderId: second.orderId })).order.fornadaDay).toBe('2026-11-29');
    expect((await sellerApi.messages.thread({ orderId: first.orderId })).order.fornadaDay).toBe('2026-11-28');
    expect((await sellerApi.messages.thread({ orderId: plain.id })).order.fornadaDay).toBeNull();
  });
});

describe('the seller\'s list and the day', () => {
  it('lists who reserved how many, delivery or pickup, with totals, for the seller only; marks all delivered at once', async () => {
    const listingId = await publishFood();
    const sellerApi = await api(seller);
    const { id } = await sellerApi.fornadas.open(saturdayBatch(listingId, 10));
    const ana = await app.createUser({ fullName: 'Ana Reservou' });
    const bruno = await app.createUser({ fullName: 'Bruno Reservou' });
    await (await api(ana)).fornadas.reserve({ fornadaId: id, quantity: 6 });
    await (await api(bruno)).fornadas.reserve({ fornadaId: id, quantity: 4, deliveryMethod: 'delivery', deliveryAddress: 'Bloco C, 302' });
    const list = await sellerApi.fornadas.orderList({ id });
    expect(list.items.map((item) => [item.fullName, item.quantity, item.deliveryMethod, item.totalCents])).toEqual([
      ['Ana Reservou', 6, 'pickup', 15000],
      ['Bruno Reservou', 4, 'delivery', 10000],
    ]);
    expect(list).toMatchObject({ totalPortions: 10, totalCents: 25000, fornada: { remaining: 0, listingTitle: expect.stringContaining('Lasanha') } });
    await expectError((await api(ana)).fornadas.orderList({ id }), 'FORBIDDEN', FORNADA_MESSAGES.notSeller);
    await expectError((await api(ana)).fornadas.markAllDelivered({ id }), 'FORBIDDEN', FORNADA_MESSAGES.notSeller);

    expect(await sellerApi.fornadas.markAllDelivered({ id })).toEqual({ message: FORNADA_MESSAGES.allDelivered(2) });
    const statuses = await app.db.selectFrom('orders').select('status').where('fornada_id', '=', id).execute();
    expect(statuses.map((row) => row.status)).toEqual(['in_progress', 'in_progress']);
    await expectError(sellerApi.fornadas.markAllDelivered({ id }), 'CONFLICT', FORNADA_MESSAGES.nothingToDeliver);
  });

  it('closes the batch by itself at the deadline and tells the seller once', async () => {
    const listingId = await publishFood();
    const { id } = await (await api(seller)).fornadas.open(saturdayBatch(listingId, 8));
    await (await api(await app.createUser())).fornadas.reserve({ fornadaId: id, quantity: 3 });
    try {
      app.clock.set(new Date('2026-11-27T20:59:00Z'));
      await closeFornadasJob.run(app.deps);
      expect((await app.db.selectFrom('fornadas').select('closed_at').where('id', '=', id).executeTakeFirstOrThrow()).closed_at).toBeNull();
      app.clock.set(new Date('2026-11-27T21:00:30Z'));
      await closeFornadasJob.run(app.deps);
      await closeFornadasJob.run(app.deps);
      const row = await app.db.selectFrom('fornadas').select('closed_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.closed_at?.toISOString()).toBe('2026-11-27T21:00:30.000Z');
      const told = (await notificationsOf(seller.id, 'fornada_closed')).filter((n) => n.related_id === id);
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain('3 de 8 porções reservadas');
      // Closed: even with the clock put back before the deadline, the batch takes no more.
      app.clock.set(MONDAY_NOON);
      await expectError((await api(await app.createUser())).fornadas.reserve({ fornadaId: id, quantity: 1 }), 'CONFLICT', FORNADA_MESSAGES.closed);
    } finally {
      app.clock.set(MONDAY_NOON);
    }
  });

  it('reminds everyone with a reservation on the day, from 08:00, once however often the job runs', async () => {
    const listingId = await publishFood();
    const { id } = await (await api(seller)).fornadas.open({ ...saturdayBatch(listingId, 5), day: '2026-11-25', deadlineDay: '2026-11-24' });
    const stays = await app.createUser();
    const leaves = await app.createUser();
    await (await api(stays)).fornadas.reserve({ fornadaId: id, quantity: 2 });
    const cancelled = await (await api(leaves)).fornadas.reserve({ fornadaId: id, quantity: 1 });
    await (await api(leaves)).orders.cancel({ id: cancelled.orderId });
    try {
      app.clock.set(new Date('2026-11-25T10:30:00Z')); // 07:30 in São Paulo
      await fornadaRemindersJob.run(app.deps);
      expect(await notificationsOf(stays.id, 'reminder_pickup')).toEqual([]);
      app.clock.set(new Date('2026-11-25T12:00:00Z')); // 09:00
      await fornadaRemindersJob.run(app.deps);
      await fornadaRemindersJob.run(app.deps);
      app.clock.set(new Date('2026-11-25T16:00:00Z'));
      await fornadaRemindersJob.run(app.deps);
      const reminders = await notificationsOf(stays.id, 'reminder_pickup');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toMatchObject({ title: 'Hoje é dia de fornada' });
      expect(reminders[0]!.message).toContain('das 11h às 13h');
      expect(await notificationsOf(leaves.id, 'reminder_pickup')).toEqual([]);
    } finally {
      app.clock.set(MONDAY_NOON);
    }
  });
});

describe('following a seller', () => {
  it('tells followers when a new batch opens, never those who stopped following or are blocked', async () => {
    const baker = await app.createUser({ fullName: 'Paula Padeira' });
    const listingId = await publishFood(baker);
    const follower = await app.createUser();
    const stopped = await app.createUser();
    const blocked = await app.createUser();
    const stranger = await app.createUser();
    expect(await (await api(follower)).fornadas.follow({ sellerId: baker.id, following: true })).toEqual({ following: true, message: FORNADA_MESSAGES.followed });
    await (await api(stopped)).fornadas.follow({ sellerId: baker.id, following: true });
    await (await api(stopped)).fornadas.follow({ sellerId: baker.id, following: false });
    await (await api(blocked)).fornadas.follow({ sellerId: baker.id, following: true });
    await (await api(baker)).blocks.block({ userId: blocked.id });
    await expectError((await api(baker)).fornadas.follow({ sellerId: baker.id, following: true }), 'BAD_REQUEST', FORNADA_MESSAGES.followSelf);
    expect((await (await api(follower)).fornadas.ofListing({ listingId })).following).toBe(true);

    await (await api(baker)).fornadas.open(saturdayBatch(listingId, 12));
    const told = await notificationsOf(follower.id, 'fornada_opened');
    expect(told).toEqual([{ title: 'Nova fornada!', message: expect.stringContaining('Paula Padeira abriu uma fornada de "Lasanha'), related_id: listingId }]);
    expect(told[0]!.message).toContain('Sábado, 28/11, das 11h às 13h');
    for (const other of [stopped, blocked, stranger]) expect(await notificationsOf(other.id, 'fornada_opened')).toEqual([]);
  });
});
