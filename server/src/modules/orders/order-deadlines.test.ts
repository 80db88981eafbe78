import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPIRED_REASON } from '@vizinhanca/shared/notifications/reminder.messages';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { rentalFixtures } from '../../../test/rental-fixtures.ts';
import { expireOrdersJob, rentalRemindersJob } from './orders.jobs.ts';

// Reminders and the answer deadline, on the app clock in the condominium's zone.
// Each effect is keyed: a rerun, or a second instance running at the same time, adds nothing.

function notificationsOf(app: TestApp, orderId: string) {
  return app.db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'title', 'message'])
    .where('related_id', '=', orderId)
    .orderBy('user_id')
    .orderBy('title')
    .execute();
}

describe('in America/Sao_Paulo', () => {
  let app: TestApp;
  let second: TestApp;
  let owner: TestUser;
  let renter: TestUser;
  let moderator: TestUser;
  let fixtures: ReturnType<typeof rentalFixtures>;
  let n = 0;

  beforeAll(async () => {
    // 23/11 12:00 in São Paulo.
    app = await createTestApp({}, { now: new Date('2026-11-23T15:00:00Z') });
    second = await createTestApp({}, { databaseUrl: app.databaseUrl, now: new Date('2026-11-23T15:00:00Z') });
    owner = await app.createUser({ fullName: 'Ana Dona' });
    renter = await app.createUser({ fullName: 'Bruno Vizinho' });
    moderator = await app.createUser({ roles: ['moderator'] });
    fixtures = rentalFixtures(app);
  });
  afterAll(async () => {
    await second.close();
    await app.close();
  });

  async function rental(start: string, end: string, status: 'pending' | 'approved' | 'in_progress', createdAt?: Date) {
    n += 1;
    const listingId = await fixtures.publishRental(owner, moderator, `Furadeira ${n}`);
    return fixtures.rentalOrder({ listingId, owner, renter, start, end, status, createdAt });
  }

  it('reminds both sides of a pickup the day before, once however often the job runs', async () => {
    const id = await rental('2026-11-24', '2026-11-26', 'approved');
    const later = await rental('2026-11-25', '2026-11-26', 'approved');
    await rentalRemindersJob.run(app.deps);
    await rentalRemindersJob.run(app.deps);
    const sent = await notificationsOf(app, id);
    expect(sent).toHaveLength(2);
    expect(sent.find((row) => row.user_id === renter.id)).toMatchObject({ type: 'reminder_pickup', title: 'Lembrete de retirada' });
    expect(sent.find((row) => row.user_id === renter.id)!.message).toContain('Amanhã começa o seu aluguel de "Furadeira');
    expect(sent.find((row) => row.user_id === owner.id)).toMatchObject({ type: 'reminder_pickup', title: 'Lembrete de entrega' });
    expect(await notificationsOf(app, later)).toEqual([]);
  });

  it('reminds the requester the day before and the day of the return, and both sides the day after', async () => {
    const tomorrow = await rental('2026-11-21', '2026-11-24', 'in_progress');
    const today = await rental('2026-11-20', '2026-11-23', 'in_progress');
    const late = await rental('2026-11-19', '2026-11-22', 'in_progress');
    await rentalRemindersJob.run(app.deps);
    expect(await notificationsOf(app, tomorrow)).toEqual([
      expect.objectContaining({ user_id: renter.id, type: 'reminder_return', title: 'Devolução amanhã' }),
    ]);
    expect(await notificationsOf(app, today)).toEqual([expect.objectContaining({ user_id: renter.id, type: 'reminder_return', title: 'Devolução hoje' })]);
    const overdue = await notificationsOf(app, late);
    expect(overdue).toHaveLength(2);
    expect(overdue.map((row) => row.title)).toEqual(['Devolução atrasada', 'Devolução atrasada']);
    expect(new Set(overdue.map((row) => row.user_id))).toEqual(new Set([owner.id, renter.id]));

    // The next day the 24/11 return is due today: a second reminder, still one each.
    app.clock.set(new Date('2026-11-24T12:00:00Z'));
    await rentalRemindersJob.run(app.deps);
    await rentalRemindersJob.run(app.deps);
    expect((await notificationsOf(app, tomorrow)).map((row) => row.title).sort()).toEqual(['Devolução amanhã', 'Devolução hoje']);
    expect(await notificationsOf(app, late)).toHaveLength(2);
    app.clock.set(new Date('2026-11-23T15:00:00Z'));
  });

  it('sends no reminder before 08:00 in the condominium', async () => {
    const id = await rental('2026-11-24', '2026-11-25', 'approved');
    app.clock.set(new Date('2026-11-23T10:59:00Z')); // 07:59 in São Paulo
    await rentalRemindersJob.run(app.deps);
    expect(await notificationsOf(app, id)).toEqual([]);
    app.clock.set(new Date('2026-11-23T11:00:00Z')); // 08:00
    await rentalRemindersJob.run(app.deps);
    expect(await notificationsOf(app, id)).toHaveLength(2);
    app.clock.set(new Date('2026-11-23T15:00:00Z'));
  });

  it("obeys the requester's pickup and return reminder switches", async () => {
    const quiet = await app.createUser({ fullName: 'Carla Quieta' });
    await (await app.callerAs(quiet)).api.notifications.setPreference({ key: 'pickupReminders', enabled: false });
    n += 1;
    const listingId = await fixtures.publishRental(owner, moderator, `Escada ${n}`);
    const id = await fixtures.rentalOrder({ listingId, owner, renter: quiet, start: '2026-11-24', end: '2026-11-25', status: 'approved' });
    await rentalRemindersJob.run(app.deps);
    expect((await notificationsOf(app, id)).map((row) => row.user_id)).toEqual([owner.id]);
  });

  it('runs each reminder once when two instances run the job at the same time', async () => {
    const id = await rental('2026-11-24', '2026-11-27', 'approved');
    const late = await rental('2026-11-18', '2026-11-21', 'in_progress');
    await Promise.all([rentalRemindersJob.run(app.deps), rentalRemindersJob.run(second.deps), rentalRemindersJob.run(app.deps)]);
    expect(await notificationsOf(app, id)).toHaveLength(2);
    expect(await notificationsOf(app, late)).toHaveLength(2);
    const events = await app.db.selectFrom('events').select('id').where('kind', '=', 'notification.created').where('payload', '@>', JSON.stringify({ type: 'reminder_return' })).execute();
    const reminderRows = await app.db.selectFrom('notifications').select('id').where('type', '=', 'reminder_return').execute();
    expect(events).toHaveLength(reminderRows.length);
  });

  it('a run cut short loses no reminder, and the next run sends none twice', async () => {
    const ids = [await rental('2026-11-24', '2026-11-28', 'approved'), await rental('2026-11-24', '2026-11-29', 'approved'), await rental('2026-11-24', '2026-11-30', 'approved')];
    // The process "dies" at the third delivery it enqueues: that order's transaction never commits.
    let enqueued = 0;
    const dying = {
      ...app.deps,
      queue: {
        enqueueMany: app.deps.queue.enqueueMany.bind(app.deps.queue),
        enqueue: async (...args: Parameters<typeof app.deps.queue.enqueue>) => {
          enqueued += 1;
          if (enqueued === 3) throw new Error('processo encerrado');
          return app.deps.queue.enqueue(...args);
        },
      },
    };
    await expect(rentalRemindersJob.run(dying)).rejects.toThrow('processo encerrado');
    const counts = async () => Promise.all(ids.map(async (id) => (await notificationsOf(app, id)).length));
    const afterCrash = await counts();
    expect(afterCrash.filter((count) => count === 2).length).toBeGreaterThanOrEqual(1);
    expect(afterCrash.every((count) => count === 0 || count === 2)).toBe(true);
    await rentalRemindersJob.run(app.deps);
    expect(await counts()).toEqual([2, 2, 2]);
  });

  it("cancels a pending order unanswered for 48 hours, or whose first day has passed, as 'Expirado sem resposta', telling both", async () => {
    const now = app.clock.now().getTime();
    const old = await rental('2026-11-28', '2026-11-29', 'pending', new Date(now - 48 * 3600_000 - 60_000));
    const fresh = await rental('2026-11-30', '2026-12-01', 'pending', new Date(now - 47 * 3600_000));
    const started = await rental('2026-11-22', '2026-11-24', 'pending', new Date(now - 3600_000));
    await Promise.all([expireOrdersJob.run(app.deps), expireOrdersJob.run(second.deps)]);

    for (const id of [old, started]) {
      const order = await app.db.selectFrom('orders').select(['status', 'cancellation_reason', 'cancelled_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(order).toEqual({ status: 'cancelled', cancellation_reason: ORDER_EXPIRED_REASON, cancelled_at: app.clock.now() });
      const told = await notificationsOf(app, id);
      expect(told).toHaveLength(2);
      expect(told.map((row) => row.title)).toEqual(['Pedido expirado', 'Pedido expirado']);
    }
    expect((await app.db.selectFrom('orders').select('status').where('id', '=', fresh).executeTakeFirstOrThrow()).status).toBe('pending');
    expect(await notificationsOf(app, fresh)).toEqual([]);

    // An hour later the 47-hour-old one is past 48 hours too.
    app.clock.advance(3600_000);
    await expireOrdersJob.run(app.deps);
    expect((await app.db.selectFrom('orders').select('status').where('id', '=', fresh).executeTakeFirstOrThrow()).status).toBe('cancelled');
    app.clock.set(new Date('2026-11-23T15:00:00Z'));
  });
});

describe("delivering a rental ('Marcar como entregue')", () => {
  let app: TestApp;
  let owner: TestUser;
  let renter: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    app = await createTestApp({}, { now: new Date('2026-11-23T15:00:00Z') });
    owner = await app.createUser();
    renter = await app.createUser();
    moderator = await app.createUser({ roles: ['moderator'] });
  });
  afterAll(() => app.close());

  it('is refused before the first day of the rental, and allowed from it', async () => {
    const fixtures = rentalFixtures(app);
    const listingId = await fixtures.publishRental(owner, moderator, 'Barraca');
    const id = await fixtures.rentalOrder({ listingId, owner, renter, start: '2026-11-24', end: '2026-11-25', status: 'approved' });
    const ownerApi = (await app.callerAs(owner)).api;
    await expectError(ownerApi.orders.markDelivered({ id }), 'CONFLICT', ORDER_MESSAGES.deliverBeforeStart('2026-11-24'));
    expect((await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('approved');
    app.clock.set(new Date('2026-11-24T03:00:00Z')); // 24/11 00:00 in São Paulo
    await ownerApi.orders.markDelivered({ id });
    expect((await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('in_progress');
  });

  it('is refused while another rental of the same item is in progress, by the service and by the database', async () => {
    app.clock.set(new Date('2026-11-28T15:00:00Z'));
    const fixtures = rentalFixtures(app);
    const listingId = await fixtures.publishRental(owner, moderator, 'Projetor');
    const late = await fixtures.rentalOrder({ listingId, owner, renter, start: '2026-11-24', end: '2026-11-26', status: 'in_progress' });
    const next = await fixtures.rentalOrder({ listingId, owner, renter, start: '2026-11-28', end: '2026-11-29', status: 'approved' });
    await expectError((await app.callerAs(owner)).api.orders.markDelivered({ id: next }), 'CONFLICT', ORDER_MESSAGES.rentalInProgress);
    await expect(app.db.updateTable('orders').set({ status: 'in_progress', delivered_at: app.clock.now() }).where('id', '=', next).execute()).rejects.toMatchObject({
      constraint: 'orders_one_rental_in_progress',
    });
    await (await app.callerAs(owner)).api.orders.complete({ id: late });
    await (await app.callerAs(owner)).api.orders.markDelivered({ id: next });
    expect((await app.db.selectFrom('orders').select('status').where('id', '=', next).executeTakeFirstOrThrow()).status).toBe('in_progress');
  });
});

describe('in a zone with daylight saving (America/New_York)', () => {
  let app: TestApp;
  let owner: TestUser;
  let renter: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    // Saturday 7 March 2026, 09:00 EST (UTC-5); clocks go forward on Sunday 8 March at 02:00.
    app = await createTestApp({ CONDO_TIMEZONE: 'America/New_York' }, { now: new Date('2026-03-07T14:00:00Z') });
    owner = await app.createUser();
    renter = await app.createUser();
    moderator = await app.createUser({ roles: ['moderator'] });
  });
  afterAll(() => app.close());

  it('counts days and the 08:00 start on the wall clock across the change', async () => {
    const fixtures = rentalFixtures(app);
    const listingId = await fixtures.publishRental(owner, moderator, 'Bicicleta');
    const id = await fixtures.rentalOrder({ listingId, owner, renter, start: '2026-03-05', end: '2026-03-08', status: 'in_progress' });

    // Saturday 23:30 EST is still the 7th: the day-before reminder, not the day-of.
    app.clock.set(new Date('2026-03-08T04:30:00Z'));
    await rentalRemindersJob.run(app.deps);
    expect((await notificationsOf(app, id)).map((row) => row.title)).toEqual(['Devolução amanhã']);

    // Sunday 07:30 EDT (11:30 UTC; it would be 06:30 without the change): too early.
    app.clock.set(new Date('2026-03-08T11:30:00Z'));
    await rentalRemindersJob.run(app.deps);
    expect(await notificationsOf(app, id)).toHaveLength(1);

    // Sunday 08:00 EDT = 12:00 UTC: the day of the return.
    app.clock.set(new Date('2026-03-08T12:00:00Z'));
    await rentalRemindersJob.run(app.deps);
    expect((await notificationsOf(app, id)).map((row) => row.title).sort()).toEqual(['Devolução amanhã', 'Devolução hoje']);

    // Monday 08:00 EDT: overdue, to both.
    app.clock.set(new Date('2026-03-09T12:00:00Z'));
    await rentalRemindersJob.run(app.deps);
    expect((await notificationsOf(app, id)).filter((row) => row.title === 'Devolução atrasada')).toHaveLength(2);
  });

  it('reminds both sides of a pickup the day before, from 08:00 on the wall clock after the change', async () => {
    const fixtures = rentalFixtures(app);
    const listingId = await fixtures.publishRental(owner, moderator, 'Barraca');
    const id = await fixtures.rentalOrder({ listingId, owner, renter, start: '2026-03-09', end: '2026-03-10', status: 'approved' });
    // Sunday 07:30 EDT (it would be 06:30 without the change): too early.
    app.clock.set(new Date('2026-03-08T11:30:00Z'));
    await rentalRemindersJob.run(app.deps);
    expect(await notificationsOf(app, id)).toEqual([]);
    // Sunday 08:00 EDT: tomorrow is the 9th, the first day.
    app.clock.set(new Date('2026-03-08T12:00:00Z'));
    await rentalRemindersJob.run(app.deps);
    await rentalRemindersJob.run(app.deps);
    expect((await notificationsOf(app, id)).map((row) => row.type)).toEqual(['reminder_pickup', 'reminder_pickup']);
  });

  it("expires a pending order whose first day passed at the zone's midnight, not UTC's", async () => {
    const fixtures = rentalFixtures(app);
    const listingId = await fixtures.publishRental(owner, moderator, 'Carrinho de bebê');
    const id = await fixtures.rentalOrder({ listingId, owner, renter, start: '2026-03-09', end: '2026-03-10', status: 'pending', createdAt: new Date('2026-03-09T03:00:00Z') });
    // 10 March 03:30 UTC is still 9 March 23:30 EDT: the first day has not passed.
    app.clock.set(new Date('2026-03-10T03:30:00Z'));
    await expireOrdersJob.run(app.deps);
    expect((await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');
    app.clock.set(new Date('2026-03-10T04:00:00Z')); // 10 March 00:00 EDT
    await expireOrdersJob.run(app.deps);
    expect((await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('cancelled');
  });
});
