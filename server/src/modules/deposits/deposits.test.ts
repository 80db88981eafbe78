import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_MESSAGES } from '@vizinhanca/shared/deposits/deposit.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { imageAccess, uploadImage } from '../images/images.service.ts';

// The deposit (caução) of a rental: the listing asks for it, the order keeps the amount of
// the moment it was made, the owner records it returned or retained at the end, and the
// requester accepts or contests within 7 days on the app's clock. Every refusal writes nothing.

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];
type Who = 'requester' | 'owner' | 'other' | 'moderator';

const DAY_MS = 86_400_000;
let app: TestApp;
const people = {} as Record<Who, TestUser>;
const apis = {} as Record<Who, Api>;
let drillId: string;
let ladderId: string;

beforeAll(async () => {
  app = await createTestApp({ CONDO_CITY: 'São Paulo' });
  people.requester = await app.createUser({ fullName: 'Bruno Vizinho' });
  people.owner = await app.createUser({ fullName: 'Ana Dona' });
  people.other = await app.createUser({ fullName: 'Carlos Curioso' });
  people.moderator = await app.createUser({ roles: ['moderator'] });
  for (const who of Object.keys(people) as Who[]) apis[who] = (await app.callerAs(people[who])).api;
  drillId = (await apis.owner.listings.create({ type: 'rental', title: 'Furadeira', description: 'Com brocas', priceCents: 1500, depositCents: 20_000 })).id;
  ladderId = (await apis.owner.listings.create({ type: 'rental', title: 'Escada', description: 'Sete degraus', priceCents: 1000 })).id;
  for (const id of [drillId, ladderId]) await apis.moderator.listings.moderation.approve({ id });
});
afterAll(() => app.close());

/** A one-day rental of today, approved (the Pix code) or taken through to 'Concluído'. */
async function rental(listingId: string, until: 'approved' | 'completed' = 'completed') {
  const today = app.clock.today();
  const { id } = await apis.requester.orders.create({ listingId, startDate: today, endDate: today });
  await apis.owner.orders.approve({ id });
  if (until === 'approved') return id;
  await apis.owner.orders.markDelivered({ id });
  await apis.owner.orders.complete({ id });
  return id;
}

async function card(side: 'requester' | 'owner', orderId: string) {
  const screen = side === 'requester' ? await apis.requester.orders.mine({ tab: 'all' }) : await apis.owner.orders.received({ tab: 'finished' });
  return screen.items.find((item) => item.id === orderId)!;
}

async function depositRows(orderId: string) {
  const settlements = await app.db.selectFrom('deposit_settlements').select(['outcome', 'retained_cents', 'reason', 'answer']).where('order_id', '=', orderId).execute();
  const audits = await app.db.selectFrom('audit_log').select('action').where('target_id', '=', orderId).where('action', 'like', 'order.deposit_%').orderBy('created_at').execute();
  return { settlements, actions: audits.map((row) => row.action) };
}

async function notificationsOf(user: TestUser, orderId: string) {
  return app.db.selectFrom('notifications').select(['title', 'message']).where('user_id', '=', user.id).where('related_id', '=', orderId).where('title', 'like', 'Caução%').execute();
}

async function depositPhoto(user: TestUser) {
  const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a52' } }).jpeg().toBuffer();
  return (await uploadImage(app.deps, { userId: user.id, purpose: 'deposit', bytes })).id;
}

describe("the listing's deposit and the order's copy of it", () => {
  it('shows the deposit on the detail, keeps it on the order, and a later edit of the listing does not change the order', async () => {
    expect((await apis.other.listings.byId({ id: drillId })).depositCents).toBe(20_000);
    const orderId = await rental(drillId, 'approved');
    expect(await card('requester', orderId)).toMatchObject({ depositCents: 20_000, deposit: null, totalCents: 1500 });
    expect((await apis.requester.messages.thread({ orderId })).order).toMatchObject({ depositCents: 20_000, deposit: null });

    const board = { type: 'rental', title: 'Prancha', description: 'De surfe', priceCents: 3000 } as const;
    const boardId = (await apis.owner.listings.create(board)).id;
    await apis.moderator.listings.moderation.approve({ id: boardId });
    const edited = await apis.owner.listings.update({ id: boardId, ...board, depositCents: 15_000 });
    // A deposit is a money term the administration approves, like the price.
    expect(edited.backToReview).toBe(true);
    await apis.moderator.listings.moderation.approve({ id: boardId });
    const boardOrder = await rental(boardId, 'approved');
    await apis.owner.listings.update({ id: boardId, ...board, depositCents: 40_000 });
    expect((await card('requester', boardOrder)).depositCents).toBe(15_000);
    expect((await apis.owner.listings.ownerView({ id: boardId })).depositCents).toBe(40_000);
    await apis.requester.orders.cancel({ id: boardOrder });
    await apis.requester.orders.cancel({ id: orderId });
  });

  it('refuses a deposit over R$ 5.000,00 or negative, and the database refuses one on food or above the limit', async () => {
    const fields = { type: 'rental', title: 'Betoneira', description: 'Pequena', priceCents: 5000 } as const;
    await expectError(apis.owner.listings.create({ ...fields, depositCents: 500_001 }), 'BAD_REQUEST', DEPOSIT_MESSAGES.invalidAmount);
    await expectError(apis.owner.listings.create({ ...fields, depositCents: -100 }), 'BAD_REQUEST', DEPOSIT_MESSAGES.invalidAmount);
    await expectError(apis.owner.listings.update({ id: drillId, ...fields, depositCents: 500_001 }), 'BAD_REQUEST', DEPOSIT_MESSAGES.invalidAmount);
    expect(await app.db.selectFrom('listings').select('id').where('title', '=', 'Betoneira').execute()).toEqual([]);
    expect((await apis.owner.listings.ownerView({ id: drillId })).depositCents).toBe(20_000);

    const food = (await apis.owner.listings.create({ type: 'food', title: 'Bolo', description: 'Caseiro', priceCents: 3500 })).id;
    await expect(app.db.updateTable('listings').set({ deposit_cents: 100 }).where('id', '=', food).execute()).rejects.toMatchObject({ constraint: 'listings_deposit_cents_check' });
    await expect(app.db.updateTable('listings').set({ deposit_cents: 500_001 }).where('id', '=', drillId).execute()).rejects.toMatchObject({ constraint: 'listings_deposit_cents_check' });
    await expect(app.db.updateTable('orders').set({ deposit_cents: -1 }).where('listing_id', '=', drillId).execute()).rejects.toMatchObject({ constraint: 'orders_deposit_cents_check' });
  });
});

describe("'Pagar com Pix' for the deposit", () => {
  it('gives the deposit a BR Code of its own, for its amount and with its own transaction id', async () => {
    await apis.owner.pix.saveKey({ type: 'email', key: 'ana@exemplo.com' });
    const orderId = await rental(drillId, 'approved');
    const rent = await apis.requester.pix.forOrder({ orderId });
    const deposit = await apis.requester.pix.forOrder({ orderId, part: 'deposit' });
    expect(rent.amountCents).toBe(1500);
    expect(rent.code).toContain('5405' + '15.00');
    expect(deposit.amountCents).toBe(20_000);
    expect(deposit.code).toContain('5406' + '200.00');
    expect(deposit.txid).not.toBe(rent.txid);
    expect(deposit.code).toContain(deposit.txid);

    const noDeposit = await rental(ladderId, 'approved');
    await expectError(apis.requester.pix.forOrder({ orderId: noDeposit, part: 'deposit' }), 'CONFLICT', DEPOSIT_MESSAGES.noDeposit);
    await expectError(apis.owner.pix.forOrder({ orderId, part: 'deposit' }), 'FORBIDDEN', /quem fez o pedido/);
    for (const id of [orderId, noDeposit]) await apis.requester.orders.cancel({ id });
  });
});

describe("the owner's record at the end", () => {
  it('refuses someone else, the requester, an order not completed or without a deposit, and writes nothing', async () => {
    const approved = await rental(drillId, 'approved');
    await expectError(apis.owner.deposits.settle({ orderId: approved, outcome: 'returned' }), 'CONFLICT', DEPOSIT_MESSAGES.notCompleted);
    await apis.requester.orders.cancel({ id: approved });
    const done = await rental(drillId);
    await expectError(apis.other.deposits.settle({ orderId: done, outcome: 'returned' }), 'NOT_FOUND', DEPOSIT_MESSAGES.notFound);
    await expectError(apis.moderator.deposits.settle({ orderId: done, outcome: 'returned' }), 'NOT_FOUND', DEPOSIT_MESSAGES.notFound);
    await expectError(apis.requester.deposits.settle({ orderId: done, outcome: 'returned' }), 'FORBIDDEN', DEPOSIT_MESSAGES.notOwner);
    const without = await rental(ladderId);
    await expectError(apis.owner.deposits.settle({ orderId: without, outcome: 'returned' }), 'CONFLICT', DEPOSIT_MESSAGES.noDeposit);
    for (const id of [approved, done, without]) expect(await depositRows(id)).toEqual({ settlements: [], actions: [] });
  });

  it('refuses a retention above the deposit, of zero, without a reason, or with photos that are not the owner’s deposit uploads', async () => {
    const orderId = await rental(drillId);
    const retained = { orderId, outcome: 'retained', retainedCents: 5_000, reason: 'Broca quebrada' } as const;
    await expectError(apis.owner.deposits.settle({ ...retained, retainedCents: 20_001 }), 'BAD_REQUEST', DEPOSIT_MESSAGES.retainedAboveDeposit(20_000));
    await expectError(apis.owner.deposits.settle({ ...retained, retainedCents: 0 }), 'BAD_REQUEST', /^O valor retido deve ser maior que zero/);
    await expectError(apis.owner.deposits.settle({ ...retained, reason: ' ' }), 'BAD_REQUEST', DEPOSIT_MESSAGES.reasonRequired);
    const othersPhoto = await depositPhoto(people.requester);
    await expectError(apis.owner.deposits.settle({ ...retained, imageIds: [othersPhoto] }), 'BAD_REQUEST', DEPOSIT_MESSAGES.invalidPhoto);
    const listingPhoto = (await uploadImage(app.deps, { userId: people.owner.id, purpose: 'listing', bytes: await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).png().toBuffer() })).id;
    await expectError(apis.owner.deposits.settle({ ...retained, imageIds: [listingPhoto] }), 'BAD_REQUEST', DEPOSIT_MESSAGES.invalidPhoto);
    expect(await depositRows(orderId)).toEqual({ settlements: [], actions: [] });
    expect(await notificationsOf(people.requester, orderId)).toEqual([]);
  });

  it("'Caução devolvida': recorded once, the requester told, in the audit log, on both cards", async () => {
    const orderId = await rental(drillId);
    expect(await apis.owner.deposits.settle({ orderId, outcome: 'returned' })).toEqual({ message: DEPOSIT_MESSAGES.returnedSaved });
    await expectError(apis.owner.deposits.settle({ orderId, outcome: 'retained', retainedCents: 100, reason: 'Mudei de ideia' }), 'CONFLICT', DEPOSIT_MESSAGES.alreadySettled);
    expect(await depositRows(orderId)).toEqual({ settlements: [{ outcome: 'returned', retained_cents: 0, reason: null, answer: null }], actions: ['order.deposit_returned'] });
    expect(await notificationsOf(people.requester, orderId)).toEqual([
      { title: 'Caução devolvida', message: 'Ana Dona registrou a devolução da caução de "Furadeira" (R$ 200,00). Você tem 7 dias para aceitar ou contestar.' },
    ]);
    for (const side of ['requester', 'owner'] as const) {
      expect((await card(side, orderId)).deposit).toMatchObject({ outcome: 'returned', retainedCents: 0, answer: null, answerOpen: true, photos: [] });
    }
  });

  it("'Caução retida': part of it, a reason and photos only the two people and staff see", async () => {
    const orderId = await rental(drillId);
    const photos = [await depositPhoto(people.owner), await depositPhoto(people.owner)];
    await apis.owner.deposits.settle({ orderId, outcome: 'retained', retainedCents: 5_000, reason: 'Broca de vídea quebrada', imageIds: photos });
    expect(await depositRows(orderId)).toEqual({
      settlements: [{ outcome: 'retained', retained_cents: 5_000, reason: 'Broca de vídea quebrada', answer: null }],
      actions: ['order.deposit_retained'],
    });
    expect(await notificationsOf(people.requester, orderId)).toEqual([
      { title: 'Caução retida', message: 'Ana Dona reteve R$ 50,00 da caução de R$ 200,00 de "Furadeira". Veja o motivo no pedido e responda em até 7 dias.' },
    ]);
    const seen = (await card('requester', orderId)).deposit!;
    expect(seen).toMatchObject({ outcome: 'retained', retainedCents: 5_000, reason: 'Broca de vídea quebrada', answerOpen: true });
    expect(seen.photos.map((photo) => photo.id)).toEqual(photos);
    expect((await apis.requester.messages.thread({ orderId })).order.deposit).toMatchObject({ outcome: 'retained', retainedCents: 5_000 });
    const access = async (who: Who | null) => imageAccess(app.deps, photos[0]!, who ? (await app.callerAs(people[who])).ctx.user : null);
    expect({ requester: await access('requester'), owner: await access('owner'), moderator: await access('moderator'), other: await access('other'), nobody: await access(null) }).toEqual({
      requester: 'private',
      owner: 'private',
      moderator: 'private',
      other: 'hidden',
      nobody: 'hidden',
    });
    // A photo already on one record cannot be put on another.
    const next = await rental(drillId);
    await expectError(apis.owner.deposits.settle({ orderId: next, outcome: 'retained', retainedCents: 100, reason: 'Risco', imageIds: [photos[0]!] }), 'BAD_REQUEST', DEPOSIT_MESSAGES.invalidPhoto);
  });

  it('the database keeps a retention within its order’s deposit and with a reason, whatever the app sends', async () => {
    const orderId = await rental(drillId);
    const row = { order_id: orderId, deposit_cents: 20_000, outcome: 'retained' as const, retained_cents: 20_001, reason: 'Demais', settled_by: people.owner.id, settled_at: app.clock.now() };
    await expect(app.db.insertInto('deposit_settlements').values(row).execute()).rejects.toMatchObject({ constraint: 'deposit_settlements_retained_check' });
    await expect(app.db.insertInto('deposit_settlements').values({ ...row, retained_cents: 100, reason: null }).execute()).rejects.toMatchObject({ constraint: 'deposit_settlements_retained_check' });
    // The record names its order's very deposit: another amount matches no order.
    await expect(app.db.insertInto('deposit_settlements').values({ ...row, deposit_cents: 90_000, retained_cents: 50_000 }).execute()).rejects.toMatchObject({
      constraint: 'deposit_settlements_order_deposit_fkey',
    });
    expect(await depositRows(orderId)).toEqual({ settlements: [], actions: [] });
  });
});

describe("the requester's answer, within 7 days", () => {
  it("'Aceito': once, by the requester only, after the record; the owner is told", async () => {
    const orderId = await rental(drillId);
    await expectError(apis.requester.deposits.answer({ orderId, answer: 'accepted' }), 'CONFLICT', DEPOSIT_MESSAGES.notSettled);
    await apis.owner.deposits.settle({ orderId, outcome: 'returned' });
    await expectError(apis.owner.deposits.answer({ orderId, answer: 'accepted' }), 'FORBIDDEN', DEPOSIT_MESSAGES.notRequester);
    await expectError(apis.other.deposits.answer({ orderId, answer: 'accepted' }), 'NOT_FOUND', DEPOSIT_MESSAGES.notFound);
    expect(await apis.requester.deposits.answer({ orderId, answer: 'accepted' })).toEqual({ message: DEPOSIT_MESSAGES.acceptedSaved });
    await expectError(apis.requester.deposits.answer({ orderId, answer: 'contested' }), 'CONFLICT', DEPOSIT_MESSAGES.alreadyAnswered);
    expect((await depositRows(orderId)).settlements[0]!.answer).toBe('accepted');
    expect((await depositRows(orderId)).actions).toEqual(['order.deposit_returned', 'order.deposit_accepted']);
    expect(await notificationsOf(people.owner, orderId)).toEqual([{ title: 'Caução aceita', message: 'Bruno Vizinho aceitou o registro da caução de "Furadeira".' }]);
    expect((await card('owner', orderId)).deposit).toMatchObject({ answer: 'accepted', answerOpen: false });
  });

  it('contested on the seventh day is recorded and told; a day later the window is closed and nothing is written', async () => {
    const start = app.clock.now();
    const contested = await rental(drillId);
    await apis.owner.deposits.settle({ orderId: contested, outcome: 'retained', retainedCents: 20_000, reason: 'Não voltou' });
    const late = await rental(drillId);
    await apis.owner.deposits.settle({ orderId: late, outcome: 'returned' });

    app.clock.advance(7 * DAY_MS - 60_000);
    expect((await card('requester', late)).deposit?.answerOpen).toBe(true);
    await apis.requester.deposits.answer({ orderId: contested, answer: 'contested' });
    expect(await notificationsOf(people.owner, contested)).toEqual([{ title: 'Caução contestada', message: 'Bruno Vizinho contestou o registro da caução de "Furadeira".' }]);
    expect((await depositRows(contested)).actions).toEqual(['order.deposit_retained', 'order.deposit_contested']);

    app.clock.advance(2 * 60_000);
    expect((await card('requester', late)).deposit).toMatchObject({ answer: null, answerOpen: false });
    await expectError(apis.requester.deposits.answer({ orderId: late, answer: 'accepted' }), 'CONFLICT', DEPOSIT_MESSAGES.answerWindowClosed);
    expect(await depositRows(late)).toEqual({ settlements: [{ outcome: 'returned', retained_cents: 0, reason: null, answer: null }], actions: ['order.deposit_returned'] });
    app.clock.set(start);
  });
});
