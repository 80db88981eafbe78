import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { rentalFixtures } from '../../../test/rental-fixtures.ts';
import { listingExpiryJob } from './listings.jobs.ts';

let app: TestApp;
let owner: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  app = await createTestApp({}, { now: new Date('2026-11-23T15:00:00Z') });
  owner = await app.createUser();
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

async function listingExpiringAt(title: string, expiresAt: string) {
  const id = await rentalFixtures(app).publishRental(owner, moderator, title);
  await app.db.updateTable('listings').set({ expires_at: new Date(expiresAt) }).where('id', '=', id).execute();
  return id;
}

function notices(listingId: string) {
  return app.db.selectFrom('notifications').select(['type', 'title', 'message']).where('related_id', '=', listingId).where('type', 'in', ['listing_expiring', 'listing_expired']).orderBy('created_at').execute();
}

it('tells the owner once when 7 days or fewer remain, and once when it expires, each linking to the renewal', async () => {
  const soon = await listingExpiringAt('Bicicleta', '2026-11-30T12:00:00Z'); // 7 days ahead in São Paulo
  const later = await listingExpiringAt('Patins', '2026-12-01T12:00:00Z'); // 8 days ahead
  await listingExpiryJob.run(app.deps);
  await listingExpiryJob.run(app.deps);
  expect(await notices(soon)).toEqual([{ type: 'listing_expiring', title: 'Anúncio perto de expirar', message: 'Seu anúncio "Bicicleta" expira em 7 dias. Renove para mantê-lo visível.' }]);
  expect(await notices(later)).toEqual([]);
  const item = (await (await app.callerAs(owner)).api.notifications.list({})).items.find((row) => row.relatedId === soon)!;
  expect(item.href).toBe(`/anuncio/${soon}`);

  app.clock.set(new Date('2026-11-30T13:00:00Z'));
  await listingExpiryJob.run(app.deps);
  await listingExpiryJob.run(app.deps);
  expect((await notices(soon)).map((row) => row.type)).toEqual(['listing_expiring', 'listing_expired']);
  expect((await notices(later)).map((row) => row.message)).toEqual(['Seu anúncio "Patins" expira amanhã. Renove para mantê-lo visível.']);

  // Renewed: the new expiry earns its own notices later.
  await app.db.updateTable('listings').set({ expires_at: new Date('2026-12-05T12:00:00Z') }).where('id', '=', soon).execute();
  await listingExpiryJob.run(app.deps);
  expect((await notices(soon)).map((row) => row.type)).toEqual(['listing_expiring', 'listing_expired', 'listing_expiring']);
});

describe('in a zone with daylight saving (America/New_York)', () => {
  let ny: TestApp;

  beforeAll(async () => {
    // Saturday 7 March 2026, 07:30 EST (UTC-5); clocks go forward on Sunday 8 March at 02:00.
    ny = await createTestApp({ CONDO_TIMEZONE: 'America/New_York' }, { now: new Date('2026-03-07T12:30:00Z') });
  });
  afterAll(() => ny.close());

  it("counts the 7 days on the zone's calendar and sends from 08:00 on its wall clock, across the change", async () => {
    const nyOwner = await ny.createUser();
    const id = await rentalFixtures(ny).publishRental(nyOwner, await ny.createUser({ roles: ['moderator'] }), 'Caiaque');
    // 14 March 23:30 EDT (already the 15th in UTC).
    await ny.db.updateTable('listings').set({ expires_at: new Date('2026-03-15T03:30:00Z') }).where('id', '=', id).execute();
    const sent = () => ny.db.selectFrom('notifications').select(['type', 'message']).where('related_id', '=', id).where('type', 'in', ['listing_expiring', 'listing_expired']).orderBy('created_at').execute();

    await listingExpiryJob.run(ny.deps); // 07:30 EST: too early
    expect(await sent()).toEqual([]);
    ny.clock.set(new Date('2026-03-07T13:00:00Z')); // 08:00 EST: 7 days on New York's calendar (8 on UTC's)
    await listingExpiryJob.run(ny.deps);
    expect(await sent()).toEqual([{ type: 'listing_expiring', message: 'Seu anúncio "Caiaque" expira em 7 dias. Renove para mantê-lo visível.' }]);

    ny.clock.set(new Date('2026-03-15T11:30:00Z')); // 07:30 EDT (06:30 without the change): expired, but too early
    await listingExpiryJob.run(ny.deps);
    expect(await sent()).toHaveLength(1);
    ny.clock.set(new Date('2026-03-15T12:00:00Z')); // 08:00 EDT
    await listingExpiryJob.run(ny.deps);
    await listingExpiryJob.run(ny.deps);
    expect((await sent()).map((row) => row.type)).toEqual(['listing_expiring', 'listing_expired']);
  });
});
