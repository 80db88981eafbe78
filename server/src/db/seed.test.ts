import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { DEMO_LISTINGS, DEMO_USERS, seedDemoIfEmpty } from './seed.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('demo seed', () => {
  it('creates the people and listings of every type once, with photos in storage', async () => {
    expect(await seedDemoIfEmpty(app.deps)).toBe(true);
    expect(await seedDemoIfEmpty(app.deps)).toBe(false);

    const users = await app.db.selectFrom('users').select(['email', 'approval_status']).execute();
    expect(users).toHaveLength(DEMO_USERS.length);
    expect(users.filter((user) => user.approval_status === 'pending')).toHaveLength(1);

    const listings = await app.db.selectFrom('listings').select(['type', 'status', 'expires_at', 'image_id']).execute();
    expect(listings).toHaveLength(DEMO_LISTINGS.length);
    expect(new Set(listings.map((listing) => listing.type))).toEqual(new Set(['rental', 'food', 'service']));
    expect(listings.some((listing) => listing.status === 'pending')).toBe(true);
    const daysLeft = listings.filter((listing) => listing.expires_at).map((listing) => Math.ceil((listing.expires_at!.getTime() - Date.now()) / 86_400_000));
    expect(daysLeft).toContain(3);
    expect(daysLeft.some((days) => days < 0)).toBe(true);

    for (const listing of listings) {
      const file = await app.deps.storage.get(`images/${listing.image_id}/card.webp`);
      expect(file?.contentType).toBe('image/webp');
      file?.stream.destroy();
    }
  });

  it('demo passwords work and each approved resident lives in a different block', async () => {
    const residents = DEMO_USERS.filter((user) => user.roles.length === 0 && user.status === 'approved');
    expect(new Set(residents.map((user) => user.block)).size).toBe(residents.length);
    const { api } = await app.callerAs(null);
    for (const user of DEMO_USERS) {
      await expect(api.auth.login({ email: user.email, password: user.password })).resolves.toBeTruthy();
    }
  });
});
