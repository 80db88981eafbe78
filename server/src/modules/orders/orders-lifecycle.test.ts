import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { addDays, ORDER_TRANSITIONS, type OrderAction } from '@vizinhanca/shared/orders/order.rules';
import { ORDER_MESSAGES, ORDER_STATUSES, type OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { sql } from 'kysely';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { forceOrderStatus } from '../../../test/rental-fixtures.ts';
import { ACCESS_MESSAGES, refusalForDatabaseError } from '../../errors.ts';
import { insertOrder } from './orders.repository.ts';

// The lifecycle of decisions.md, enforced on the server: every transition from
// every status by every kind of user. The allowed ones succeed once; the others
// are refused and change nothing. Concurrent requests cannot both succeed.

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];
type Who = 'requester' | 'owner' | 'other' | 'moderator' | 'admin';
const EVERYONE: Who[] = ['requester', 'owner', 'other', 'moderator', 'admin'];

let app: TestApp;
const people = {} as Record<Who, TestUser>;
const apis = {} as Record<Who, Api>;
let serviceId: string;
let today: string;

/** A listing of the owner's, approved by the moderator: public. */
async function publish(input: Parameters<Api['listings']['create']>[0]) {
  const { id } = await apis.owner.listings.create(input);
  await apis.moderator.listings.moderation.approve({ id });
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  people.requester = await app.createUser({ fullName: 'Bruno Vizinho' });
  people.owner = await app.createUser({ fullName: 'Ana Dona' });
  people.other = await app.createUser({ fullName: 'Carlos Curioso' });
  people.moderator = await app.createUser({ roles: ['moderator'] });
  people.admin = await app.createUser({ roles: ['admin'] });
  for (const who of EVERYONE) apis[who] = (await app.callerAs(people[who])).api;
  serviceId = await publish({ type: 'service', title: 'Passeio com cachorros', description: 'Passeio de 45 minutos', priceCents: 3000, priceUnit: 'service' });
  today = todayInTimeZone(app.config.CONDO_TIMEZONE, app.clock.now());
});
afterAll(() => app.close());

async function orderIn(status: OrderStatus) {
  const { id } = await apis.requester.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
  if (status !== 'pending') await forceOrderStatus(app, id, status);
  return id;
}

async function snapshot(id: string) {
  const order = await app.db
    .selectFrom('orders')
    .select(['status', 'approved_at', 'delivered_at', 'completed_at', 'rejected_at', 'cancelled_at', 'rejection_reason', 'cancellation_reason', 'updated_at', 'total_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const notifications = await app.db.selectFrom('notifications').select(['user_id', 'type', 'title', 'message']).where('related_id', '=', id).orderBy('created_at').execute();
  return { order, notifications };
}

type Procedure = OrderAction | 'moderation.approve' | 'moderation.reject';
const CALLS: Record<Procedure, (api: Api, id: string) => Promise<{ message: string }>> = {
  approve: (api, id) => api.orders.approve({ id }),
  reject: (api, id) => api.orders.reject({ id, reason: 'Estou viajando nesses dias' }),
  cancel: (api, id) => api.orders.cancel({ id, reason: 'Mudei de planos' }),
  markDelivered: (api, id) => api.orders.markDelivered({ id }),
  complete: (api, id) => api.orders.complete({ id }),
  'moderation.approve': (api, id) => api.orders.moderation.approve({ id }),
  'moderation.reject': (api, id) => api.orders.moderation.reject({ id, reason: 'Pedido duplicado' }),
};

const WRONG_STATUS: Record<OrderAction, string> = {
  approve: ORDER_MESSAGES.notPending,
  reject: ORDER_MESSAGES.notPending,
  cancel: ORDER_MESSAGES.cannotCancel,
  markDelivered: ORDER_MESSAGES.cannotDeliver,
  complete: ORDER_MESSAGES.cannotComplete,
};

/** What each procedure is, as a transition, and who may call it. */
function ruleOf(procedure: Procedure): { action: OrderAction; who: Who } {
  if (procedure === 'moderation.approve') return { action: 'approve', who: 'admin' };
  if (procedure === 'moderation.reject') return { action: 'reject', who: 'admin' };
  return { action: procedure, who: ORDER_TRANSITIONS[procedure].by === 'owner' ? 'owner' : 'requester' };
}

/** The refusal a caller gets: the wrong person is FORBIDDEN, the right one at the wrong status gets CONFLICT. */
function expectedRefusal(procedure: Procedure, who: Who): [string, string] {
  const { action, who: allowed } = ruleOf(procedure);
  if (who !== allowed) {
    if (procedure.startsWith('moderation.')) return ['FORBIDDEN', ACCESS_MESSAGES.forbidden];
    return ['FORBIDDEN', ORDER_TRANSITIONS[action].by === 'owner' ? ORDER_MESSAGES.notOwner : ORDER_MESSAGES.notRequester];
  }
  return ['CONFLICT', WRONG_STATUS[action]];
}

const cases = ORDER_STATUSES.flatMap((status) => (Object.keys(CALLS) as Procedure[]).map((procedure) => ({ status, procedure })));

describe('every transition from every status by every kind of user', () => {
  it.each(cases)('$procedure from $status', async ({ status, procedure }) => {
    const id = await orderIn(status);
    const before = await snapshot(id);
    const { action, who: allowed } = ruleOf(procedure);
    const permitted = ORDER_TRANSITIONS[action].from.includes(status);

    for (const who of EVERYONE) {
      if (permitted && who === allowed) continue;
      const [code, message] = expectedRefusal(procedure, who);
      await expectError(CALLS[procedure](apis[who], id), code, message);
    }
    expect(await snapshot(id)).toEqual(before);
    if (!permitted) return;

    const isAdmin = procedure.startsWith('moderation.');
    await expect(CALLS[procedure](apis[allowed], id)).resolves.toEqual({ message: isAdmin ? 'Status do pedido atualizado!' : 'Status atualizado!' });
    const after = await snapshot(id);
    expect(after.order.status).toBe(ORDER_TRANSITIONS[action].to);
    expect(after.order.total_cents).toBe(before.order.total_cents);
    // The other side is told (and the owner too, when the administration decided).
    const told = after.notifications.slice(before.notifications.length);
    const otherSide = ORDER_TRANSITIONS[action].by === 'owner' ? people.requester.id : people.owner.id;
    expect(told.map((notification) => notification.user_id)).toEqual(isAdmin ? [otherSide, people.owner.id] : [otherSide]);
    expect(told.every((notification) => notification.type === 'order_status' && notification.message.includes('"Passeio com cachorros"'))).toBe(true);

    // Only once: the same call again is refused and changes nothing.
    await expectError(CALLS[procedure](apis[allowed], id), 'CONFLICT', isAdmin ? ORDER_MESSAGES.notPending : WRONG_STATUS[action]);
    expect(await snapshot(id)).toEqual(after);
  });
});

describe('what each transition records', () => {
  it('approving, delivering and completing record their moments; rejecting and cancelling their reasons', async () => {
    const done = await orderIn('pending');
    await apis.owner.orders.approve({ id: done });
    await apis.owner.orders.markDelivered({ id: done });
    await apis.owner.orders.complete({ id: done });
    const { order } = await snapshot(done);
    expect(order).toMatchObject({ status: 'completed', rejected_at: null, cancelled_at: null });
    expect(order.approved_at!.getTime()).toBeLessThanOrEqual(order.delivered_at!.getTime());
    expect(order.delivered_at!.getTime()).toBeLessThanOrEqual(order.completed_at!.getTime());

    const rejected = await orderIn('pending');
    await apis.owner.orders.reject({ id: rejected, reason: '  Sem horário nesta semana  ' });
    expect((await snapshot(rejected)).order).toMatchObject({ status: 'rejected', rejection_reason: 'Sem horário nesta semana' });
    const { notifications } = await snapshot(rejected);
    expect(notifications.at(-1)).toEqual({
      user_id: people.requester.id,
      type: 'order_status',
      title: 'Pedido rejeitado',
      message: 'Seu pedido de "Passeio com cachorros" foi rejeitado. Motivo: Sem horário nesta semana',
    });

    const cancelled = await orderIn('approved');
    await apis.requester.orders.cancel({ id: cancelled });
    expect((await snapshot(cancelled)).order).toMatchObject({ status: 'cancelled', cancellation_reason: null });
    expect((await snapshot(cancelled)).notifications.at(-1)).toEqual({
      user_id: people.owner.id,
      type: 'order_status',
      title: 'Pedido cancelado',
      message: 'Bruno Vizinho cancelou o pedido de "Passeio com cachorros".',
    });
  });

  it('an order of a deleted listing can no longer be approved, only rejected', async () => {
    const listingId = await publish({ type: 'service', title: 'Faxina', description: 'Diarista', priceCents: 15000 });
    const { id } = await apis.requester.orders.create({ listingId, confirmDuplicate: true });
    await apis.owner.listings.delete({ id: listingId });
    await expectError(apis.owner.orders.approve({ id }), 'CONFLICT', ORDER_MESSAGES.listingRemoved);
    expect((await snapshot(id)).order.status).toBe('pending');
    await apis.owner.orders.reject({ id });
    expect((await snapshot(id)).order.status).toBe('rejected');
  });

  it('refuses a made-up order and a reason over 500 characters', async () => {
    await expectError(apis.owner.orders.approve({ id: '00000000-0000-4000-8000-000000000000' }), 'NOT_FOUND', ORDER_MESSAGES.notFound);
    const id = await orderIn('pending');
    await expectError(apis.owner.orders.reject({ id, reason: 'x'.repeat(501) }), 'BAD_REQUEST', ORDER_MESSAGES.reasonTooLong);
    expect((await snapshot(id)).order.status).toBe('pending');
  });
});

describe('concurrent requests', () => {
  it('two transitions of one order at once: exactly one succeeds and one notification goes out', async () => {
    const pairs: [() => Promise<unknown>, () => Promise<unknown>][] = [];
    const first = await orderIn('pending');
    pairs.push([() => apis.owner.orders.approve({ id: first }), () => apis.owner.orders.reject({ id: first })]);
    const second = await orderIn('pending');
    // (approve then cancel would both be right: an approved order can still be cancelled.)
    pairs.push([() => apis.owner.orders.reject({ id: second }), () => apis.requester.orders.cancel({ id: second })]);
    const third = await orderIn('approved');
    pairs.push([() => apis.owner.orders.markDelivered({ id: third }), () => apis.requester.orders.cancel({ id: third })]);
    const fourth = await orderIn('pending');
    pairs.push([() => apis.owner.orders.approve({ id: fourth }), () => apis.admin.orders.moderation.reject({ id: fourth })]);

    for (const [index, [a, b]] of pairs.entries()) {
      const id = [first, second, third, fourth][index]!;
      const before = (await snapshot(id)).notifications.length;
      const results = await Promise.allSettled([a(), b()]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(TRPCError);
      expect((refused.reason as TRPCError).code).toBe('CONFLICT');
      const after = await snapshot(id);
      const winner = results[0]!.status === 'fulfilled' ? 0 : 1;
      const notified = after.notifications.length - before;
      // The admin's decision tells both sides; any other tells one.
      expect(notified).toBe(index === 3 && winner === 1 ? 2 : 1);
    }
  });

  it('50 residents asking for overlapping days of one rental at once end with exactly one order', async () => {
    const rentalId = await publish({ type: 'rental', title: 'Furadeira disputada', description: 'Com maleta', priceCents: 1500 });
    const residents = await Promise.all(Array.from({ length: 50 }, (_, i) => app.createUser({ fullName: `Vizinho ${i}` })));
    const callers = await Promise.all(residents.map(async (resident) => (await app.callerAs(resident)).api));
    // Every period holds day +5, so any two overlap.
    const results = await Promise.allSettled(
      callers.map((api, i) => api.orders.create({ listingId: rentalId, startDate: addDays(today, 1 + (i % 5)), endDate: addDays(today, 5 + (i % 3)) })),
    );

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      await expectError(Promise.reject(result.reason), 'CONFLICT', ORDER_MESSAGES.invalidPeriod);
    }
    const stored = await app.db.selectFrom('orders').select(['status']).where('listing_id', '=', rentalId).execute();
    expect(stored).toEqual([{ status: 'pending' }]);
    const ownerNotifications = await app.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', people.owner.id)
      .where('type', '=', 'order_status')
      .where('message', 'like', '%"Furadeira disputada"%')
      .execute();
    expect(ownerNotifications).toHaveLength(1);
  });

  it('the database itself refuses an overlapping order, whatever the service checked, with the dialog message', async () => {
    const rentalId = await publish({ type: 'rental', title: 'Escada', description: 'Sete degraus', priceCents: 1000 });
    const order = {
      listingId: rentalId,
      ownerId: people.owner.id,
      renterId: people.requester.id,
      totalCents: 3000,
      startDate: addDays(today, 10),
      endDate: addDays(today, 12),
      deliveryMethod: 'pickup' as const,
      deliveryAddress: null,
      scheduledAt: null,
      message: null,
      createdAt: app.clock.now(),
    };
    await insertOrder(app.db, order);
    const error = await insertOrder(app.db, { ...order, renterId: people.other.id, startDate: addDays(today, 12), endDate: addDays(today, 14) }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '23P01', constraint: 'orders_rental_overlap_excl' });
    expect(refusalForDatabaseError(error)?.message).toBe(ORDER_MESSAGES.invalidPeriod);
    // The day after the first period is free.
    await insertOrder(app.db, { ...order, renterId: people.other.id, startDate: addDays(today, 13), endDate: addDays(today, 14) });
  });

  it('a request for days another transaction is writing waits for it, and gets the dialog message from the exclusion constraint', async () => {
    const rentalId = await publish({ type: 'rental', title: 'Cadeira de praia', description: 'Com guarda-sol', priceCents: 800 });
    const period = { startDate: addDays(today, 20), endDate: addDays(today, 21) };
    let request: Promise<{ error: unknown }> | undefined;
    await app.db.transaction().execute(async (trx) => {
      // Another order for the same days, not committed yet.
      await insertOrder(trx, {
        listingId: rentalId,
        ownerId: people.owner.id,
        renterId: people.other.id,
        totalCents: 1600,
        ...period,
        deliveryMethod: 'pickup',
        deliveryAddress: null,
        scheduledAt: null,
        message: null,
        createdAt: app.clock.now(),
      });
      request = apis.requester.orders.create({ listingId: rentalId, ...period }).then(
        () => ({ error: null }),
        (error: unknown) => ({ error }),
      );
      // The request's order (written with its notification, at the commit) waits for this transaction in the constraint's index:
      // the only statement waiting for another transaction.
      await eventually(async () => {
        const { rows } = await sql`SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'transactionid'`.execute(app.db);
        expect(rows).toHaveLength(1);
      });
    });
    const { error } = await request!;
    await expectError(Promise.reject(error), 'CONFLICT', ORDER_MESSAGES.invalidPeriod);
    expect(await app.db.selectFrom('orders').select('renter_id').where('listing_id', '=', rentalId).execute()).toEqual([{ renter_id: people.other.id }]);
  });
});
