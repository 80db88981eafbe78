import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { ADMIN_ORDERS_LIMIT, ORDER_MESSAGES, type CreateOrderInput, type OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pickupTomorrow } from '../../../test/pickup.ts';
import { forceOrderStatus } from '../../../test/rental-fixtures.ts';

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

let app: TestApp;
let owner: TestUser;
let neighbour: TestUser;
let moderator: TestUser;
let admin: TestUser;
let today: string;
beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser({ fullName: 'Ana Dona' });
  neighbour = await app.createUser({ fullName: 'Bruno Vizinho' });
  moderator = await app.createUser({ roles: ['moderator'] });
  admin = await app.createUser({ roles: ['admin'] });
  today = app.clock.today();
});
afterAll(() => app.close());

const HOUR_MS = 60 * 60 * 1000;

async function api(user: TestUser | null): Promise<Api> {
  return (await app.callerAs(user)).api;
}

/** Created by the user and approved by the moderator: public. */
async function publish(user: TestUser, input: CreateListingInput) {
  const { id } = await (await api(user)).listings.create(input);
  await (await api(moderator)).listings.moderation.approve({ id });
  return id;
}

const rental = (title = 'Furadeira Bosch'): CreateListingInput => ({ type: 'rental', title, description: 'Com maleta', priceCents: 1500 });

function row(id: string) {
  return app.db
    .selectFrom('orders')
    .select(['listing_id', 'owner_id', 'renter_id', 'status', 'total_cents', 'start_date', 'end_date', 'delivery_method', 'delivery_address', 'scheduled_at', 'message'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function ordersOf(listingId: string) {
  return app.db.selectFrom('orders').select(['id', 'status']).where('listing_id', '=', listingId).execute();
}

describe('ordering a rental', () => {
  it('books the chosen days: total = days x daily price, pickup, and the owner is told', async () => {
    const listingId = await publish(owner, rental());
    const startDate = addDays(today, 2);
    const endDate = addDays(today, 4);
    const result = await (await api(neighbour)).orders.create({ listingId, startDate, endDate, message: '  Preciso para montar móveis  ' });
    expect(result).toEqual({ id: expect.any(String), message: 'Solicitação registrada! Combine a retirada com o anunciante pelo WhatsApp.' });
    expect(await row(result.id)).toEqual({
      listing_id: listingId,
      owner_id: owner.id,
      renter_id: neighbour.id,
      status: 'pending',
      total_cents: 4500,
      start_date: startDate,
      end_date: endDate,
      delivery_method: 'pickup',
      delivery_address: null,
      scheduled_at: null,
      message: 'Preciso para montar móveis',
    });
    const [day, month, year] = [startDate.slice(8), startDate.slice(5, 7), startDate.slice(0, 4)];
    const notification = await app.db.selectFrom('notifications').select(['user_id', 'type', 'title', 'message']).where('related_id', '=', result.id).executeTakeFirstOrThrow();
    expect(notification).toMatchObject({ user_id: owner.id, type: 'order_status', title: 'Novo pedido recebido' });
    expect(notification.message).toBe(`Bruno Vizinho quer alugar "Furadeira Bosch" de ${day}/${month}/${year} a ${endDate.slice(8)}/${endDate.slice(5, 7)}/${endDate.slice(0, 4)}.`);
  });

  it('accepts today alone (1 day) and 30 days', async () => {
    const listingId = await publish(owner, rental());
    const caller = await api(neighbour);
    const oneDay = await caller.orders.create({ listingId, startDate: today, endDate: today });
    expect((await row(oneDay.id)).total_cents).toBe(1500);
    const thirtyDays = await caller.orders.create({ listingId, startDate: addDays(today, 1), endDate: addDays(today, 30) });
    expect((await row(thirtyDays.id)).total_cents).toBe(45000);
  });

  it('ignores a tampered total and every field the client must not send', async () => {
    const listingId = await publish(owner, rental());
    const tampered = {
      listingId,
      startDate: addDays(today, 1),
      endDate: addDays(today, 3),
      totalCents: 1,
      total_price: 1,
      priceCents: 1,
      status: 'completed',
      ownerId: neighbour.id,
      renterId: owner.id,
    } as CreateOrderInput;
    const { id } = await (await api(neighbour)).orders.create(tampered);
    expect(await row(id)).toMatchObject({ total_cents: 4500, status: 'pending', owner_id: owner.id, renter_id: neighbour.id });
  });

  it('refuses bad periods with the exact message, storing nothing', async () => {
    const listingId = await publish(owner, rental());
    const caller = await api(neighbour);
    const cases: [Partial<CreateOrderInput>, string][] = [
      [{}, ORDER_MESSAGES.periodRequired],
      [{ startDate: addDays(today, 1) }, ORDER_MESSAGES.periodRequired],
      [{ endDate: addDays(today, 1) }, ORDER_MESSAGES.periodRequired],
      // 0 days: the end before the start.
      [{ startDate: addDays(today, 3), endDate: addDays(today, 2) }, ORDER_MESSAGES.invalidPeriod],
      [{ startDate: addDays(today, 1), endDate: addDays(today, 31) }, ORDER_MESSAGES.invalidPeriod],
      [{ startDate: addDays(today, -1), endDate: addDays(today, 1) }, ORDER_MESSAGES.invalidPeriod],
      [{ startDate: addDays(today, -3), endDate: addDays(today, -2) }, ORDER_MESSAGES.invalidPeriod],
      [{ startDate: '2026-02-30', endDate: '2026-03-02' }, ORDER_MESSAGES.invalidPeriod],
    ];
    for (const [period, message] of cases) {
      await expectError(caller.orders.create({ listingId, ...period }), 'BAD_REQUEST', message);
    }
    expect(await ordersOf(listingId)).toEqual([]);
  });

  it('refuses days held by a pending, approved or in-progress order; rejected, cancelled and completed ones free them', async () => {
    const listingId = await publish(owner, rental());
    const first = await api(neighbour);
    const second = await api(await app.createUser());
    const period = { startDate: addDays(today, 5), endDate: addDays(today, 7) };
    const { id } = await first.orders.create({ listingId, ...period });
    for (const status of ['pending', 'approved', 'in_progress'] as const) {
      await forceOrderStatus(app, id, status);
      await expectError(second.orders.create({ listingId, startDate: addDays(today, 7), endDate: addDays(today, 9) }), 'CONFLICT', ORDER_MESSAGES.invalidPeriod);
    }
    // The day after the period is free.
    await expect(second.orders.create({ listingId, startDate: addDays(today, 8), endDate: addDays(today, 9) })).resolves.toBeTruthy();
    for (const status of ['rejected', 'cancelled', 'completed'] as const) {
      await forceOrderStatus(app, id, status);
      const again = await second.orders.create({ listingId, ...period });
      await forceOrderStatus(app, again.id, 'cancelled');
    }
  });

  it('shows the calendar the days held by other orders, and today in the condominium', async () => {
    const listingId = await publish(owner, rental());
    const caller = await api(neighbour);
    const held = await caller.orders.create({ listingId, startDate: addDays(today, 1), endDate: addDays(today, 2) });
    const approved = await caller.orders.create({ listingId, startDate: addDays(today, 10), endDate: addDays(today, 12) });
    await forceOrderStatus(app, approved.id, 'approved');
    const freed = await caller.orders.create({ listingId, startDate: addDays(today, 5), endDate: addDays(today, 6) });
    await forceOrderStatus(app, freed.id, 'rejected');
    expect(held.id).toBeTruthy();

    expect(await caller.orders.occupiedDates({ listingId })).toEqual({
      ranges: [
        { start: addDays(today, 1), end: addDays(today, 2) },
        { start: addDays(today, 10), end: addDays(today, 12) },
      ],
      today,
    });
    const food = await publish(owner, { type: 'food', title: 'Bolo', description: 'Caseiro', priceCents: 3500 });
    expect(await caller.orders.occupiedDates({ listingId: food })).toEqual({ ranges: [], today });
    await (await api(owner)).listings.pause({ id: listingId });
    await expectError(caller.orders.occupiedDates({ listingId }), 'NOT_FOUND', ORDER_MESSAGES.listingUnavailable);
  });
});

describe('ordering food and services', () => {
  it('uses the first delivery option by default and the unit price as the total', async () => {
    const listingId = await publish(owner, { type: 'food', title: 'Bolo de cenoura', description: 'Caseiro', priceCents: 3500, deliveryOptions: ['pickup', 'delivery'] });
    const result = await (await api(neighbour)).orders.create({ listingId, startDate: today, endDate: addDays(today, 2), scheduledAt: pickupTomorrow(app.clock) });
    expect(result.message).toBe('Pedido registrado! Combine a entrega com o anunciante pelo WhatsApp.');
    expect(await row(result.id)).toMatchObject({ total_cents: 3500, delivery_method: 'pickup', start_date: null, end_date: null });
  });

  it('delivery needs an address; an option the listing does not offer is refused', async () => {
    const listingId = await publish(owner, { type: 'food', title: 'Marmita', description: 'Fit', priceCents: 2500, deliveryOptions: ['delivery'] });
    const caller = await api(neighbour);
    await expectError(caller.orders.create({ listingId }), 'BAD_REQUEST', ORDER_MESSAGES.addressRequired);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'delivery', deliveryAddress: '   ' }), 'BAD_REQUEST', ORDER_MESSAGES.addressRequired);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup' }), 'BAD_REQUEST', ORDER_MESSAGES.deliveryNotOffered);
    expect(await ordersOf(listingId)).toEqual([]);
    const { id } = await caller.orders.create({ listingId, deliveryMethod: 'delivery', deliveryAddress: 'Bloco B, apto 204' });
    expect(await row(id)).toMatchObject({ delivery_method: 'delivery', delivery_address: 'Bloco B, apto 204' });
  });

  it('scheduled needs a date and time in the future', async () => {
    const listingId = await publish(owner, { type: 'service', title: 'Aula de violão', description: 'Iniciantes', priceCents: 6000, priceUnit: 'hour', deliveryOptions: ['scheduled'] });
    const caller = await api(neighbour);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'scheduled' }), 'BAD_REQUEST', ORDER_MESSAGES.scheduleRequired);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'scheduled', scheduledAt: new Date(app.clock.now().getTime() - HOUR_MS) }), 'BAD_REQUEST', ORDER_MESSAGES.schedulePast);
    await expectError(caller.orders.create({ listingId, scheduledAt: 'amanhã às 10h' }), 'BAD_REQUEST', ORDER_MESSAGES.invalidSchedule);
    const scheduledAt = new Date(app.clock.now().getTime() + 24 * HOUR_MS);
    const result = await caller.orders.create({ listingId, scheduledAt: scheduledAt.toISOString() });
    expect(result.message).toBe('Pedido enviado com sucesso! Combine os detalhes com o prestador pelo WhatsApp.');
    expect(await row(result.id)).toMatchObject({ delivery_method: 'scheduled', scheduled_at: scheduledAt, total_cents: 6000 });
  });

  it('advance-order food refuses a time sooner than the minimum notice, with the message in days', async () => {
    const listingId = await publish(owner, {
      type: 'food',
      title: 'Bolo de festa',
      description: 'Sob encomenda',
      priceCents: 9000,
      deliveryOptions: ['pickup', 'scheduled'],
      requiresAdvanceOrder: true,
      minimumNoticeHours: 48,
    });
    const caller = await api(neighbour);
    const soon = new Date(app.clock.now().getTime() + 47 * HOUR_MS).toISOString();
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'scheduled', scheduledAt: soon }), 'BAD_REQUEST', 'Este produto requer pelo menos 2 dias de antecedência');
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: soon }), 'BAD_REQUEST', 'Este produto requer pelo menos 2 dias de antecedência');
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup' }), 'BAD_REQUEST', ORDER_MESSAGES.scheduleRequired);
    expect(await ordersOf(listingId)).toEqual([]);
    const { id } = await caller.orders.create({ listingId, deliveryMethod: 'scheduled', scheduledAt: new Date(app.clock.now().getTime() + 49 * HOUR_MS) });
    expect((await row(id)).status).toBe('pending');
  });

  it("a service priced per hour: both sides' cards, the conversation and the owner's notice say its hours and their total", async () => {
    const listingId = await publish(owner, { type: 'service', title: 'Passar roupa', description: 'Por hora', priceCents: 3000, priceUnit: 'hour' });
    const { id } = await (await api(neighbour)).orders.create({ listingId, deliveryMethod: 'pickup', hours: 3 });
    const mine = (await (await api(neighbour)).orders.mine({ tab: 'all' })).items.find((item) => item.id === id);
    const received = (await (await api(owner)).orders.received({ tab: 'pending' })).items.find((item) => item.id === id);
    for (const card of [mine, received]) expect(card).toMatchObject({ hours: 3, totalCents: 9000 });
    expect((await (await api(neighbour)).messages.thread({ orderId: id })).order).toMatchObject({ hours: 3, totalCents: 9000, deliveryMethod: 'pickup' });
    const notice = await app.db.selectFrom('notifications').select(['message']).where('related_id', '=', id).executeTakeFirstOrThrow();
    expect(notice.message).toBe('Bruno Vizinho solicitou o serviço "Passar roupa" por 3 horas.');
    // Anything not priced per hour carries no hours.
    const food = await publish(owner, { type: 'food', title: 'Pão de queijo', description: 'Congelado', priceCents: 2000, deliveryOptions: ['delivery'] });
    const { id: dish } = await (await api(neighbour)).orders.create({ listingId: food, deliveryMethod: 'delivery', deliveryAddress: 'Bloco C', hours: 3 });
    expect((await (await api(owner)).orders.received({ tab: 'pending' })).items.find((item) => item.id === dish)).toMatchObject({ hours: null, totalCents: 2000 });
  });

  it('refuses a message over 500 characters', async () => {
    const listingId = await publish(owner, { type: 'service', title: 'Faxina', description: 'Diarista', priceCents: 15000 });
    await expectError((await api(neighbour)).orders.create({ listingId, message: 'x'.repeat(501) }), 'BAD_REQUEST', ORDER_MESSAGES.messageTooLong);
  });
});

describe('what can be ordered', () => {
  it('the owner cannot order their own listing', async () => {
    const listingId = await publish(owner, rental());
    await expectError((await api(owner)).orders.create({ listingId, startDate: today, endDate: today }), 'FORBIDDEN', ORDER_MESSAGES.ownListing);
    expect(await ordersOf(listingId)).toEqual([]);
  });

  it('only active public listings: pending, paused, expired, deleted and made-up ones are refused', async () => {
    const caller = await api(neighbour);
    const ownerApi = await api(owner);
    const pending = (await ownerApi.listings.create(rental())).id;
    const pausedByOwner = await publish(owner, rental());
    await ownerApi.listings.pause({ id: pausedByOwner });
    const pausedByAdmin = await publish(owner, rental());
    await (await api(admin)).listings.moderation.pause({ id: pausedByAdmin });
    const expired = await publish(owner, rental());
    await app.db.updateTable('listings').set({ expires_at: new Date(app.clock.now().getTime() - 1000) }).where('id', '=', expired).execute();
    const deleted = await publish(owner, rental());
    await ownerApi.listings.delete({ id: deleted });

    for (const listingId of [pending, pausedByOwner, pausedByAdmin, expired, deleted, '00000000-0000-4000-8000-000000000000']) {
      await expectError(caller.orders.create({ listingId, startDate: today, endDate: today }), 'NOT_FOUND', ORDER_MESSAGES.listingUnavailable);
      expect(await ordersOf(listingId)).toEqual([]);
    }
  });

  it("a suspended owner's listing cannot be ordered", async () => {
    const seller = await app.createUser();
    const listingId = await publish(seller, rental());
    await app.db.updateTable('users').set({ is_suspended: true }).where('id', '=', seller.id).execute();
    await expectError((await api(neighbour)).orders.create({ listingId, startDate: today, endDate: today }), 'NOT_FOUND', ORDER_MESSAGES.listingUnavailable);
  });
});

describe('my orders and received orders', () => {
  it('count and filter each tab; each side sees the other by name, apartment and phone only', async () => {
    const seller = await app.createUser({ fullName: 'Juliana Vendedora' });
    const buyer = await app.createUser({ fullName: 'Pedro Comprador' });
    const listingId = await publish(seller, { type: 'service', title: 'Passeio com cães', description: 'Praça', priceCents: 3000 });
    const buyerApi = await api(buyer);
    const ids = {} as Record<OrderStatus, string>;
    for (const status of ['pending', 'approved', 'in_progress', 'completed', 'rejected', 'cancelled'] as const) {
      // Each order a second after the last: the clock stands still unless moved, and the lists are newest first.
      app.clock.advance(1000);
      ids[status] = (await buyerApi.orders.create({ listingId, message: status, confirmDuplicate: true })).id;
      if (status !== 'pending') await forceOrderStatus(app, ids[status], status);
    }

    const mine = await buyerApi.orders.mine();
    expect(mine.counters).toEqual({ total: 6, pending: 1, active: 2, finished: 3 });
    expect(mine.items.map((item) => item.id)).toEqual(Object.values(ids).reverse());
    expect((await buyerApi.orders.mine({ tab: 'pending' })).items.map((item) => item.status)).toEqual(['pending']);
    expect((await buyerApi.orders.mine({ tab: 'active' })).items.map((item) => item.status)).toEqual(['in_progress', 'approved']);
    expect((await buyerApi.orders.mine({ tab: 'finished' })).items.map((item) => item.status)).toEqual(['cancelled', 'rejected', 'completed']);

    const completed = mine.items.find((item) => item.id === ids.completed)!;
    expect(completed).toMatchObject({
      listing: { id: listingId, title: 'Passeio com cães', type: 'service', imageCardUrl: null },
      counterpart: { id: seller.id, fullName: 'Juliana Vendedora', apartment: 'A-101', phone: '11987654321' },
      totalCents: 3000,
      startDate: null,
      days: null,
      deliveryMethod: 'pickup',
      canReview: true,
      reviewed: false,
    });
    expect(completed.completedAt).toBeInstanceOf(Date);
    expect(mine.items.filter((item) => item.canReview).map((item) => item.id)).toEqual([ids.completed]);
    expect(JSON.stringify(mine)).not.toContain(seller.email);

    const sellerApi = await api(seller);
    const received = await sellerApi.orders.received();
    expect(received.counters).toEqual({ pending: 1, approved: 1, active: 1, finished: 3 });
    expect(received.items.map((item) => item.id)).toEqual([ids.pending]);
    expect(received.items[0]).toMatchObject({ counterpart: { id: buyer.id, fullName: 'Pedro Comprador', apartment: 'A-101', phone: '11987654321' }, message: 'pending', canReview: false });
    expect((await sellerApi.orders.received({ tab: 'approved' })).items.map((item) => item.id)).toEqual([ids.approved]);
    expect((await sellerApi.orders.received({ tab: 'active' })).items.map((item) => item.id)).toEqual([ids.in_progress]);
    expect((await sellerApi.orders.received({ tab: 'finished' })).items).toHaveLength(3);
    expect(JSON.stringify(received)).not.toContain(buyer.email);
    // Nobody sees someone else's orders on their screens.
    expect((await (await api(neighbour)).orders.received({ tab: 'finished' })).items.map((item) => item.id)).not.toContain(ids.completed);
  });

  it("shows a rental's days and, once the listing is deleted, 'Item removido' (listing null)", async () => {
    const listingId = await publish(owner, rental('Projetor'));
    const buyer = await app.createUser();
    const buyerApi = await api(buyer);
    const { id } = await buyerApi.orders.create({ listingId, startDate: addDays(today, 1), endDate: addDays(today, 3) });
    const [item] = (await buyerApi.orders.mine()).items;
    expect(item).toMatchObject({ id, days: 3, startDate: addDays(today, 1), endDate: addDays(today, 3), totalCents: 4500 });
    await (await api(owner)).listings.delete({ id: listingId });
    expect((await buyerApi.orders.mine()).items[0]).toMatchObject({ id, listing: null });
  });

  it('refuses an unknown tab', async () => {
    await expectError((await api(neighbour)).orders.mine({ tab: 'todos' as 'all' }), 'BAD_REQUEST', ORDER_MESSAGES.invalidTab);
  });
});

describe("the 'Disponível' chip", () => {
  it('leaves out rentals that are out now (in progress) or approved for a period covering today', async () => {
    const word = `chip${Date.now()}`;
    const free = await publish(owner, rental(`Furadeira ${word}`));
    const approvedToday = await publish(owner, rental(`Escada ${word}`));
    const outNow = await publish(owner, rental(`Bicicleta ${word}`));
    const approvedLater = await publish(owner, rental(`Serra ${word}`));
    const pendingToday = await publish(owner, rental(`Lixadeira ${word}`));
    const caller = await api(neighbour);
    await forceOrderStatus(app, (await caller.orders.create({ listingId: approvedToday, startDate: today, endDate: addDays(today, 1) })).id, 'approved');
    await forceOrderStatus(app, (await caller.orders.create({ listingId: outNow, startDate: addDays(today, 1), endDate: addDays(today, 2) })).id, 'in_progress');
    await forceOrderStatus(app, (await caller.orders.create({ listingId: approvedLater, startDate: addDays(today, 3), endDate: addDays(today, 4) })).id, 'approved');
    await caller.orders.create({ listingId: pendingToday, startDate: today, endDate: today });

    const available = await caller.listings.list({ type: 'rental', search: word, filter: 'available' });
    expect(available.items.map((item) => item.id).sort()).toEqual([free, approvedLater, pendingToday].sort());
    const all = await caller.listings.list({ type: 'rental', search: word });
    expect(all.items).toHaveLength(5);
  });
});

describe('home recent activity', () => {
  it('merges orders (made and received) and notifications, newest first, four shown', async () => {
    const resident = await app.createUser({ fullName: 'Carla Atividade' });
    const residentApi = await api(resident);
    expect(await residentApi.activity.recent()).toEqual([]);

    const theirs = await publish(owner, { type: 'food', title: 'Pão caseiro', description: 'Fermentação natural', priceCents: 1800 });
    const order = await residentApi.orders.create({ listingId: theirs, scheduledAt: pickupTomorrow(app.clock) });
    // The approval a minute later (the clock stands still unless moved): its notification is the newest.
    app.clock.advance(60_000);
    await (await api(owner)).orders.approve({ id: order.id });

    const recent = await residentApi.activity.recent();
    expect(recent).toEqual([
      {
        kind: 'notification',
        id: expect.any(String),
        title: 'Pedido aprovado! 🎉',
        description: expect.stringContaining('"Pão caseiro"'),
        listingType: null,
        createdAt: expect.any(Date),
        target: { kind: 'order', id: order.id, side: 'requester', status: 'approved' },
      },
      {
        kind: 'order',
        id: order.id,
        title: 'Pão caseiro',
        description: 'Seu pedido · Aprovado',
        listingType: 'food',
        createdAt: expect.any(Date),
        target: { kind: 'order', id: order.id, side: 'requester', status: 'approved' },
      },
    ]);

    const own = await publish(resident, { type: 'service', title: 'Conserto de bicicleta', description: 'Rápido', priceCents: 4000 });
    await (await api(neighbour)).orders.create({ listingId: own });
    const more = await residentApi.activity.recent();
    expect(more).toHaveLength(4);
    expect(more.map((item) => item.createdAt.getTime())).toEqual(more.map((item) => item.createdAt.getTime()).sort((a, b) => b - a));
    expect(more).toContainEqual(
      expect.objectContaining({
        kind: 'order',
        title: 'Conserto de bicicleta',
        description: 'Pedido de Bruno Vizinho (A-101) · Pendente',
        listingType: 'service',
        target: expect.objectContaining({ kind: 'order', side: 'owner', status: 'pending' }),
      }),
    );
    // The approval of the resident's own listing leads to its owner view.
    expect(more).toContainEqual(expect.objectContaining({ kind: 'notification', title: 'Anúncio Aprovado! 🎉', target: { kind: 'listing', id: own } }));
  });
});

describe('admin orders', () => {
  it('pages through every order by keyset: newest first, none twice, none missed, even when many share the same moment', async () => {
    const listingId = await publish(owner, { type: 'service', title: 'Aula de violão em grupo', description: 'Turma de sábado', priceCents: 4000 });
    const { id } = await (await api(neighbour)).orders.create({ listingId });
    // 2.5 pages of copies of that order; half of them created at the very same instant (ties broken by id).
    const copies = ADMIN_ORDERS_LIMIT * 2 + ADMIN_ORDERS_LIMIT / 2;
    await sql`CREATE TEMP TABLE order_copies AS SELECT o.* FROM orders o, generate_series(1, ${copies}) WHERE o.id = ${id}`.execute(app.db);
    await sql`UPDATE order_copies SET id = gen_random_uuid(), created_at = created_at - (CASE WHEN random() < 0.5 THEN interval '0' ELSE random() * interval '1 day' END)`.execute(app.db);
    await sql`INSERT INTO orders SELECT * FROM order_copies`.execute(app.db);
    await sql`DROP TABLE order_copies`.execute(app.db);
    const expected = await app.db.selectFrom('orders').select(['id']).where('status', '=', 'pending').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(expected.length).toBeGreaterThan(copies);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<Api['orders']['moderation']['list']>> = await (await api(moderator)).orders.moderation.list({ status: 'pending', cursor });
      expect(page.items.length).toBeLessThanOrEqual(ADMIN_ORDERS_LIMIT);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual(expected.map((row) => row.id));
    await expectError((await api(moderator)).orders.moderation.list({ cursor: 'nao-e-uuid' }), 'BAD_REQUEST', 'Página inválida');
  });

  it('moderators and admins see every order newest first, filtered by status, with both people', async () => {
    const listingId = await publish(owner, { type: 'service', title: 'Aula de inglês', description: 'Conversação', priceCents: 7000 });
    // Made a minute after the file's other orders (the clock stands still unless moved): the newest.
    app.clock.advance(60_000);
    const { id } = await (await api(neighbour)).orders.create({ listingId });
    for (const staff of [moderator, admin]) {
      const list = await (await api(staff)).orders.moderation.list({ status: 'pending' });
      expect(list.items[0]).toMatchObject({
        id,
        status: 'pending',
        listing: { id: listingId, title: 'Aula de inglês', type: 'service', removed: false },
        requester: { id: neighbour.id, fullName: 'Bruno Vizinho', apartment: 'A-101' },
        owner: { id: owner.id, fullName: 'Ana Dona', apartment: 'A-101' },
        totalCents: 7000,
      });
      expect(list.items.every((item) => item.status === 'pending')).toBe(true);
    }
    const all = await (await api(moderator)).orders.moderation.list();
    expect(all.items.length).toBeGreaterThan(1);
    expect(all.items.map((item) => item.createdAt.getTime())).toEqual(all.items.map((item) => item.createdAt.getTime()).sort((a, b) => b - a));
    expect(JSON.stringify(all)).not.toContain(neighbour.email);

    await expectError((await api(moderator)).orders.moderation.approve({ id }), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    await expect((await api(admin)).orders.moderation.reject({ id, reason: 'Pedido duplicado' })).resolves.toEqual({ message: 'Status do pedido atualizado!' });
    expect((await (await api(moderator)).orders.moderation.list({ status: 'rejected' })).items.find((item) => item.id === id)).toMatchObject({ rejectionReason: 'Pedido duplicado' });
  });
});
