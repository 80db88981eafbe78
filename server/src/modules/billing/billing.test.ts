import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@vizinhanca/shared/billing/billing.schema';
import type { CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { LISTING_MESSAGES } from '@vizinhanca/shared/listings/listing.schema';
import { sql } from 'kysely';
import { jobIdFor } from '../../jobs/job-queue.ts';
import { scheduledJobs } from '../../jobs/scheduled-jobs.ts';
import { deliverNotificationJob } from '../notifications/notification-delivery.ts';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { billingOverdueJob } from './billing.job.ts';

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

const food = (title: string): CreateListingInput => ({ type: 'food', title, description: 'Feito em casa', priceCents: 1500 });

async function publish(user: TestUser, title: string) {
  const { id } = await (await app.apiOf(user)).listings.create(food(title));
  await (await app.apiOf(admin)).listings.moderation.approve({ id });
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
    await (await app.apiOf(owner)).listings.pause({ id: ownerPaused });
    const adminPaused = await publish(owner, 'Sonho');
    await (await app.apiOf(admin)).listings.moderation.pause({ id: adminPaused });

    await (await app.apiOf(admin)).billing.create({ userId: owner.id, amountCents: 2990, dueDate: '2026-11-25' });
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
    expect((await (await app.apiOf(neighbour)).listings.list({ type: 'food' })).items.map((item) => item.id)).not.toContain(active);
    // The owner cannot lift a billing pause.
    await expectError((await app.apiOf(owner)).listings.reactivate({ id: active }), 'FORBIDDEN', LISTING_MESSAGES.pausedByBilling);

    // Idempotent: a retry the same day changes nothing and logs nothing more.
    const logged = await app.db.selectFrom('audit_log').select('id').execute();
    await billingOverdueJob.run(app.deps);
    expect(await app.db.selectFrom('audit_log').select('id').execute()).toHaveLength(logged.length);

    // A listing approved while the charge is overdue is paused by the next run.
    app.clock.advance(DAY_MS);
    const later = await publish(owner, 'Bombom');
    await billingOverdueJob.run(app.deps);
    expect(await statusOf(later)).toEqual({ status: 'paused', paused_by: 'billing' });

    await expect((await app.apiOf(admin)).billing.markPaid({ id: charge!.id })).resolves.toEqual({ message: BILLING_MESSAGES.paid });
    expect(await statusOf(active)).toEqual({ status: 'active', paused_by: null });
    expect(await statusOf(later)).toEqual({ status: 'active', paused_by: null });
    expect(await statusOf(adminPaused)).toEqual({ status: 'paused', paused_by: 'admin' });
    expect(await statusOf(ownerPaused)).toEqual({ status: 'inactive', paused_by: 'owner' });
    expect((await (await app.apiOf(neighbour)).listings.list({ type: 'food' })).items.map((item) => item.id)).toContain(active);

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
    const caller = await app.apiOf(admin);
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

describe('the notice of an overdue charge', () => {
  async function noticesOf(user: TestUser) {
    return (await (await app.apiOf(user)).notifications.list({ limit: 50 })).items.filter((item) => item.type === 'payment_due');
  }

  it('tells the owner, in the app and by e-mail, which listings were paused, why and how they come back; once', async () => {
    app.clock.set(START);
    const owner = await app.createUser({ fullName: 'Célia Atrasada' });
    const torta = await publish(owner, 'Torta salgada');
    const bolo = await publish(owner, 'Bolo de cenoura');
    const ownerPaused = await publish(owner, 'Quindim');
    await (await app.apiOf(owner)).listings.pause({ id: ownerPaused });
    await (await app.apiOf(admin)).billing.create({ userId: owner.id, amountCents: 1990, dueDate: '2026-11-25' });

    app.clock.set(new Date('2026-11-26T03:05:00Z'));
    await billingOverdueJob.run(app.deps);
    expect(await statusOf(torta)).toEqual({ status: 'paused', paused_by: 'billing' });
    expect(await statusOf(bolo)).toEqual({ status: 'paused', paused_by: 'billing' });
    const [notice, ...more] = await noticesOf(owner);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ title: 'Anúncios pausados por cobrança vencida', href: '/cobrancas', read: false });
    expect(notice!.message).toBe(
      'Sua cobrança de R$ 19,90 (vencimento 25/11/2026) está vencida. Seus anúncios "Bolo de cenoura", "Torta salgada" foram pausados até o pagamento. ' +
        'Combine o pagamento com a administração do condomínio: assim que ela o registrar, eles voltam a aparecer sozinhos.',
    );
    expect(notice!.message).not.toContain('Quindim');
    const mail = await eventually(() => {
      const found = app.outbox().filter((item) => item.text.includes(`To: ${owner.email}`) && item.text.includes('foram pausados até o pagamento'));
      expect(found).toHaveLength(1);
      return found[0]!.text;
    }, 10_000);
    expect(mail).toContain('"Bolo de cenoura", "Torta salgada" foram pausados');
    expect(mail).toContain('http://localhost:3000/cobrancas');

    // The same day again: nothing changed, nobody told twice.
    await billingOverdueJob.run(app.deps);
    expect(await noticesOf(owner)).toHaveLength(1);

    // A listing approved while the charge is overdue: paused the next day, and named in a notice of its own.
    app.clock.advance(DAY_MS);
    await publish(owner, 'Coxinha');
    await billingOverdueJob.run(app.deps);
    const latest = await noticesOf(owner);
    expect(latest).toHaveLength(2);
    expect(latest[0]!.message).toContain('Seu anúncio "Coxinha" foi pausado até o pagamento');
  });

  it('tells a person without active listings that the charge is overdue; nobody else is told', async () => {
    app.clock.set(START);
    const owner = await app.createUser();
    const bystander = await app.createUser();
    await publish(bystander, 'Brigadeiro');
    await (await app.apiOf(admin)).billing.create({ userId: owner.id, amountCents: 5000, dueDate: '2026-11-20' });
    await billingOverdueJob.run(app.deps);
    expect((await noticesOf(owner)).map((item) => [item.title, item.message])).toEqual([
      ['Cobrança vencida', 'Sua cobrança de R$ 50,00 (vencimento 20/11/2026) está vencida. Combine o pagamento com a administração do condomínio.'],
    ]);
    expect(await noticesOf(bystander)).toEqual([]);
  });

  it('follows the owner’s e-mail switch like every notification: in the app, no e-mail', async () => {
    app.clock.set(START);
    const owner = await app.createUser({ fullName: 'Sem Email' });
    await publish(owner, 'Pé de moleque');
    await (await app.apiOf(owner)).notifications.setPreference({ key: 'email', enabled: false });
    await (await app.apiOf(admin)).billing.create({ userId: owner.id, amountCents: 1990, dueDate: '2026-11-20' });
    await billingOverdueJob.run(app.deps);
    const [notice] = await noticesOf(owner);
    // Its delivery job has run through the queue, and nothing went to this person.
    const deliverJob = jobIdFor(deliverNotificationJob.name, `notification:${notice!.id}`);
    await eventually(async () => {
      const result = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${deliverJob}`.execute(app.db);
      expect(result.rows[0]?.state).toBe('completed');
    }, 10_000);
    expect(app.outbox().filter((item) => item.text.includes(`To: ${owner.email}`))).toEqual([]);
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
    const caller = await app.apiOf(admin);
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
      (await app.apiOf(resident)).billing.pay({ id: '00000000-0000-4000-8000-000000000000' }),
      'PRECONDITION_FAILED',
      BILLING_MESSAGES.paymentsUnavailable,
    );
  });

  it('shows a resident their own charges on /cobrancas, read only, and nobody else’s', async () => {
    const resident = await app.createUser();
    const neighbour = await app.createUser();
    const caller = await app.apiOf(admin);
    await caller.billing.create({ userId: resident.id, amountCents: 2990, dueDate: '2026-12-05' });
    await caller.billing.create({ userId: neighbour.id, amountCents: 1000, dueDate: '2026-12-05' });
    const mine = await (await app.apiOf(resident)).billing.mine();
    expect(mine.map((charge) => [charge.user.id, charge.amountCents, charge.status, charge.dueDate])).toEqual([[resident.id, 2990, 'pending', '2026-12-05']]);
  });
});
