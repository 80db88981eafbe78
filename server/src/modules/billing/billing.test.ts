import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@vizinhanca/shared/billing/billing.schema';
import type { CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { LISTING_MESSAGES } from '@vizinhanca/shared/listings/listing.schema';
import { scheduledJobs } from '../../jobs/scheduled-jobs.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { billingOverdueJob } from './billing.job.ts';

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

// 2026-11-23 12:00 in São Paulo.
const START = new Date('2026-11-23T15:00:00Z');
const DAY_MS = 24 * 3600 * 1000;

let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp({}, { now: START });
  admin = await app.createUser({ roles: ['admin'] });
});
afterAll(() => app.close());

async function api(user: TestUser | null): Promise<Api> {
  return (await app.callerAs(user)).api;
}

const food = (title: string): CreateListingInput => ({ type: 'food', title, description: 'Feito em casa', priceCents: 1500 });

async function publish(user: TestUser, title: string) {
  const { id } = await (await api(user)).listings.create(food(title));
  await (await api(admin)).listings.moderation.approve({ id });
  return id;
}

async function statusOf(id: string) {
  return app.db.selectFrom('listings').select(['status', 'paused_by']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function chargesOf(userId: string) {
  return app.db.selectFrom('billings').select(['id', 'status']).where('user_id', '=', userId).orderBy('created_at').execute();
}

describe('the overdue rule', () => {
  it('is one of the scheduled jobs, daily', () => {
    expect(scheduledJobs).toContain(billingOverdueJob);
    expect(billingOverdueJob.cron).toBe('5 0 * * *');
  });

  it('marks a charge overdue the day after its due date, pauses the owner’s active listings, and payment restores them', async () => {
    app.clock.set(START);
    const owner = await app.createUser({ fullName: 'Lia Devedora' });
    const neighbour = await app.createUser();
    const active = await publish(owner, 'Torta de limão');
    const ownerPaused = await publish(owner, 'Pudim');
    await (await api(owner)).listings.pause({ id: ownerPaused });
    const adminPaused = await publish(owner, 'Sonho');
    await (await api(admin)).listings.moderation.pause({ id: adminPaused });

    await (await api(admin)).billing.create({ userId: owner.id, amountCents: 2990, dueDate: '2026-11-25' });
    const [charge] = await chargesOf(owner.id);

    // On the due date itself nothing happens.
    app.clock.set(new Date('2026-11-25T23:00:00Z')); // 20:00 on the 25th in São Paulo
    await billingOverdueJob.run(app.deps);
    expect(await chargesOf(owner.id)).toEqual([{ id: charge!.id, status: 'pending' }]);
    expect(await statusOf(active)).toEqual({ status: 'active', paused_by: null });

    // The next day in the condominium (03:05 UTC on the 26th is 00:05 there): overdue, and paused by billing.
    app.clock.set(new Date('2026-11-26T03:05:00Z'));
    await billingOverdueJob.run(app.deps);
    expect(await chargesOf(owner.id)).toEqual([{ id: charge!.id, status: 'overdue' }]);
    expect(await statusOf(active)).toEqual({ status: 'paused', paused_by: 'billing' });
    expect(await statusOf(ownerPaused)).toEqual({ status: 'inactive', paused_by: 'owner' });
    expect(await statusOf(adminPaused)).toEqual({ status: 'paused', paused_by: 'admin' });
    expect((await (await api(neighbour)).listings.list({ type: 'food' })).items.map((item) => item.id)).not.toContain(active);
    // The owner cannot lift a billing pause.
    await expectError((await api(owner)).listings.reactivate({ id: active }), 'FORBIDDEN', LISTING_MESSAGES.pausedByBilling);

    // Idempotent: a retry the same day changes nothing and logs nothing more.
    const logged = await app.db.selectFrom('audit_log').select('id').execute();
    await billingOverdueJob.run(app.deps);
    expect(await app.db.selectFrom('audit_log').select('id').execute()).toHaveLength(logged.length);

    // A listing approved while the charge is overdue is paused by the next run.
    app.clock.advance(DAY_MS);
    const later = await publish(owner, 'Bombom');
    await billingOverdueJob.run(app.deps);
    expect(await statusOf(later)).toEqual({ status: 'paused', paused_by: 'billing' });

    await expect((await api(admin)).billing.markPaid({ id: charge!.id })).resolves.toEqual({ message: BILLING_MESSAGES.paid });
    expect(await statusOf(active)).toEqual({ status: 'active', paused_by: null });
    expect(await statusOf(later)).toEqual({ status: 'active', paused_by: null });
    expect(await statusOf(adminPaused)).toEqual({ status: 'paused', paused_by: 'admin' });
    expect(await statusOf(ownerPaused)).toEqual({ status: 'inactive', paused_by: 'owner' });
    expect((await (await api(neighbour)).listings.list({ type: 'food' })).items.map((item) => item.id)).toContain(active);

    const actions = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', active).orderBy('id').execute();
    expect(actions).toEqual([
      { action: 'listing.created', actor_id: owner.id },
      { action: 'listing.approved', actor_id: admin.id },
      { action: 'listing.paused_by_billing', actor_id: null },
      { action: 'listing.restored_by_billing', actor_id: null },
    ]);
  });

  it('keeps the listings paused while another charge is still overdue', async () => {
    app.clock.set(START);
    const owner = await app.createUser();
    const listing = await publish(owner, 'Empadão');
    const caller = await api(admin);
    await caller.billing.create({ userId: owner.id, amountCents: 1000, dueDate: '2026-11-20' });
    await caller.billing.create({ userId: owner.id, amountCents: 2000, dueDate: '2026-11-21' });
    await billingOverdueJob.run(app.deps);
    const [first, second] = await chargesOf(owner.id);
    await caller.billing.markPaid({ id: first!.id });
    expect(await statusOf(listing)).toEqual({ status: 'paused', paused_by: 'billing' });
    await caller.billing.markPaid({ id: second!.id });
    expect(await statusOf(listing)).toEqual({ status: 'active', paused_by: null });
    await expectError(caller.billing.markPaid({ id: second!.id }), 'CONFLICT', BILLING_MESSAGES.alreadyPaid);
  });
});

describe('the Cobranças section', () => {
  it('shows the pending total, pending and overdue counts', async () => {
    const fresh = await createTestApp({}, { now: START });
    try {
      const boss = await fresh.createUser({ roles: ['admin'] });
      const resident = await fresh.createUser({ fullName: 'Nina Cobrada' });
      const caller = (await fresh.callerAs(boss)).api;
      await caller.billing.create({ userId: resident.id, amountCents: 123456, dueDate: '2026-11-01' });
      fresh.clock.advance(60_000);
      await caller.billing.create({ userId: resident.id, amountCents: 1000, dueDate: '2026-12-10', autoRenewal: true });
      fresh.clock.advance(60_000);
      await caller.billing.create({ userId: resident.id, amountCents: 500, dueDate: '2026-12-10' });
      await billingOverdueJob.run(fresh.deps);
      const paid = (await caller.billing.overview()).items.find((item) => item.amountCents === 500)!;
      await caller.billing.markPaid({ id: paid.id });
      const overview = await caller.billing.overview();
      expect(overview.stats).toEqual({ pendingCount: 1, overdueCount: 1, totalPendingCents: 124456 });
      expect(overview.items.map((item) => [item.user.fullName, item.amountCents, item.status])).toEqual([
        ['Nina Cobrada', 500, 'paid'],
        ['Nina Cobrada', 1000, 'pending'],
        ['Nina Cobrada', 123456, 'overdue'],
      ]);
      expect((await caller.admin.summary()).pendingBillings).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a charge for nobody or of no value, writing nothing', async () => {
    const caller = await api(admin);
    const before = await app.db.selectFrom('billings').select('id').execute();
    await expectError(
      caller.billing.create({ userId: '00000000-0000-4000-8000-000000000000', amountCents: 1000, dueDate: '2026-12-01' }),
      'NOT_FOUND',
      BILLING_MESSAGES.userNotFound,
    );
    await expectError(caller.billing.create({ userId: admin.id, amountCents: 0, dueDate: '2026-12-01' }), 'BAD_REQUEST', BILLING_MESSAGES.invalidAmount);
    await expectError(caller.billing.create({ userId: admin.id, amountCents: 100, dueDate: '01/12/2026' }), 'BAD_REQUEST', BILLING_MESSAGES.invalidDueDate);
    expect(await app.db.selectFrom('billings').select('id').execute()).toEqual(before);
  });

  it('a resident’s payment attempt answers that payments are not available yet', async () => {
    const resident = await app.createUser();
    await expectError(
      (await api(resident)).billing.pay({ id: '00000000-0000-4000-8000-000000000000' }),
      'PRECONDITION_FAILED',
      BILLING_MESSAGES.paymentsUnavailable,
    );
  });

  it('shows a resident their own charges on /cobrancas, read only, and nobody else’s', async () => {
    const resident = await app.createUser();
    const neighbour = await app.createUser();
    const caller = await api(admin);
    await caller.billing.create({ userId: resident.id, amountCents: 2990, dueDate: '2026-12-05' });
    await caller.billing.create({ userId: neighbour.id, amountCents: 1000, dueDate: '2026-12-05' });
    const mine = await (await api(resident)).billing.mine();
    expect(mine.map((charge) => [charge.user.id, charge.amountCents, charge.status, charge.dueDate])).toEqual([[resident.id, 2990, 'pending', '2026-12-05']]);
  });
});
