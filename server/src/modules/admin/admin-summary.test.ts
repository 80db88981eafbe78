import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@vizinhanca/shared/users/admin.schema';
import { createTestApp, expectError, testCpf, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pickupTomorrow } from '../../../test/pickup.ts';

// The summary cards on /admin are live: every change that moves one of their counts
// tells every active administrator and moderator, in the transaction that makes it.

let app: TestApp;
let admin: TestUser;
let moderator: TestUser;
let suspendedAdmin: TestUser;
let resident: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.createUser({ roles: ['admin'] });
  moderator = await app.createUser({ roles: ['moderator'] });
  suspendedAdmin = await app.createUser({ roles: ['admin'], suspended: true });
  resident = await app.createUser();
});
afterAll(() => app.close());

const api = async (user: TestUser | null) => (await app.callerAs(user)).api;

/** How many 'admin.summary.changed' events each person has received so far. */
async function received(): Promise<Record<'admin' | 'moderator' | 'suspendedAdmin' | 'resident', number>> {
  const rows = await app.db
    .selectFrom('events')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('kind', '=', 'admin.summary.changed')
    .groupBy('user_id')
    .execute();
  const of = (user: TestUser) => Number(rows.find((row) => row.user_id === user.id)?.n ?? 0);
  return { admin: of(admin), moderator: of(moderator), suspendedAdmin: of(suspendedAdmin), resident: of(resident) };
}

/** Runs a change and returns how many events each person got from it. */
async function eventsOf(change: () => Promise<unknown>) {
  const before = await received();
  await change();
  const after = await received();
  return {
    admin: after.admin - before.admin,
    moderator: after.moderator - before.moderator,
    suspendedAdmin: after.suspendedAdmin - before.suspendedAdmin,
    resident: after.resident - before.resident,
  };
}

const ONE_EACH = { admin: 1, moderator: 1, suspendedAdmin: 0, resident: 0 };
const NONE = { admin: 0, moderator: 0, suspendedAdmin: 0, resident: 0 };

describe('admin.summary.changed', () => {
  let listingId: string;
  let orderId: string;
  let newcomerId: string;

  it('goes to active staff once per change: a sign-up and its approval', async () => {
    const signUp = {
      fullName: 'Nova Vizinha',
      cpf: testCpf(424242),
      email: 'nova.vizinha@example.com',
      phone: '(11) 91234-5678',
      block: 'B',
      apartment: '502',
      password: 'quintal-de-casa',
    };
    expect(await eventsOf(async () => (await api(null)).auth.signUp(signUp))).toEqual(ONE_EACH);
    newcomerId = (await app.db.selectFrom('users').select('id').where('email', '=', signUp.email).executeTakeFirstOrThrow()).id;
    expect(await eventsOf(async () => (await api(admin)).admin.approveUser({ userId: newcomerId }))).toEqual(ONE_EACH);
  });

  it('is not sent when the change is refused (nothing moved)', async () => {
    expect(
      await eventsOf(() => api(admin).then((caller) => expectError(caller.admin.approveUser({ userId: newcomerId }), 'CONFLICT', ADMIN_MESSAGES.userNotPending))),
    ).toEqual(NONE);
  });

  it('follows listings: created, moderated, paused and reactivated by the owner', async () => {
    const owner = await api(resident);
    expect(
      await eventsOf(async () => {
        listingId = (await owner.listings.create({ type: 'food', title: 'Bolo de fubá', description: 'Feito em casa', priceCents: 1500 })).id;
      }),
    ).toEqual(ONE_EACH);
    expect(await eventsOf(async () => (await api(moderator)).listings.moderation.approve({ id: listingId }))).toEqual(ONE_EACH);
    expect(await eventsOf(() => owner.listings.pause({ id: listingId }))).toEqual(ONE_EACH);
    expect(await eventsOf(() => owner.listings.reactivate({ id: listingId }))).toEqual(ONE_EACH);
  });

  it('follows orders: created, and cancelled by the requester (no audit entry, still a count)', async () => {
    const buyer = await app.createUser();
    const caller = await api(buyer);
    expect(
      await eventsOf(async () => {
        orderId = (await caller.orders.create({ listingId, scheduledAt: pickupTomorrow(app.clock) })).id;
      }),
    ).toEqual(ONE_EACH);
    expect(await eventsOf(() => caller.orders.cancel({ id: orderId, reason: null }))).toEqual(ONE_EACH);
  });

  it('follows billing and suspension; several entries in one transaction make one event', async () => {
    const caller = await api(admin);
    expect(await eventsOf(() => caller.billing.create({ userId: resident.id, amountCents: 2990, dueDate: '2026-11-30' }))).toEqual(ONE_EACH);
    const person = await caller.admin.users.byId({ userId: newcomerId });
    // A profile edit, a suspension and a role in one save: three audit entries, one event.
    const edit = {
      userId: newcomerId,
      expectedUpdatedAt: person.updatedAt,
      fullName: 'Nova Vizinha Souza',
      phone: '',
      block: person.block ?? '',
      apartment: person.apartment ?? '',
      bio: '',
      approvalStatus: person.approvalStatus,
      isSuspended: true,
      roles: ['moderator' as const],
    };
    expect(await eventsOf(() => caller.admin.users.update(edit))).toEqual(ONE_EACH);
    const entries = await app.db.selectFrom('audit_log').select('action').where('target_id', '=', newcomerId).where('actor_id', '=', admin.id).execute();
    expect(entries.length).toBeGreaterThan(1);
    // The moderator just granted is suspended: not staff who may read the cards.
    expect(await app.db.selectFrom('events').select('id').where('user_id', '=', newcomerId).where('kind', '=', 'admin.summary.changed').execute()).toEqual([]);
  });

  it('carries nothing but its kind (the cards reload from the server, by role)', async () => {
    const rows = await app.db.selectFrom('events').select(['payload']).where('user_id', '=', moderator.id).where('kind', '=', 'admin.summary.changed').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => JSON.stringify(row.payload) === '{}')).toBe(true);
  });
});

describe("the 'Atividade' count's next change", () => {
  it('says when the oldest entry of the last 24 hours leaves the window, and the count drops then', async () => {
    const caller = await api(admin);
    const now = app.clock.now();
    const summary = await caller.admin.summary();
    const oldest = await app.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('created_at', '>', new Date(now.getTime() - 24 * 3600_000))
      .executeTakeFirstOrThrow();
    expect(summary.activityChangesAt).toEqual(new Date(new Date(oldest.at!).getTime() + 24 * 3600_000));

    // One more entry an hour later; at the first one's 24 hours the count drops to what came after.
    app.clock.advance(3600_000);
    await caller.billing.create({ userId: resident.id, amountCents: 1000, dueDate: '2026-12-10' });
    const withNew = await caller.admin.summary();
    expect(withNew.activityToday).toBe(summary.activityToday + 1);
    expect(withNew.activityChangesAt).toEqual(summary.activityChangesAt);

    app.clock.set(summary.activityChangesAt!);
    const after = await caller.admin.summary();
    expect(after.activityToday).toBe(1);
    expect(after.activityChangesAt).toEqual(new Date(now.getTime() + 3600_000 + 24 * 3600_000));

    app.clock.advance(2 * 24 * 3600_000);
    expect(await caller.admin.summary()).toMatchObject({ activityToday: 0, activityChangesAt: null });
    app.clock.set(now);
  });
});
