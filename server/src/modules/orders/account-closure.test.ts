import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import type { CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { ACCOUNT_CLOSED_REASONS } from '@vizinhanca/shared/orders/order.schema';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pickupTomorrow } from '../../../test/pickup.ts';

// Anonymising a person (LGPD) ends every open order they take part in, as owner
// or as requester, and the other side is told, in the app and by e-mail.

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

let app: TestApp;
let admin: TestUser;
let moderator: TestUser;
let today: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.createUser({ roles: ['admin'] });
  moderator = await app.createUser({ roles: ['moderator'] });
  today = todayInTimeZone(app.config.CONDO_TIMEZONE, app.clock.now());
});
afterAll(() => app.close());

async function api(user: TestUser): Promise<Api> {
  return (await app.callerAs(user)).api;
}

async function publish(owner: TestUser, input: CreateListingInput) {
  const { id } = await (await api(owner)).listings.create(input);
  await (await api(moderator)).listings.moderation.approve({ id });
  return id;
}

/** A pending food order, an approved service and a rental in progress (the requester holds the item), all from `requester` to `owner`. */
async function openOrders(owner: TestUser, requester: TestUser) {
  const food = await publish(owner, { type: 'food', title: 'Bolo de cenoura', description: 'Com cobertura', priceCents: 2500 });
  const service = await publish(owner, { type: 'service', title: 'Aula de violão', description: 'Uma hora', priceCents: 6000, priceUnit: 'hour' });
  const rental = await publish(owner, { type: 'rental', title: 'Furadeira', description: 'Com brocas', priceCents: 1500 });
  const requesterApi = await api(requester);
  const ownerApi = await api(owner);
  const pending = await requesterApi.orders.create({ listingId: food, scheduledAt: pickupTomorrow(app.clock) });
  const approved = await requesterApi.orders.create({ listingId: service });
  await ownerApi.orders.approve({ id: approved.id });
  const inProgress = await requesterApi.orders.create({ listingId: rental, startDate: today, endDate: addDays(today, 2) });
  await ownerApi.orders.approve({ id: inProgress.id });
  await ownerApi.orders.markDelivered({ id: inProgress.id });
  return { rental, ids: { pending: pending.id, approved: approved.id, inProgress: inProgress.id } };
}

async function ordersNow(ids: Record<string, string>) {
  const rows = await app.db.selectFrom('orders').select(['id', 'status', 'cancellation_reason']).where('id', 'in', Object.values(ids)).execute();
  return Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, rows.find((row) => row.id === id)]));
}

function allCancelled(ids: Record<string, string>, reason: string) {
  return Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, { id, status: 'cancelled', cancellation_reason: reason }]));
}

async function notificationsOf(user: TestUser, ids: Record<string, string>) {
  const rows = await app.db
    .selectFrom('notifications')
    .select(['related_id', 'title', 'message'])
    .where('user_id', '=', user.id)
    .where('title', '=', 'Pedido cancelado: conta encerrada')
    .execute();
  return Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, rows.filter((row) => row.related_id === id).map((row) => row.message)]));
}

async function auditActionsOf(ids: Record<string, string>) {
  const rows = await app.db.selectFrom('audit_log').select(['target_id', 'action', 'reason']).where('target_id', 'in', Object.values(ids)).orderBy('id').execute();
  return rows.filter((row) => row.action.startsWith('order.cancelled')).map((row) => [row.action, row.reason]);
}

describe('anonymising a person ends every open order they take part in', () => {
  it('as owner: pending, approved and in-progress orders are cancelled as an account closure, and the requester is told', async () => {
    const leaving = await app.createUser({ fullName: 'Olga Saindo' });
    const requester = await app.createUser({ fullName: 'Paula Pedinte' });
    const { ids } = await openOrders(leaving, requester);

    await (await api(admin)).admin.users.anonymize({ userId: leaving.id });

    expect(await ordersNow(ids)).toEqual(allCancelled(ids, ACCOUNT_CLOSED_REASONS.owner));
    expect(await notificationsOf(requester, ids)).toEqual({
      pending: ['Seu pedido de "Bolo de cenoura" foi cancelado porque a conta do anunciante foi encerrada.'],
      approved: ['Seu pedido de "Aula de violão" foi cancelado porque a conta do anunciante foi encerrada.'],
      inProgress: ['Seu pedido de "Furadeira" foi cancelado porque a conta do anunciante foi encerrada. Combine a devolução do item com a administração do condomínio.'],
    });
    // Never 'por suspensão': the log names the account closure.
    expect(await auditActionsOf(ids)).toEqual(Array.from({ length: 3 }, () => ['order.cancelled_by_account_closure', ACCOUNT_CLOSED_REASONS.owner]));
    const labels = (await (await api(admin)).admin.activity({})).items.filter((entry) => Object.values(ids).includes(entry.targetId ?? '')).map((entry) => entry.label);
    expect(labels).toContain('Pedido cancelado: conta encerrada');
    expect(labels.join()).not.toMatch(/suspens/);
    // The requester's order screen shows them finished, with the reason.
    const mine = await (await api(requester)).orders.mine({ tab: 'active' });
    expect(mine.items.filter((item) => Object.values(ids).includes(item.id))).toEqual([]);
    const finished = (await (await api(requester)).orders.mine({ tab: 'finished' })).items.filter((item) => Object.values(ids).includes(item.id));
    expect(finished.map((item) => item.cancellationReason)).toEqual([ACCOUNT_CLOSED_REASONS.owner, ACCOUNT_CLOSED_REASONS.owner, ACCOUNT_CLOSED_REASONS.owner]);
    // And by e-mail, as every order notification (their e-mail switch is on by default).
    await eventually(() => {
      const mail = app.outbox().filter((message) => message.text.includes(`To: ${requester.email}`) && message.text.includes('conta encerrada'));
      expect(mail).toHaveLength(3);
      expect(mail.some((message) => message.text.includes('Combine a devolução do item com a administração do condomínio.'))).toBe(true);
    }, 10_000);
  });

  it('as requester: pending, approved and in-progress orders are cancelled, the owner is told, and the rental is free again', async () => {
    const owner = await app.createUser({ fullName: 'Otávio Empresta' });
    const leaving = await app.createUser({ fullName: 'Renan Saindo' });
    const neighbour = await app.createUser({ fullName: 'Nina Vizinha' });
    const { rental, ids } = await openOrders(owner, leaving);

    await (await api(admin)).admin.users.anonymize({ userId: leaving.id });

    expect(await ordersNow(ids)).toEqual(allCancelled(ids, ACCOUNT_CLOSED_REASONS.requester));
    expect(await notificationsOf(owner, ids)).toEqual({
      pending: ['O pedido de "Bolo de cenoura" foi cancelado porque a conta de quem pediu foi encerrada.'],
      approved: ['O pedido de "Aula de violão" foi cancelado porque a conta de quem pediu foi encerrada.'],
      inProgress: ['O pedido de "Furadeira" foi cancelado porque a conta de quem pediu foi encerrada. Procure a administração do condomínio para reaver o item.'],
    });
    expect(await auditActionsOf(ids)).toEqual(Array.from({ length: 3 }, () => ['order.cancelled_by_account_closure', ACCOUNT_CLOSED_REASONS.requester]));
    // Nothing left holding the rental: the same days can be asked for, approved and handed over to someone else.
    const next = await (await api(neighbour)).orders.create({ listingId: rental, startDate: today, endDate: addDays(today, 2) });
    const ownerApi = await api(owner);
    await ownerApi.orders.approve({ id: next.id });
    await expect(ownerApi.orders.markDelivered({ id: next.id })).resolves.toMatchObject({ message: expect.any(String) });
  });
});
