import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.constants';
import { PIX_MESSAGES } from '@vizinhanca/shared/pix/pix-key.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];
type Who = 'requester' | 'owner' | 'other' | 'moderator';

let app: TestApp;
const people = {} as Record<Who, TestUser>;
const apis = {} as Record<Who, Api>;
let serviceId: string;

/** The payload's top-level fields (id, length, value), read back independently of the generator. */
function fieldsOf(code: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let at = 0; at < code.length; ) {
    const length = Number(code.slice(at + 2, at + 4));
    fields[code.slice(at, at + 2)] = code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return fields;
}

beforeAll(async () => {
  app = await createTestApp({ CONDO_CITY: 'Ribeirão Preto' });
  people.requester = await app.createUser({ fullName: 'Bruno Vizinho' });
  people.owner = await app.createUser({ fullName: 'Ana Dona' });
  people.other = await app.createUser({ fullName: 'Carlos Curioso' });
  people.moderator = await app.createUser({ roles: ['moderator'] });
  for (const who of Object.keys(people) as Who[]) apis[who] = (await app.callerAs(people[who])).api;
  const { id } = await apis.owner.listings.create({ type: 'service', title: 'Conserto de bicicleta', description: 'Revisão completa', priceCents: 8990, priceUnit: 'service' });
  await apis.moderator.listings.moderation.approve({ id });
  serviceId = id;
});
afterAll(() => app.close());

async function order(status: 'pending' | 'approved' = 'approved') {
  const { id } = await apis.requester.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
  if (status === 'approved') await apis.owner.orders.approve({ id });
  return id;
}

async function paidColumns(id: string) {
  return app.db.selectFrom('orders').select(['paid_at', 'paid_by']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('the Pix key in settings', () => {
  it('saves each type normalized, replaces it, and removes it', async () => {
    expect(await apis.other.pix.myKey()).toBeNull();
    await apis.other.pix.saveKey({ type: 'cpf', key: '529.982.247-25' });
    expect(await apis.other.pix.myKey()).toEqual({ type: 'cpf', key: '52998224725', formatted: '529.982.247-25' });
    await apis.other.pix.saveKey({ type: 'phone', key: '(11) 98765-4321' });
    expect(await apis.other.pix.myKey()).toEqual({ type: 'phone', key: '+5511987654321', formatted: '(11) 98765-4321' });
    await apis.other.pix.saveKey({ type: 'email', key: 'Carlos@Exemplo.com' });
    expect((await apis.other.pix.myKey())?.key).toBe('carlos@exemplo.com');
    await apis.other.pix.saveKey({ type: 'random', key: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    expect((await apis.other.pix.myKey())?.type).toBe('random');
    await apis.other.pix.removeKey();
    expect(await apis.other.pix.myKey()).toBeNull();
  });

  it('refuses a key that does not match its type, keeping the saved one', async () => {
    await apis.other.pix.saveKey({ type: 'email', key: 'carlos@exemplo.com' });
    await expectError(apis.other.pix.saveKey({ type: 'cpf', key: '123.456.789-00' }), 'BAD_REQUEST', PIX_MESSAGES.invalid.cpf);
    await expectError(apis.other.pix.saveKey({ type: 'phone', key: 'carlos@exemplo.com' }), 'BAD_REQUEST', PIX_MESSAGES.invalid.phone);
    await expectError(apis.other.pix.saveKey({ type: 'email', key: 'carlos.exemplo.com' }), 'BAD_REQUEST', PIX_MESSAGES.invalid.email);
    await expectError(apis.other.pix.saveKey({ type: 'random', key: '52998224725' }), 'BAD_REQUEST', PIX_MESSAGES.invalid.random);
    expect((await apis.other.pix.myKey())?.key).toBe('carlos@exemplo.com');
  });

  it('the table refuses a key that does not match its type, whatever the caller', async () => {
    await expect(
      app.db.insertInto('pix_keys').values({ user_id: people.requester.id, key_type: 'phone', key: 'nao-e-telefone' }).execute(),
    ).rejects.toMatchObject({ constraint: 'pix_keys_key_check' });
  });
});

describe("'Pagar com Pix'", () => {
  it("gives the requester of an approved order the owner's code for the exact amount", async () => {
    await apis.owner.pix.saveKey({ type: 'phone', key: '(11) 98765-4321' });
    const id = await order();
    const pix = await apis.requester.pix.forOrder({ orderId: id });
    expect(pix).toMatchObject({ amountCents: 8990, receiverName: 'Ana Dona', keyType: 'phone', formattedKey: '(11) 98765-4321' });
    const fields = fieldsOf(pix.code);
    expect(fields['26']).toBe('0014br.gov.bcb.pix0114+5511987654321');
    expect(fields['54']).toBe('89.90');
    expect(fields['59']).toBe('Ana Dona');
    expect(fields['60']).toBe('Ribeirao Preto');
    expect(fields['62']).toBe(`0525${pix.txid}`);
    expect(pix.txid).toBe(`VZ${id.replace(/-/g, '').slice(0, 23).toUpperCase()}`);
    expect((await apis.requester.messages.thread({ orderId: id })).order.pixAvailable).toBe(true);
  });

  it("shows the payer a CPF key as banks do (***.982.247-**) while the code carries the whole CPF", async () => {
    await apis.owner.pix.saveKey({ type: 'cpf', key: '529.982.247-25' });
    const id = await order();
    const pix = await apis.requester.pix.forOrder({ orderId: id });
    expect(pix).toMatchObject({ keyType: 'cpf', formattedKey: '***.982.247-**' });
    expect(JSON.stringify(pix).replace(pix.code, '')).not.toContain('52998224725');
    expect(fieldsOf(pix.code)['26']).toBe('0014br.gov.bcb.pix011152998224725');
    // The owner still reads the whole key in settings.
    expect((await apis.owner.pix.myKey())?.formatted).toBe('529.982.247-25');
  });

  it("offers 'Pagar com Pix' on the requester's order card once approved, never on the owner's", async () => {
    await apis.owner.pix.saveKey({ type: 'email', key: 'ana@exemplo.com' });
    const pending = await order('pending');
    const approved = await order();
    const mine = (await apis.requester.orders.mine({ tab: 'all' })).items;
    expect(mine.find((item) => item.id === pending)?.pixAvailable).toBe(false);
    expect(mine.find((item) => item.id === approved)?.pixAvailable).toBe(true);
    const received = (await apis.owner.orders.received({ tab: 'approved' })).items;
    expect(received.find((item) => item.id === approved)?.pixAvailable).toBe(false);
    await apis.owner.pix.removeKey();
    expect((await apis.requester.orders.mine({ tab: 'all' })).items.find((item) => item.id === approved)?.pixAvailable).toBe(false);
  });

  it('is refused before approval, to the owner, to anyone else, and when the owner has no key', async () => {
    await apis.owner.pix.saveKey({ type: 'email', key: 'ana@exemplo.com' });
    const pending = await order('pending');
    await expectError(apis.requester.pix.forOrder({ orderId: pending }), 'CONFLICT', PIX_MESSAGES.notApproved);
    expect((await apis.requester.messages.thread({ orderId: pending })).order.pixAvailable).toBe(false);
    const approved = await order();
    await expectError(apis.owner.pix.forOrder({ orderId: approved }), 'FORBIDDEN', PIX_MESSAGES.onlyRequester);
    await expectError(apis.other.pix.forOrder({ orderId: approved }), 'NOT_FOUND', PIX_MESSAGES.orderNotFound);
    await apis.owner.pix.removeKey();
    await expectError(apis.requester.pix.forOrder({ orderId: approved }), 'CONFLICT', PIX_MESSAGES.noKey);
    expect((await apis.requester.messages.thread({ orderId: approved })).order.pixAvailable).toBe(false);
  });
});

describe("'Pago'", () => {
  it('lets either side mark an approved order paid once; the other side is told and the cards show it', async () => {
    const id = await order();
    expect(await apis.requester.orders.markPaid({ id })).toEqual({ message: PIX_MESSAGES.markedPaid });
    expect(await paidColumns(id)).toEqual({ paid_at: app.clock.now(), paid_by: people.requester.id });
    const told = await app.db.selectFrom('notifications').select(['user_id', 'title', 'message']).where('related_id', '=', id).where('title', '=', 'Pedido marcado como pago').execute();
    expect(told).toEqual([{ user_id: people.owner.id, title: 'Pedido marcado como pago', message: 'Bruno Vizinho marcou o pedido de "Conserto de bicicleta" como pago.' }]);
    const received = await apis.owner.orders.received({ tab: 'approved' });
    expect(received.items.find((item) => item.id === id)?.paidAt).toEqual(app.clock.now());
    await expectError(apis.owner.orders.markPaid({ id }), 'CONFLICT', PIX_MESSAGES.alreadyPaid);

    const second = await order();
    await apis.owner.orders.markPaid({ id: second });
    expect((await paidColumns(second)).paid_by).toBe(people.owner.id);
  });

  it('is refused to anyone outside the order and on an order that is not approved, writing nothing', async () => {
    const approved = await order();
    await expectError(apis.other.orders.markPaid({ id: approved }), 'FORBIDDEN', PIX_MESSAGES.notParticipant);
    const pending = await order('pending');
    await expectError(apis.requester.orders.markPaid({ id: pending }), 'CONFLICT', PIX_MESSAGES.cannotMarkPaid);
    for (const id of [approved, pending]) expect(await paidColumns(id)).toEqual({ paid_at: null, paid_by: null });
  });
});

describe('a service priced per hour', () => {
  it('totals hours x price on the order and in its BR Code; hours outside 1 to 12 are refused with nothing written', async () => {
    await apis.owner.pix.saveKey({ type: 'phone', key: '(11) 98765-4321' });
    const { id: listingId } = await apis.owner.listings.create({ type: 'service', title: 'Aula de violão', description: 'Iniciantes', priceCents: 4550, priceUnit: 'hour' });
    await apis.moderator.listings.moderation.approve({ id: listingId });
    const count = async () => (await app.db.selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).length;
    for (const hours of [0, 13, 2.5]) {
      await expectError(apis.requester.orders.create({ listingId, deliveryMethod: 'pickup', hours }), 'BAD_REQUEST', ORDER_MESSAGES.invalidHours);
    }
    expect(await count()).toBe(0);

    const { id } = await apis.requester.orders.create({ listingId, deliveryMethod: 'pickup', hours: 3 });
    // The database holds the rule too, whatever writes the row.
    await expect(app.db.updateTable('orders').set({ hours: 13 }).where('id', '=', id).execute()).rejects.toMatchObject({ constraint: 'orders_hours_check' });
    expect(await app.db.selectFrom('orders').select(['hours', 'total_cents']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ hours: 3, total_cents: 13650 });
    await apis.owner.orders.approve({ id });
    const pix = await apis.requester.pix.forOrder({ orderId: id });
    expect(pix.amountCents).toBe(13650);
    expect(fieldsOf(pix.code)['54']).toBe('136.50');

    // A service priced per service ignores hours: one service, no hours kept.
    const { id: once } = await apis.requester.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', hours: 4, confirmDuplicate: true });
    expect(await app.db.selectFrom('orders').select(['hours', 'total_cents']).where('id', '=', once).executeTakeFirstOrThrow()).toEqual({ hours: null, total_cents: 8990 });
  });
});
