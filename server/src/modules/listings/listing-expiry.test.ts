import { afterAll, beforeAll, expect, it } from 'vitest';
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
