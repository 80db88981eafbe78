import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES, type CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

// Owner-blocked days of a rental: the calendar shows them as unavailable
// and the database refuses orders on them, like on booked days.

let app: TestApp;
let owner: TestUser;
let neighbour: TestUser;
let moderator: TestUser;
let today: string;
beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser({ fullName: 'Bruno Dono' });
  neighbour = await app.createUser({ fullName: 'Juliana Vizinha' });
  moderator = await app.createUser({ roles: ['moderator'] });
  today = app.clock.today();
});
afterAll(() => app.close());

async function publish(input: CreateListingInput = { type: 'rental', title: 'Bicicleta aro 29', description: 'Com capacete', priceCents: 2500 }) {
  const { id } = await (await app.apiOf(owner)).listings.create(input);
  await (await app.apiOf(moderator)).listings.moderation.approve({ id });
  return id;
}

function blockedRows(listingId: string) {
  return app.db.selectFrom('listing_blocked_days').select('day').where('listing_id', '=', listingId).orderBy('day').execute();
}

describe('owner-blocked days', () => {
  it('the owner blocks two days: the calendar shows them unavailable and nobody can order them', async () => {
    const listingId = await publish();
    const ownerApi = await app.apiOf(owner);
    const days = [addDays(today, 5), addDays(today, 6)];
    await expect(ownerApi.listings.blockDays({ id: listingId, days: [days[1]!, days[0]!, days[0]!] })).resolves.toEqual({ message: 'Dias bloqueados!' });
    expect(await ownerApi.listings.blockedDays({ id: listingId })).toEqual({ days });

    const neighbourApi = await app.apiOf(neighbour);
    const calendar = await neighbourApi.orders.occupiedDates({ listingId });
    expect(calendar.ranges).toEqual([
      { start: days[0], end: days[0] },
      { start: days[1], end: days[1] },
    ]);
    await expectError(neighbourApi.orders.create({ listingId, startDate: addDays(today, 4), endDate: addDays(today, 5) }), 'CONFLICT', ORDER_MESSAGES.invalidPeriod);
    await expectError(neighbourApi.orders.create({ listingId, startDate: days[1], endDate: days[1] }), 'CONFLICT', ORDER_MESSAGES.invalidPeriod);
    expect(await app.db.selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).toEqual([]);

    // The days around them are free; unblocking frees the day again.
    await neighbourApi.orders.create({ listingId, startDate: addDays(today, 7), endDate: addDays(today, 8) });
    await ownerApi.listings.unblockDay({ id: listingId, day: days[1]! });
    expect(await ownerApi.listings.blockedDays({ id: listingId })).toEqual({ days: [days[0]] });
    await neighbourApi.orders.create({ listingId, startDate: days[1], endDate: days[1] });
  });

  it('the database refuses an order over a blocked day, whatever path writes it', async () => {
    const listingId = await publish();
    await (await app.apiOf(owner)).listings.blockDays({ id: listingId, days: [addDays(today, 3)] });
    const insert = app.db
      .insertInto('orders')
      .values({ listing_id: listingId, owner_id: owner.id, renter_id: neighbour.id, total_cents: 7500, start_date: addDays(today, 2), end_date: addDays(today, 4), delivery_method: 'pickup' })
      .execute();
    await expect(insert).rejects.toMatchObject({ constraint: 'orders_blocked_day_excl' });
  });

  it('refuses a past day and a day inside an open order, writing nothing', async () => {
    const listingId = await publish();
    const ownerApi = await app.apiOf(owner);
    await expectError(ownerApi.listings.blockDays({ id: listingId, days: [addDays(today, -1)] }), 'BAD_REQUEST', LISTING_MESSAGES.blockedDayPast);
    const { id } = await (await app.apiOf(neighbour)).orders.create({ listingId, startDate: addDays(today, 2), endDate: addDays(today, 4) });
    await ownerApi.orders.approve({ id });
    await expectError(ownerApi.listings.blockDays({ id: listingId, days: [addDays(today, 10), addDays(today, 3)] }), 'CONFLICT', LISTING_MESSAGES.blockedDayBooked);
    expect(await blockedRows(listingId)).toEqual([]);
    // The database says the same, whatever path writes it.
    const insert = app.db.insertInto('listing_blocked_days').values({ listing_id: listingId, day: addDays(today, 4) }).execute();
    await expect(insert).rejects.toMatchObject({ constraint: 'listing_blocked_days_booked_excl' });
    await expectError(ownerApi.listings.blockDays({ id: listingId, days: ['31/12/2026'] }), 'BAD_REQUEST', LISTING_MESSAGES.invalidDay);
  });

  it('only the owner blocks, lists or unblocks, and only rentals have blocked days', async () => {
    const listingId = await publish();
    const day = addDays(today, 9);
    await expectError((await app.apiOf(neighbour)).listings.blockDays({ id: listingId, days: [day] }), 'FORBIDDEN', LISTING_MESSAGES.notOwner);
    await expectError((await app.apiOf(neighbour)).listings.blockedDays({ id: listingId }), 'FORBIDDEN', LISTING_MESSAGES.notOwner);
    await (await app.apiOf(owner)).listings.blockDays({ id: listingId, days: [day] });
    await expectError((await app.apiOf(neighbour)).listings.unblockDay({ id: listingId, day }), 'FORBIDDEN', LISTING_MESSAGES.notOwner);
    expect(await blockedRows(listingId)).toEqual([{ day }]);

    const service = await publish({ type: 'service', title: 'Faxina', description: 'Diarista', priceCents: 15000 });
    await expectError((await app.apiOf(owner)).listings.blockDays({ id: service, days: [day] }), 'BAD_REQUEST', LISTING_MESSAGES.onlyRentalsBlockDays);
  });
});
