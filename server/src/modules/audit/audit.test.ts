import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pickupTomorrow } from '../../../test/pickup.ts';

// The audit log tells the truth of its moment: what a row says does not change when the
// record changes later, and every change a resident makes to an order, a listing, a person
// or money is on it, with who made it.

let app: TestApp;
let admin: TestUser;
let owner: TestUser;
let requester: TestUser;

beforeAll(async () => {
  // 23/11 12:00 in São Paulo.
  app = await createTestApp({}, { now: new Date('2026-11-23T15:00:00Z') });
  admin = await app.createUser({ roles: ['admin'], fullName: 'Carla Admin' });
  owner = await app.createUser({ fullName: 'Ana Dona' });
  requester = await app.createUser({ fullName: 'Bruno Pede' });
});
afterAll(() => app.close());

async function api(user: TestUser) {
  return (await app.callerAs(user)).api;
}

/** Every entry about this record, oldest first, as the Atividade section shows them. */
async function activityOf(targetId: string) {
  const entries = [];
  let cursor: string | null = null;
  do {
    const page = await (await api(admin)).admin.activity({ cursor });
    entries.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return entries.filter((entry) => entry.targetId === targetId).reverse();
}

async function publish(type: 'rental' | 'food', title: string) {
  const { id } = await (await api(owner)).listings.create({ type, title, description: 'Para os vizinhos', priceCents: 1500 });
  await (await api(admin)).listings.moderation.approve({ id });
  return id;
}

describe('the audit log keeps what was true then', () => {
  it('a renamed listing: its old rows keep the old title, the rename and later rows the new one, and so do its orders', async () => {
    const id = await publish('food', 'Bolo de laranja');
    const { id: orderId } = await (await api(requester)).orders.create({ listingId: id, scheduledAt: pickupTomorrow(app.clock) });
    const labelsBefore = (await activityOf(id)).map((entry) => [entry.label, entry.targetLabel]);
    expect(labelsBefore).toEqual([
      ['Anúncio criado', 'Bolo de laranja'],
      ['Anúncio aprovado', 'Bolo de laranja'],
    ]);

    await (await api(owner)).listings.update({ id, type: 'food', title: 'Bolo de cenoura', description: 'Para os vizinhos', priceCents: 1500 });
    await (await api(admin)).listings.moderation.approve({ id });
    expect((await activityOf(id)).map((entry) => [entry.label, entry.targetLabel])).toEqual([
      ['Anúncio criado', 'Bolo de laranja'],
      ['Anúncio aprovado', 'Bolo de laranja'],
      ['Anúncio editado', 'Bolo de cenoura'],
      ['Anúncio aprovado', 'Bolo de cenoura'],
    ]);
    expect((await activityOf(orderId)).map((entry) => [entry.label, entry.targetLabel])).toEqual([['Pedido criado', 'Bolo de laranja']]);
  });
});

describe('every change a resident makes is on the record', () => {
  it("an order's whole life: approval, a payment mark, the owner's hand-over and completion, the review; a requester's cancellation", async () => {
    const rental = await publish('rental', 'Furadeira');
    const today = app.clock.today();
    const requesterApi = await api(requester);
    const ownerApi = await api(owner);
    const { id: orderId } = await requesterApi.orders.create({ listingId: rental, startDate: today, endDate: addDays(today, 1) });
    await ownerApi.orders.approve({ id: orderId });
    await requesterApi.orders.markPaid({ id: orderId });
    await ownerApi.orders.markDelivered({ id: orderId });
    await ownerApi.orders.complete({ id: orderId });
    await requesterApi.reviews.create({ orderId, rating: 5 });
    const { id: cancelledId } = await requesterApi.orders.create({ listingId: rental, startDate: addDays(today, 5), endDate: addDays(today, 6) });
    await requesterApi.orders.cancel({ id: cancelledId, reason: 'Não preciso mais' });

    expect((await activityOf(orderId)).map((entry) => [entry.label, entry.actor?.id, entry.before, entry.after])).toEqual([
      ['Pedido criado', requester.id, null, expect.anything()],
      ['Pedido aprovado', owner.id, { status: 'pending' }, { status: 'approved' }],
      ['Pedido marcado como pago', requester.id, { paid: false }, { paid: true }],
      ['Pedido entregue', owner.id, { status: 'approved' }, { status: 'in_progress' }],
      ['Pedido concluído', owner.id, { status: 'in_progress' }, { status: 'completed' }],
      ['Avaliação enviada', requester.id, null, { rating: 5 }],
    ]);
    const cancelled = await activityOf(cancelledId);
    expect(cancelled.map((entry) => [entry.label, entry.actor?.id, entry.after, entry.reason])).toEqual([
      ['Pedido criado', requester.id, expect.anything(), null],
      ['Pedido cancelado', requester.id, { status: 'cancelled' }, 'Não preciso mais'],
    ]);
  });

  it("a listing's owner: pause, reactivate, renew, blocked days and delete, each with who did it", async () => {
    const rental = await publish('rental', 'Item para excluir');
    const ownerApi = await api(owner);
    const day = addDays(app.clock.today(), 3);
    await ownerApi.listings.pause({ id: rental });
    await ownerApi.listings.reactivate({ id: rental });
    await ownerApi.listings.renew({ id: rental });
    await ownerApi.listings.blockDays({ id: rental, days: [day] });
    await ownerApi.listings.unblockDay({ id: rental, day });
    await ownerApi.listings.delete({ id: rental });
    expect((await activityOf(rental)).map((entry) => [entry.label, entry.actor?.id, entry.targetLabel])).toEqual([
      ['Anúncio criado', owner.id, 'Item para excluir'],
      ['Anúncio aprovado', admin.id, 'Item para excluir'],
      ['Anúncio pausado pelo dono', owner.id, 'Item para excluir'],
      ['Anúncio reativado pelo dono', owner.id, 'Item para excluir'],
      ['Anúncio renovado', owner.id, 'Item para excluir'],
      ['Dias bloqueados', owner.id, 'Item para excluir'],
      ['Dia desbloqueado', owner.id, 'Item para excluir'],
      ['Anúncio excluído', owner.id, 'Item para excluir'],
    ]);
  });

  it('a password changed in settings or reset through the e-mailed link, without any password', async () => {
    const person = await app.createUser();
    await (await api(person)).auth.changePassword({ currentPassword: person.password, newPassword: 'nova-senha-forte', confirmPassword: 'nova-senha-forte' });
    await (await app.callerAs(null)).api.auth.requestPasswordReset({ email: person.email });
    const mail = await eventually(() => {
      const found = app.outbox().find((message) => message.text.includes(`To: ${person.email}`) && message.text.includes('redefinir-senha?token='));
      if (!found) throw new Error('no e-mail yet');
      return found.text;
    }, 10_000);
    const token = decodeURIComponent(/redefinir-senha\?token=([\w%-]+)/.exec(mail)![1]!);
    await (await app.callerAs(null)).api.auth.resetPassword({ token, password: 'recuperada-agora', confirmPassword: 'recuperada-agora' });
    const entries = await activityOf(person.id);
    expect(entries.map((entry) => [entry.label, entry.actor?.id, entry.before, entry.after])).toEqual([
      ['Senha alterada', person.id, null, null],
      ['Senha redefinida pelo link do e-mail', person.id, null, null],
    ]);
  });

  it("a person's Pix key (where money goes) and a reported message, without the key itself", async () => {
    const ownerApi = await api(owner);
    await ownerApi.pix.saveKey({ type: 'email', key: 'ana.dona@exemplo.com' });
    await ownerApi.pix.removeKey();
    const entries = await activityOf(owner.id);
    expect(entries.map((entry) => [entry.label, entry.actor?.id])).toEqual([
      ['Chave Pix salva', owner.id],
      ['Chave Pix removida', owner.id],
    ]);
    expect(JSON.stringify(entries)).not.toContain('ana.dona@exemplo.com');

    const food = await publish('food', 'Pão caseiro');
    const { id: orderId } = await (await api(requester)).orders.create({ listingId: food, scheduledAt: pickupTomorrow(app.clock) });
    const { id: messageId } = await ownerApi.messages.send({ orderId, body: 'Me passa sua senha', clientId: randomUUID() });
    await (await api(requester)).reports.message({ messageId, reason: 'fraud' });
    const reported = (await activityOf(orderId)).find((entry) => entry.action === 'order.message_reported');
    expect(reported).toMatchObject({ label: 'Mensagem denunciada', actor: { id: requester.id }, targetLabel: 'Pão caseiro' });
  });
});
