import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { DESK_CODE_CANCELLED_NOTIFICATION, DESK_GIVE_BACK_NOTIFICATIONS, DESK_MESSAGES, DESK_NOTIFICATIONS } from '@vizinhanca/shared/portaria/portaria.schema';
import { ACCESS_MESSAGES } from '../../errors.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

// Hand-over at the portaria: the owner's code, the desk's two steps each way,
// the order moving on as the owner's buttons move it, and the desk seeing
// nothing else and guessing no codes.

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];
let app: TestApp;
let owner: TestUser;
let requester: TestUser;
let desk: TestUser;
let ownerApi: Api;
let requesterApi: Api;
let deskApi: Api;
let secondDeskApi: Api;
let rentalId: string;

beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser({ fullName: 'Ana Dona' });
  requester = await app.createUser({ fullName: 'Bruno Vizinho' });
  desk = await app.createUser({ fullName: 'Portaria Central', roles: ['portaria'] });
  const moderator = await app.createUser({ roles: ['moderator'] });
  ownerApi = (await app.callerAs(owner)).api;
  requesterApi = (await app.callerAs(requester)).api;
  deskApi = (await app.callerAs(desk)).api;
  secondDeskApi = (await app.callerAs(await app.createUser({ roles: ['portaria'] }))).api;
  ({ id: rentalId } = await ownerApi.listings.create({ type: 'rental', title: 'Furadeira de impacto', description: 'Com maleta', priceCents: 1500 }));
  await (await app.callerAs(moderator)).api.listings.moderation.approve({ id: rentalId });
});
afterAll(() => app.close());

/** An approved rental of the furadeira from today: each test completes or cancels it before the next one. */
async function approvedRental() {
  const start = app.clock.today();
  const { id } = await requesterApi.orders.create({ listingId: rentalId, startDate: start, endDate: addDays(start, 2) });
  await ownerApi.orders.approve({ id });
  return id;
}

async function orderStatus(id: string) {
  return (await app.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}

async function deskTrail(orderId: string) {
  return app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'created_at'])
    .where('target_id', '=', orderId)
    .where('action', 'in', [AUDIT_ACTIONS.orderDeskStarted, AUDIT_ACTIONS.orderDeskReceived, AUDIT_ACTIONS.orderDeskHandedOver, AUDIT_ACTIONS.orderDelivered, AUDIT_ACTIONS.orderCompleted])
    .orderBy('id')
    .execute();
}

async function notificationsOf(orderId: string) {
  return app.db.selectFrom('notifications').select(['user_id', 'title', 'message']).where('related_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
}

describe('a rental handed over at the portaria and returned the same way', () => {
  it('goes out with the owner\'s code and back with the requester\'s, each step told to both and in the audit log', async () => {
    const id = await approvedRental();
    const { code } = await ownerApi.portaria.start({ orderId: id });
    expect(code).toMatch(/^\d{6}$/);
    // Asking again shows the same code; the requester sees it on their card too.
    expect((await ownerApi.portaria.start({ orderId: id })).code).toBe(code);
    expect(await requesterApi.portaria.mine()).toEqual([{ orderId: id, leg: 'delivery', status: 'waiting', code }]);
    // Only a hash is stored.
    const stored = await app.db.selectFrom('desk_handovers').select('code_hash').where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const seen = await deskApi.portaria.lookup({ code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(seen).toEqual({
      leg: 'delivery',
      status: 'waiting',
      nextStep: 'receive',
      item: { title: 'Furadeira de impacto', photoUrl: null },
      owner: { fullName: 'Ana Dona', apartment: 'A-101' },
      requester: { fullName: 'Bruno Vizinho', apartment: 'A-101' },
    });

    // Out of order: nothing written.
    await expectError(deskApi.portaria.advance({ code, step: 'handOver' }), 'CONFLICT', DESK_MESSAGES.stepOutOfOrder);
    expect(await orderStatus(id)).toBe('approved');

    expect(await deskApi.portaria.advance({ code, step: 'receive' })).toEqual({ message: DESK_MESSAGES.received });
    expect((await deskApi.portaria.lookup({ code })).nextStep).toBe('handOver');
    // The owner can no longer hand it over himself: the desk holds it.
    await expectError(ownerApi.orders.markDelivered({ id }), 'CONFLICT', DESK_MESSAGES.atDesk);
    await expectError(deskApi.portaria.advance({ code, step: 'receive' }), 'CONFLICT', DESK_MESSAGES.stepOutOfOrder);

    app.clock.advance(60_000);
    expect(await deskApi.portaria.advance({ code, step: 'handOver' })).toEqual({ message: DESK_MESSAGES.handedOver });
    expect(await orderStatus(id)).toBe('in_progress');
    // Used: the code opens nothing any more.
    await expectError(deskApi.portaria.lookup({ code }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    await expectError(deskApi.portaria.advance({ code, step: 'handOver' }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);

    // The return: a new code from the requester, the same two steps, the order completed.
    await expectError(ownerApi.portaria.start({ orderId: id }), 'FORBIDDEN', DESK_MESSAGES.notRequester);
    const back = await requesterApi.portaria.start({ orderId: id });
    expect(back.code).not.toBe(code);
    expect((await deskApi.portaria.lookup({ code: back.code })).leg).toBe('return');
    await deskApi.portaria.advance({ code: back.code, step: 'receive' });
    app.clock.advance(60_000);
    await deskApi.portaria.advance({ code: back.code, step: 'handOver' });
    expect(await orderStatus(id)).toBe('completed');
    expect(await ownerApi.portaria.mine()).toEqual([]);

    const trail = await deskTrail(id);
    expect(trail.map((entry) => [entry.action, entry.actor_id])).toEqual([
      [AUDIT_ACTIONS.orderDeskStarted, owner.id],
      [AUDIT_ACTIONS.orderDeskReceived, desk.id],
      [AUDIT_ACTIONS.orderDelivered, desk.id],
      [AUDIT_ACTIONS.orderDeskHandedOver, desk.id],
      [AUDIT_ACTIONS.orderDeskStarted, requester.id],
      [AUDIT_ACTIONS.orderDeskReceived, desk.id],
      [AUDIT_ACTIONS.orderCompleted, desk.id],
      [AUDIT_ACTIONS.orderDeskHandedOver, desk.id],
    ]);
    // With the moment of each step (the clock moved a minute before each hand-over).
    expect(trail[2]!.created_at.getTime() - trail[1]!.created_at.getTime()).toBe(60_000);

    const told = (await notificationsOf(id)).filter((n) => Object.values(DESK_NOTIFICATIONS).some((make) => make('Furadeira de impacto').title === n.title));
    const both = [owner.id, requester.id].sort();
    for (const make of Object.values(DESK_NOTIFICATIONS)) {
      const { title, message } = make('Furadeira de impacto');
      expect(told.filter((n) => n.title === title && n.message === message).map((n) => n.user_id).sort()).toEqual(both);
    }
  });

  it('refuses a code for an order that is not approved, and to anyone but the owner', async () => {
    const { id } = await requesterApi.orders.create({ listingId: rentalId, startDate: addDays(app.clock.today(), 20), endDate: addDays(app.clock.today(), 21) });
    await expectError(ownerApi.portaria.start({ orderId: id }), 'CONFLICT', DESK_MESSAGES.cannotStartDelivery);
    await ownerApi.orders.approve({ id });
    await expectError(requesterApi.portaria.start({ orderId: id }), 'FORBIDDEN', DESK_MESSAGES.notOwner);
    const stranger = (await app.callerAs(await app.createUser())).api;
    await expectError(stranger.portaria.start({ orderId: id }), 'NOT_FOUND', DESK_MESSAGES.orderNotFound);
    expect(await app.db.selectFrom('desk_handovers').select('id').where('order_id', '=', id).execute()).toEqual([]);
    // Handed over before its first day: refused at the desk as on the owner's button, nothing written.
    const { code } = await ownerApi.portaria.start({ orderId: id });
    await deskApi.portaria.advance({ code, step: 'receive' });
    await expectError(deskApi.portaria.advance({ code, step: 'handOver' }), 'CONFLICT', /marque como entregue a partir desse dia/);
    expect(await orderStatus(id)).toBe('approved');
    expect((await deskApi.portaria.lookup({ code })).status).toBe('at_desk');
    // The requester cancels: the item goes back to the owner from the desk (below).
    await requesterApi.orders.cancel({ id });
    expect((await deskApi.portaria.lookup({ code })).nextStep).toBe('giveBack');
    await deskApi.portaria.advance({ code, step: 'giveBack' });
  });

  it("gives a cancelled order's item at the desk back to its owner ('Devolvido ao dono'): both told, in the audit log, the order stays cancelled", async () => {
    const id = await approvedRental();
    const { code } = await ownerApi.portaria.start({ orderId: id });
    await deskApi.portaria.advance({ code, step: 'receive' });
    await requesterApi.orders.cancel({ id, reason: 'Não preciso mais' });
    expect(await orderStatus(id)).toBe('cancelled');
    const waits = DESK_GIVE_BACK_NOTIFICATIONS.waitsForOwner('Furadeira de impacto');
    expect((await notificationsOf(id)).filter((n) => n.title === waits.title && n.message === waits.message).map((n) => n.user_id).sort()).toEqual([owner.id, requester.id].sort());

    // The owner's card keeps the code to fetch the item; the requester's no longer shows one.
    expect(await ownerApi.portaria.mine()).toEqual([{ orderId: id, leg: 'delivery', status: 'at_desk', code }]);
    expect(await requesterApi.portaria.mine()).toEqual([]);
    // The desk sees the one step left; handing it to the requester is refused, nothing written.
    expect(await deskApi.portaria.lookup({ code })).toMatchObject({ leg: 'delivery', status: 'at_desk', nextStep: 'giveBack' });
    await expectError(deskApi.portaria.advance({ code, step: 'handOver' }), 'CONFLICT', DESK_MESSAGES.stepOutOfOrder);
    await expectError(deskApi.portaria.advance({ code, step: 'receive' }), 'CONFLICT', DESK_MESSAGES.stepOutOfOrder);
    expect(await orderStatus(id)).toBe('cancelled');

    app.clock.advance(60_000);
    expect(await deskApi.portaria.advance({ code, step: 'giveBack' })).toEqual({ message: DESK_MESSAGES.givenBack });
    expect(await orderStatus(id)).toBe('cancelled');
    const leg = await app.db.selectFrom('desk_handovers').select(['status', 'handed_by', 'handed_at']).where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(leg).toEqual({ status: 'given_back', handed_by: desk.id, handed_at: app.clock.now() });
    const givenBack = DESK_GIVE_BACK_NOTIFICATIONS.givenBack('Furadeira de impacto');
    expect((await notificationsOf(id)).filter((n) => n.title === givenBack.title && n.message === givenBack.message).map((n) => n.user_id).sort()).toEqual([owner.id, requester.id].sort());
    const trail = await app.db.selectFrom('audit_log').select(['actor_id', 'after']).where('target_id', '=', id).where('action', '=', AUDIT_ACTIONS.orderDeskGivenBack).execute();
    expect(trail).toEqual([{ actor_id: desk.id, after: { leg: 'delivery' } }]);
    // Used: the code opens nothing any more, and the owner's card shows none.
    await expectError(deskApi.portaria.lookup({ code }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    expect(await ownerApi.portaria.mine()).toEqual([]);
  });

  it("an order ended by an account closure goes through the same step: the item at the desk waits for its owner, both told; a code not used yet dies", async () => {
    const admin = (await app.callerAs(await app.createUser({ roles: ['admin'] }))).api;
    const leaving = await app.createUser({ fullName: 'Lia Saindo' });
    const leavingApi = (await app.callerAs(leaving)).api;
    const start = app.clock.today();
    // The requester's account closes while the owner's item is at the desk.
    const { id: atDesk } = await leavingApi.orders.create({ listingId: rentalId, startDate: addDays(start, 20), endDate: addDays(start, 21) });
    await ownerApi.orders.approve({ id: atDesk });
    const { code: deskCode } = await ownerApi.portaria.start({ orderId: atDesk });
    await deskApi.portaria.advance({ code: deskCode, step: 'receive' });
    // The owner's account closes while the code of another order was not used yet.
    const closingOwner = await app.createUser({ fullName: 'Otto Fechando' });
    const closingOwnerApi = (await app.callerAs(closingOwner)).api;
    const { id: sawId } = await closingOwnerApi.listings.create({ type: 'rental', title: 'Serra circular', description: 'Com disco', priceCents: 2500 });
    await admin.listings.moderation.approve({ id: sawId });
    const { id: waiting } = await requesterApi.orders.create({ listingId: sawId, startDate: start, endDate: start });
    await closingOwnerApi.orders.approve({ id: waiting });
    const { code: unusedCode } = await closingOwnerApi.portaria.start({ orderId: waiting });

    await admin.admin.users.anonymize({ userId: leaving.id });
    await admin.admin.users.anonymize({ userId: closingOwner.id });
    expect([await orderStatus(atDesk), await orderStatus(waiting)]).toEqual(['cancelled', 'cancelled']);

    const waits = DESK_GIVE_BACK_NOTIFICATIONS.waitsForOwner('Furadeira de impacto');
    // The closed account's own notices went with it: the owner is the one left to read it.
    expect((await notificationsOf(atDesk)).filter((n) => n.title === waits.title && n.message === waits.message).map((n) => n.user_id)).toEqual([owner.id]);
    expect(await ownerApi.portaria.mine()).toEqual([{ orderId: atDesk, leg: 'delivery', status: 'at_desk', code: deskCode }]);
    expect(await deskApi.portaria.lookup({ code: deskCode })).toMatchObject({ status: 'at_desk', nextStep: 'giveBack' });
    await expectError(deskApi.portaria.advance({ code: deskCode, step: 'handOver' }), 'CONFLICT', DESK_MESSAGES.stepOutOfOrder);
    expect(await deskApi.portaria.advance({ code: deskCode, step: 'giveBack' })).toEqual({ message: DESK_MESSAGES.givenBack });

    const unused = await app.db.selectFrom('desk_handovers').select(['status', 'cancelled_at']).where('order_id', '=', waiting).executeTakeFirstOrThrow();
    expect(unused).toEqual({ status: 'cancelled', cancelled_at: app.clock.now() });
    await expectError(deskApi.portaria.lookup({ code: unusedCode }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    expect(await requesterApi.portaria.mine()).toEqual([]);
  });

  it('a code not used yet dies when the owner hands the item over himself', async () => {
    const id = await approvedRental();
    const { code } = await ownerApi.portaria.start({ orderId: id });
    await ownerApi.orders.markDelivered({ id });
    await expectError(deskApi.portaria.lookup({ code }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    await ownerApi.orders.complete({ id });
  });
});

describe("cancelling a code before the item reaches the desk ('Cancelar código')", () => {
  it("lets its maker take it back: the desk no longer takes it, the other side is told, the log keeps it, and a new code can be made", async () => {
    const deskApi = (await app.callerAs(await app.createUser({ roles: ['portaria'] }))).api;
    const id = await approvedRental();
    await expectError(ownerApi.portaria.cancel({ orderId: id }), 'CONFLICT', DESK_MESSAGES.noCodeToCancel);
    const { code } = await ownerApi.portaria.start({ orderId: id });
    // Only its maker: not the other side, not a stranger; nothing written.
    await expectError(requesterApi.portaria.cancel({ orderId: id }), 'FORBIDDEN', DESK_MESSAGES.notStarter);
    const stranger = (await app.callerAs(await app.createUser())).api;
    await expectError(stranger.portaria.cancel({ orderId: id }), 'NOT_FOUND', DESK_MESSAGES.orderNotFound);
    expect((await deskApi.portaria.lookup({ code })).nextStep).toBe('receive');

    expect(await ownerApi.portaria.cancel({ orderId: id })).toEqual({ message: DESK_MESSAGES.cancelled });
    await expectError(deskApi.portaria.lookup({ code }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    await expectError(deskApi.portaria.advance({ code, step: 'receive' }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    expect(await requesterApi.portaria.mine()).toEqual([]);
    expect(await ownerApi.portaria.mine()).toEqual([]);
    await expectError(ownerApi.portaria.cancel({ orderId: id }), 'CONFLICT', DESK_MESSAGES.noCodeToCancel);
    expect(await orderStatus(id)).toBe('approved');
    const told = await notificationsOf(id);
    expect(told.filter((n) => n.title === DESK_CODE_CANCELLED_NOTIFICATION('Furadeira de impacto').title).map((n) => [n.user_id, n.message])).toEqual([
      [requester.id, DESK_CODE_CANCELLED_NOTIFICATION('Furadeira de impacto').message],
    ]);
    const cancelled = await app.db.selectFrom('audit_log').select(['actor_id', 'after']).where('target_id', '=', id).where('action', '=', AUDIT_ACTIONS.orderDeskCancelled).execute();
    expect(cancelled).toEqual([{ actor_id: owner.id, after: { leg: 'delivery' } }]);

    // 'Deixar na portaria' again: a new code; the cancelled one stays dead.
    const again = await ownerApi.portaria.start({ orderId: id });
    expect(again.code).not.toBe(code);
    await expectError(deskApi.portaria.lookup({ code }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    expect(await requesterApi.portaria.mine()).toEqual([{ orderId: id, leg: 'delivery', status: 'waiting', code: again.code }]);
    // Once the desk holds the item, the code is the desk's: no cancelling.
    await deskApi.portaria.advance({ code: again.code, step: 'receive' });
    await expectError(ownerApi.portaria.cancel({ orderId: id }), 'CONFLICT', DESK_MESSAGES.cannotCancelAtDesk);
    expect((await deskApi.portaria.lookup({ code: again.code })).status).toBe('at_desk');
    await deskApi.portaria.advance({ code: again.code, step: 'handOver' });

    // The return leg's code is the requester's to cancel.
    const back = await requesterApi.portaria.start({ orderId: id });
    await expectError(ownerApi.portaria.cancel({ orderId: id }), 'FORBIDDEN', DESK_MESSAGES.notStarter);
    await requesterApi.portaria.cancel({ orderId: id });
    await expectError(deskApi.portaria.lookup({ code: back.code }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    await ownerApi.orders.complete({ id });
  });
});

describe('the desk sees the code\'s order and nothing else', () => {
  it('refuses a wrong code without writing anything, and a malformed one with its message', async () => {
    await expectError(deskApi.portaria.lookup({ code: '12345' }), 'BAD_REQUEST', DESK_MESSAGES.codeInvalid);
    const before = await app.db.selectFrom('desk_handovers').select(['id', 'status']).execute();
    await expectError(secondDeskApi.portaria.advance({ code: '000000', step: 'receive' }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    expect(await app.db.selectFrom('desk_handovers').select(['id', 'status']).execute()).toEqual(before);
  });

  it('is refused the rest of the app: listings, orders, people, messages', async () => {
    await expectError(deskApi.listings.list({ type: 'rental' }), 'FORBIDDEN', ACCESS_MESSAGES.forbidden);
    await expectError(deskApi.orders.mine({ tab: 'all' }), 'FORBIDDEN', ACCESS_MESSAGES.forbidden);
    await expectError(deskApi.users.neighbour({ id: owner.id }), 'FORBIDDEN', ACCESS_MESSAGES.forbidden);
    await expectError(deskApi.portaria.start({ orderId: rentalId }), 'FORBIDDEN', ACCESS_MESSAGES.forbidden);
    // And residents cannot use the desk's procedures.
    await expectError(ownerApi.portaria.lookup({ code: '123456' }), 'FORBIDDEN', ACCESS_MESSAGES.forbidden);
  });

  it('throttles wrong codes like logins: a desk cannot try thousands of codes, even with a right one in between', async () => {
    const deskApi = (await app.callerAs(await app.createUser({ roles: ['portaria'] }))).api;
    const id = await approvedRental();
    const { code } = await ownerApi.portaria.start({ orderId: id });
    const wrong = code === '999999' ? '999998' : '999999';
    // Right codes are not held against the desk.
    for (let i = 0; i < 3; i += 1) await deskApi.portaria.lookup({ code });
    for (let i = 0; i < 5; i += 1) await expectError(deskApi.portaria.lookup({ code: wrong }), 'NOT_FOUND', DESK_MESSAGES.codeNotFound);
    await expectError(deskApi.portaria.lookup({ code: wrong }), 'TOO_MANY_REQUESTS', /Muitas tentativas de código/);
    // Slowed, the right code waits too (nothing tells a guesser which code was right), and so does a step.
    await expectError(deskApi.portaria.lookup({ code }), 'TOO_MANY_REQUESTS', /Muitas tentativas de código/);
    await expectError(deskApi.portaria.advance({ code, step: 'receive' }), 'TOO_MANY_REQUESTS', /Muitas tentativas de código/);
    expect((await app.db.selectFrom('desk_handovers').select('status').where('order_id', '=', id).executeTakeFirstOrThrow()).status).toBe('waiting');
    // The wait doubles with each refused try; once it passed, the desk goes on.
    app.clock.advance(60_000);
    expect((await deskApi.portaria.lookup({ code })).nextStep).toBe('receive');
    await requesterApi.orders.cancel({ id });
  });

  it('counts every desk account together: a second phone does not buy more guesses', async () => {
    app.clock.advance(2 * 3600_000);
    const desks = await Promise.all(Array.from({ length: 15 }, async () => (await app.callerAs(await app.createUser({ roles: ['portaria'] }))).api));
    // 15 accounts x 4 wrong codes, typed at once: the shared window (60) lets no more through.
    const results = await Promise.allSettled(desks.flatMap((api) => Array.from({ length: 4 }, (_, i) => api.portaria.lookup({ code: String(100_000 + i) }))));
    const refused = results.filter((result) => result.status === 'rejected' && (result.reason as { code?: string }).code === 'TOO_MANY_REQUESTS');
    expect(results.length - refused.length).toBeLessThanOrEqual(60);
    await expectError(desks[0]!.portaria.lookup({ code: '100009' }), 'TOO_MANY_REQUESTS', /Muitas tentativas de código/);
  });
});

describe('the role', () => {
  it('is granted by an administrator alone, never with another role', async () => {
    const admin = (await app.callerAs(await app.createUser({ roles: ['admin'] }))).api;
    const person = await app.createUser();
    const user = await admin.admin.users.byId({ userId: person.id });
    const edit = { userId: person.id, expectedUpdatedAt: user.updatedAt, fullName: user.fullName, approvalStatus: 'approved' as const, isSuspended: false, block: '', apartment: '', bio: '' };
    await expectError(admin.admin.users.update({ ...edit, roles: ['portaria', 'moderator'] }), 'BAD_REQUEST', 'O papel Portaria não se combina com outros papéis.');
    await admin.admin.users.update({ ...edit, roles: ['portaria'] });
    const api = (await app.callerAs(person)).api;
    expect((await api.auth.me())?.roles).toEqual(['portaria']);
    await expectError(api.listings.list({ type: 'rental' }), 'FORBIDDEN', ACCESS_MESSAGES.forbidden);
  });
});
