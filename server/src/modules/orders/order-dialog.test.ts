import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES, type CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pickupTomorrow } from '../../../test/pickup.ts';

// The order dialog: food by quantity, a time for home
// services, and a warning before a second pending order for the same thing.

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

let app: TestApp;
let owner: TestUser;
let neighbour: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser({ fullName: 'Juliana Cozinha' });
  neighbour = await app.createUser({ fullName: 'Ana Vizinha' });
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

const HOUR_MS = 60 * 60 * 1000;

async function api(user: TestUser): Promise<Api> {
  return (await app.callerAs(user)).api;
}

async function publish(input: CreateListingInput) {
  const { id } = await (await api(owner)).listings.create(input);
  await (await api(moderator)).listings.moderation.approve({ id });
  return id;
}

function ordersOf(listingId: string) {
  return app.db.selectFrom('orders').select(['id', 'quantity', 'total_cents', 'scheduled_at']).where('listing_id', '=', listingId).execute();
}

const marmita = (overrides: Partial<Extract<CreateListingInput, { type: 'food' }>> = {}): CreateListingInput => ({
  type: 'food',
  title: 'Marmita fit',
  description: 'Frango e legumes',
  priceCents: 2500,
  ...overrides,
});

describe('food by quantity', () => {
  it('orders 3 portions: total = 3 x price, and the owner sees the quantity on the card and in the notification', async () => {
    const listingId = await publish(marmita());
    const pickupAt = pickupTomorrow(app.clock);
    const { id } = await (await api(neighbour)).orders.create({ listingId, quantity: 3, scheduledAt: pickupAt });
    expect(await ordersOf(listingId)).toEqual([{ id, quantity: 3, total_cents: 7500, scheduled_at: pickupAt }]);

    const received = await (await api(owner)).orders.received({ tab: 'pending' });
    expect(received.items.find((item) => item.id === id)).toMatchObject({ quantity: 3, totalCents: 7500 });
    const mine = await (await api(neighbour)).orders.mine({ tab: 'pending' });
    expect(mine.items.find((item) => item.id === id)).toMatchObject({ quantity: 3 });
    const notification = await app.db.selectFrom('notifications').select('message').where('related_id', '=', id).executeTakeFirstOrThrow();
    expect(notification.message).toBe('Ana Vizinha fez um pedido de 3 × "Marmita fit". Retirada em 24/11/2026 às 12:00.');
  });

  it('refuses 0, 1000 and more than the portions the owner offers, writing nothing', async () => {
    const listingId = await publish(marmita({ maxPortions: 4 }));
    const caller = await api(neighbour);
    await expectError(caller.orders.create({ listingId, quantity: 0 }), 'BAD_REQUEST', ORDER_MESSAGES.invalidQuantity);
    await expectError(caller.orders.create({ listingId, quantity: 1000 }), 'BAD_REQUEST', ORDER_MESSAGES.invalidQuantity);
    await expectError(caller.orders.create({ listingId, quantity: 2.5 }), 'BAD_REQUEST', ORDER_MESSAGES.invalidQuantity);
    await expectError(caller.orders.create({ listingId, quantity: 5 }), 'BAD_REQUEST', 'Este anúncio aceita no máximo 4 porções por pedido');
    expect(await ordersOf(listingId)).toEqual([]);
    const { id } = await caller.orders.create({ listingId, quantity: 4, scheduledAt: pickupTomorrow(app.clock) });
    expect((await ordersOf(listingId))[0]).toMatchObject({ id, quantity: 4, total_cents: 10000 });
  });

  it('the database refuses more portions than offered, whatever path writes the order', async () => {
    const limited = await publish(marmita({ maxPortions: 2 }));
    const unlimited = await publish(marmita());
    const insert = (listingId: string, quantity: number) =>
      app.db
        .insertInto('orders')
        .values({ listing_id: listingId, owner_id: owner.id, renter_id: neighbour.id, total_cents: 2500 * quantity, quantity, delivery_method: 'pickup' })
        .execute();
    await expect(insert(limited, 3)).rejects.toMatchObject({ constraint: 'orders_quantity_portions_check' });
    await expect(insert(unlimited, 100)).rejects.toMatchObject({ constraint: 'orders_quantity_check' });
    expect([...(await ordersOf(limited)), ...(await ordersOf(unlimited))]).toEqual([]);
  });

  it('a service or a rental is always one, whatever the client sends', async () => {
    const listingId = await publish({ type: 'service', title: 'Faxina', description: 'Diarista', priceCents: 15000 });
    const { id } = await (await api(neighbour)).orders.create({ listingId, quantity: 3 });
    expect((await ordersOf(listingId))[0]).toMatchObject({ id, quantity: 1, total_cents: 15000 });
  });

  it('the portions the owner offers are 1-99, stored with the listing and shown to neighbours', async () => {
    const caller = await api(owner);
    await expectError(caller.listings.create(marmita({ maxPortions: 0 })), 'BAD_REQUEST', LISTING_MESSAGES.invalidPortions);
    await expectError(caller.listings.create(marmita({ maxPortions: 100 })), 'BAD_REQUEST', LISTING_MESSAGES.invalidPortions);
    const listingId = await publish(marmita({ maxPortions: 10 }));
    expect((await (await api(neighbour)).listings.byId({ id: listingId })).maxPortions).toBe(10);
  });
});

describe('home services', () => {
  it("'Atendimento Domiciliar' asks for a date and time like 'Agendamento'", async () => {
    const listingId = await publish({ type: 'service', title: 'Manicure em casa', description: 'Vou até você', priceCents: 5000, deliveryOptions: ['delivery'] });
    const caller = await api(neighbour);
    const base = { listingId, deliveryMethod: 'delivery' as const, deliveryAddress: 'Bloco A, apto 101' };
    await expectError(caller.orders.create(base), 'BAD_REQUEST', ORDER_MESSAGES.scheduleRequired);
    await expectError(caller.orders.create({ ...base, scheduledAt: new Date(app.clock.now().getTime() - HOUR_MS) }), 'BAD_REQUEST', ORDER_MESSAGES.schedulePast);
    expect(await ordersOf(listingId)).toEqual([]);
    const scheduledAt = new Date(app.clock.now().getTime() + 26 * HOUR_MS);
    const { id } = await caller.orders.create({ ...base, scheduledAt });
    expect((await ordersOf(listingId))[0]).toMatchObject({ id, scheduled_at: scheduledAt });
  });

  it('food delivered at home still needs no time', async () => {
    const listingId = await publish(marmita({ deliveryOptions: ['delivery'] }));
    await (await api(neighbour)).orders.create({ listingId, deliveryMethod: 'delivery', deliveryAddress: 'Bloco C' });
    expect(await ordersOf(listingId)).toHaveLength(1);
  });
});

describe('a second pending order for the same thing', () => {
  it("asks 'Você já tem um pedido pendente deste anúncio' before sending, and sends once confirmed", async () => {
    const listingId = await publish({ type: 'service', title: 'Aula de violão', description: 'Iniciantes', priceCents: 6000, priceUnit: 'hour' });
    const caller = await api(neighbour);
    await caller.orders.create({ listingId });
    await expectError(caller.orders.create({ listingId }), 'CONFLICT', 'Você já tem um pedido pendente deste anúncio');
    expect(await ordersOf(listingId)).toHaveLength(1);
    await caller.orders.create({ listingId, confirmDuplicate: true });
    expect(await ordersOf(listingId)).toHaveLength(2);
  });

  it('only for the same person, a pending order and an overlapping day', async () => {
    const listingId = await publish({ type: 'service', title: 'Corte de cabelo', description: 'Em casa', priceCents: 4000, deliveryOptions: ['scheduled'] });
    const caller = await api(neighbour);
    const tomorrow = new Date(app.clock.now().getTime() + 24 * HOUR_MS);
    const first = await caller.orders.create({ listingId, scheduledAt: tomorrow });
    // Same day, another hour: the same visit asked twice.
    await expectError(caller.orders.create({ listingId, scheduledAt: new Date(tomorrow.getTime() + 2 * HOUR_MS) }), 'CONFLICT', ORDER_MESSAGES.duplicatePending);
    // Another day is another order.
    await caller.orders.create({ listingId, scheduledAt: new Date(tomorrow.getTime() + 48 * HOUR_MS) });
    // Someone else may ask for the same day.
    const other = await app.createUser();
    await (await api(other)).orders.create({ listingId, scheduledAt: tomorrow });
    // Once the first is no longer pending, the same day is free to ask again.
    await caller.orders.cancel({ id: first.id });
    await caller.orders.create({ listingId, scheduledAt: tomorrow });
    expect(await ordersOf(listingId)).toHaveLength(4);
  });
});
