import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES, type CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

// Ready food (not made to order) picked up: the order says when, today or tomorrow on the
// app's clock (12:00 in São Paulo), inside the seller's pickup window when the listing has one.

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

let app: TestApp;
let seller: TestUser;
let neighbour: TestUser;
let moderator: TestUser;
let today: string;
beforeAll(async () => {
  app = await createTestApp();
  seller = await app.createUser({ fullName: 'Juliana Forno' });
  neighbour = await app.createUser({ fullName: 'Ana Vizinha' });
  moderator = await app.createUser({ roles: ['moderator'] });
  today = app.clock.today();
});
afterAll(() => app.close());

async function api(user: TestUser): Promise<Api> {
  return (await app.callerAs(user)).api;
}

async function publish(input: CreateListingInput) {
  const { id } = await (await api(seller)).listings.create(input);
  await (await api(moderator)).listings.moderation.approve({ id });
  return id;
}

/** A moment of the condominium's day (São Paulo keeps -03:00 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);

const bread = (overrides: Partial<Extract<CreateListingInput, { type: 'food' }>> = {}): CreateListingInput => ({
  type: 'food',
  title: 'Pão caseiro',
  description: 'Fermentação natural, pronto na prateleira',
  priceCents: 1800,
  deliveryOptions: ['pickup', 'delivery'],
  ...overrides,
});

function ordersOf(listingId: string) {
  return app.db.selectFrom('orders').select(['id', 'delivery_method', 'scheduled_at']).where('listing_id', '=', listingId).orderBy('created_at').execute();
}

describe('ready food picked up', () => {
  it("asks when, today or tomorrow inside the seller's window; missing, past, after tomorrow or outside it is refused with nothing written", async () => {
    const listingId = await publish(bread({ pickupWindow: { from: '17:00', until: '20:00' } }));
    expect((await (await api(neighbour)).listings.byId({ id: listingId })).pickupWindow).toEqual({ from: '17:00', until: '20:00' });
    const caller = await api(neighbour);
    const tomorrow = addDays(today, 1);

    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup' }), 'BAD_REQUEST', ORDER_MESSAGES.pickupRequired);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(addDays(today, -1), '18:00') }), 'BAD_REQUEST', ORDER_MESSAGES.schedulePast);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(today, '11:00') }), 'BAD_REQUEST', ORDER_MESSAGES.schedulePast);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(addDays(today, 2), '18:00') }), 'BAD_REQUEST', ORDER_MESSAGES.pickupDay);
    const outside = 'A retirada é das 17:00 às 20:00: escolha um horário nesse intervalo';
    expect(ORDER_MESSAGES.pickupOutsideWindow({ from: '17:00', until: '20:00' })).toBe(outside);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(tomorrow, '20:01') }), 'BAD_REQUEST', outside);
    await expectError(caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(today, '16:59') }), 'BAD_REQUEST', outside);
    expect(await ordersOf(listingId)).toEqual([]);

    // Tomorrow at 18:30: kept on the order, on both sides' cards, in the conversation and in the seller's notice.
    const { id } = await caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(tomorrow, '18:30') });
    expect(await ordersOf(listingId)).toEqual([{ id, delivery_method: 'pickup', scheduled_at: at(tomorrow, '18:30') }]);
    const mine = (await caller.orders.mine({ tab: 'pending' })).items.find((item) => item.id === id);
    const received = (await (await api(seller)).orders.received({ tab: 'pending' })).items.find((item) => item.id === id);
    for (const card of [mine, received]) expect(card).toMatchObject({ deliveryMethod: 'pickup', scheduledAt: at(tomorrow, '18:30') });
    expect((await (await api(seller)).messages.thread({ orderId: id })).order).toMatchObject({ deliveryMethod: 'pickup', scheduledAt: at(tomorrow, '18:30') });
    const notice = await app.db.selectFrom('notifications').select('message').where('related_id', '=', id).executeTakeFirstOrThrow();
    expect(notice.message).toBe(`Ana Vizinha fez um pedido de "Pão caseiro". Retirada em ${tomorrow.split('-').reverse().join('/')} às 18:30.`);

    // The window's ends are in it; delivered food asks no pickup time.
    await caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(today, '20:00'), confirmDuplicate: true });
    const { id: delivered } = await caller.orders.create({ listingId, deliveryMethod: 'delivery', deliveryAddress: 'Bloco A, 101', confirmDuplicate: true });
    expect((await ordersOf(listingId)).find((order) => order.id === delivered)).toMatchObject({ delivery_method: 'delivery', scheduled_at: null });
  });

  it('without a window, any time from now to the end of tomorrow', async () => {
    const listingId = await publish(bread({ title: 'Bolo de fubá' }));
    const caller = await api(neighbour);
    await caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(addDays(today, 1), '23:59') });
    await expectError(
      caller.orders.create({ listingId, deliveryMethod: 'pickup', scheduledAt: at(addDays(today, 2), '00:00'), confirmDuplicate: true }),
      'BAD_REQUEST',
      ORDER_MESSAGES.pickupDay,
    );
    expect(await ordersOf(listingId)).toHaveLength(1);
  });
});

describe("the listing's pickup window", () => {
  it('needs both ends, the start first and real times; made-to-order food keeps none; the database holds the rule too', async () => {
    const sellerApi = await api(seller);
    await expectError(sellerApi.listings.create(bread({ pickupWindow: { from: '20:00', until: '17:00' } })), 'BAD_REQUEST', LISTING_MESSAGES.pickupWindowOrder);
    await expectError(sellerApi.listings.create(bread({ pickupWindow: { from: '17:00' } })), 'BAD_REQUEST', LISTING_MESSAGES.pickupWindowIncomplete);
    await expectError(sellerApi.listings.create(bread({ pickupWindow: { from: '25:00', until: '26:00' } })), 'BAD_REQUEST', LISTING_MESSAGES.invalidTime);
    const count = async () => (await app.db.selectFrom('listings').select('id').where('title', '=', 'Pão de janela').execute()).length;
    expect(await count()).toBe(0);

    const { id: madeToOrder } = await sellerApi.listings.create(
      bread({ title: 'Pão de janela', requiresAdvanceOrder: true, minimumNoticeHours: 24, pickupWindow: { from: '08:00', until: '10:00' } }),
    );
    const row = () => app.db.selectFrom('listings').select(['status', 'pickup_from', 'pickup_until']).where('id', '=', madeToOrder).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ pickup_from: null, pickup_until: null });

    await expect(app.db.updateTable('listings').set({ pickup_from: '20:00', pickup_until: '17:00' }).where('id', '=', madeToOrder).execute()).rejects.toMatchObject({
      constraint: 'listings_pickup_window_check',
    });
    await expect(app.db.updateTable('listings').set({ pickup_from: '17:00' }).where('id', '=', madeToOrder).execute()).rejects.toMatchObject({
      constraint: 'listings_pickup_window_check',
    });
    const { id: rental } = await sellerApi.listings.create({ type: 'rental', title: 'Escada', description: '7 degraus', priceCents: 1000 });
    await expect(app.db.updateTable('listings').set({ pickup_from: '08:00', pickup_until: '10:00' }).where('id', '=', rental).execute()).rejects.toMatchObject({
      constraint: 'listings_pickup_window_food_check',
    });
  });

  it('an active listing changes its window without going back to approval', async () => {
    const listingId = await publish(bread({ title: 'Broa' }));
    await (await api(seller)).listings.update({ id: listingId, ...bread({ title: 'Broa', pickupWindow: { from: '07:00', until: '09:30' } }) });
    const row = await app.db.selectFrom('listings').select(['status', 'pickup_from', 'pickup_until']).where('id', '=', listingId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', pickup_from: '07:00:00', pickup_until: '09:30:00' });
  });
});
