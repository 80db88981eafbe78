import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_MESSAGES } from '@vizinhanca/shared/deposits/deposit.schema';
import { PROBLEM_MESSAGES } from '@vizinhanca/shared/orders/order-problem.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { imageAccess, uploadImage } from '../images/images.service.ts';

// The deposit (caução) of a rental: the listing asks for it, the order keeps the amount of
// the moment it was made, the owner records it returned or retained at the end, and the
// requester accepts or contests within 7 days on the app's clock; a contest is a problem the
// administration settles. Every refusal writes nothing.

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

/** What the requester writes when contesting: the kind and what happened, as 'Abrir problema' asks. */
const CONTEST = { answer: 'contested', kind: 'damage', text: 'A broca já estava gasta quando peguei.' } as const;

function problemsOf(orderId: string) {
  return app.db.selectFrom('order_problems').select(['id', 'status', 'opened_by', 'kind', 'details']).where('order_id', '=', orderId).orderBy('created_at').execute();
}

async function problemPhoto(user: TestUser) {
  const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#35a' } }).jpeg().toBuffer();
  return (await uploadImage(app.deps, { userId: user.id, purpose: 'problem', bytes })).id;
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
    await expectError(apis.requester.deposits.answer({ orderId, ...CONTEST }), 'CONFLICT', DEPOSIT_MESSAGES.alreadyAnswered);
    expect((await depositRows(orderId)).settlements[0]!.answer).toBe('accepted');
    expect((await depositRows(orderId)).actions).toEqual(['order.deposit_returned', 'order.deposit_accepted']);
    expect(await notificationsOf(people.owner, orderId)).toEqual([{ title: 'Caução aceita', message: 'Bruno Vizinho aceitou o registro da caução de "Furadeira".' }]);
    expect((await card('owner', orderId)).deposit).toMatchObject({ answer: 'accepted', answerOpen: false });
  });

  it('contested on the seventh day opens a problem; a day later the window is closed and nothing is written', async () => {
    const start = app.clock.now();
    const contested = await rental(drillId);
    await apis.owner.deposits.settle({ orderId: contested, outcome: 'retained', retainedCents: 20_000, reason: 'Não voltou' });
    const late = await rental(drillId);
    await apis.owner.deposits.settle({ orderId: late, outcome: 'returned' });

    app.clock.advance(7 * DAY_MS - 60_000);
    expect((await card('requester', late)).deposit?.answerOpen).toBe(true);
    await apis.requester.deposits.answer({ orderId: contested, ...CONTEST });
    expect(await notificationsOf(people.owner, contested)).toEqual([
      { title: 'Caução contestada', message: 'Bruno Vizinho contestou o registro da caução de "Furadeira". A administração vai analisar.' },
    ]);
    expect((await depositRows(contested)).actions).toEqual(['order.deposit_retained', 'order.deposit_contested']);
    expect(await problemsOf(contested)).toHaveLength(1);

    app.clock.advance(2 * 60_000);
    expect((await card('requester', late)).deposit).toMatchObject({ answer: null, answerOpen: false });
    await expectError(apis.requester.deposits.answer({ orderId: late, answer: 'accepted' }), 'CONFLICT', DEPOSIT_MESSAGES.answerWindowClosed);
    await expectError(apis.requester.deposits.answer({ orderId: late, ...CONTEST }), 'CONFLICT', DEPOSIT_MESSAGES.answerWindowClosed);
    expect(await depositRows(late)).toEqual({ settlements: [{ outcome: 'returned', retained_cents: 0, reason: null, answer: null }], actions: ['order.deposit_returned'] });
    expect(await problemsOf(late)).toEqual([]);
    app.clock.set(start);
  });
});

describe("'Contestar': a problem the administration settles", () => {
  it('opens a problem with what the requester wrote, in the same step: the order reads it open, both are told, staff are told, all in the audit log', async () => {
    const orderId = await rental(drillId);
    await apis.owner.deposits.settle({ orderId, outcome: 'retained', retainedCents: 5_000, reason: 'Broca quebrada' });
    const picture = await problemPhoto(people.requester);
    expect(await apis.requester.deposits.answer({ orderId, ...CONTEST, photoIds: [picture] })).toEqual({ message: DEPOSIT_MESSAGES.contestedSaved });

    const [problem, ...others] = await problemsOf(orderId);
    expect(others).toEqual([]);
    expect(problem).toMatchObject({ status: 'open', opened_by: people.requester.id, kind: 'damage', details: CONTEST.text });
    expect(await app.db.selectFrom('order_problem_photos').select('image_id').where('problem_id', '=', problem!.id).execute()).toEqual([{ image_id: picture }]);
    const record = await app.db.selectFrom('deposit_settlements').select(['answer', 'contest_text', 'contest_problem_id']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(record).toEqual({ answer: 'contested', contest_text: CONTEST.text, contest_problem_id: problem!.id });

    // 'Em análise' on both cards, the problem on the order, the contest's words on the record.
    for (const side of ['requester', 'owner'] as const) {
      expect(await card(side, orderId)).toMatchObject({ problemOpen: true, deposit: { answer: 'contested', contestText: CONTEST.text, answerOpen: false } });
    }
    expect((await apis.owner.problems.forOrder({ orderId })).problems).toMatchObject([{ kind: 'damage', text: CONTEST.text, status: 'open', openerName: 'Bruno Vizinho' }]);
    for (const who of [people.requester, people.owner]) {
      expect(await notificationsOf(who, orderId)).toContainEqual({ title: 'Caução contestada', message: 'Bruno Vizinho contestou o registro da caução de "Furadeira". A administração vai analisar.' });
    }
    const staffNotices = await app.db.selectFrom('notifications').select('user_id').where('type', '=', 'pending_problem').where('related_id', '=', problem!.id).execute();
    expect(staffNotices.map((row) => row.user_id)).toContain(people.moderator.id);
    const trail = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', orderId).where('action', 'in', ['order.deposit_contested', 'order.problem_opened']).orderBy('id').execute();
    expect(trail).toEqual([
      { action: 'order.problem_opened', actor_id: people.requester.id },
      { action: 'order.deposit_contested', actor_id: people.requester.id },
    ]);

    // Staff read the record and the contest with the problem, and settle it: both read the decision.
    const item = (await apis.moderator.problems.moderation.open()).items.find((entry) => entry.orderId === orderId)!;
    expect(item).toMatchObject({ depositCents: 20_000, deposit: { outcome: 'retained', retainedCents: 5_000, reason: 'Broca quebrada', answer: 'contested', contestText: CONTEST.text } });
    await apis.moderator.problems.moderation.resolve({ problemId: item.id, decision: 'O dono devolve R$ 30,00' });
    for (const who of ['requester', 'owner'] as const) {
      expect((await apis[who].problems.forOrder({ orderId })).problems[0]).toMatchObject({ status: 'resolved', decision: 'O dono devolve R$ 30,00' });
      expect((await card(who, orderId)).problemOpen).toBe(false);
    }
  });

  it('with a problem already open on the order: joins it (its photos added, a clear message), never a second open problem', async () => {
    const orderId = await rental(drillId);
    await apis.owner.problems.open({ orderId, kind: 'not_returned', text: 'Faltou a maleta' });
    await apis.owner.deposits.settle({ orderId, outcome: 'retained', retainedCents: 8_000, reason: 'Maleta perdida' });
    const [openProblem] = await problemsOf(orderId);
    const picture = await problemPhoto(people.requester);

    expect(await apis.requester.deposits.answer({ orderId, ...CONTEST, photoIds: [picture] })).toEqual({ message: DEPOSIT_MESSAGES.contestJoined });
    expect(await problemsOf(orderId)).toEqual([openProblem]);
    expect(await app.db.selectFrom('order_problem_photos').select(['image_id', 'position']).where('problem_id', '=', openProblem!.id).execute()).toEqual([{ image_id: picture, position: 0 }]);
    const record = await app.db.selectFrom('deposit_settlements').select(['answer', 'contest_text', 'contest_problem_id']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(record).toEqual({ answer: 'contested', contest_text: CONTEST.text, contest_problem_id: openProblem!.id });
    for (const who of [people.requester, people.owner]) {
      expect(await notificationsOf(who, orderId)).toContainEqual({
        title: 'Caução contestada',
        message: 'Bruno Vizinho contestou o registro da caução de "Furadeira". A contestação foi juntada ao problema em análise.',
      });
    }
    const audit = await app.db.selectFrom('audit_log').select('after').where('target_id', '=', orderId).where('action', '=', 'order.deposit_contested').executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ problemId: openProblem!.id, joinedOpenProblem: true });
    expect((await card('requester', orderId)).problemOpen).toBe(true);
  });

  it('opens a problem within the 7 days of a late record, even past the 14 days after the order ended', async () => {
    const start = app.clock.now();
    const orderId = await rental(drillId);
    app.clock.advance(20 * DAY_MS);
    await apis.owner.deposits.settle({ orderId, outcome: 'retained', retainedCents: 20_000, reason: 'Não voltou inteira' });
    app.clock.advance(6 * DAY_MS);
    // 'Abrir problema' on its own is past its window; the contest of a record still in its 7 days is not.
    await expectError(apis.requester.problems.open({ orderId, kind: 'damage', text: 'Quero contestar' }), 'CONFLICT', PROBLEM_MESSAGES.windowClosed);
    expect(await apis.requester.deposits.answer({ orderId, ...CONTEST })).toEqual({ message: DEPOSIT_MESSAGES.contestedSaved });
    expect(await problemsOf(orderId)).toMatchObject([{ status: 'open', opened_by: people.requester.id }]);
    app.clock.set(start);
  });

  it('refused, writes nothing: no answer, no problem, no notice, nothing in the audit log', async () => {
    const orderId = await rental(drillId);
    await apis.owner.deposits.settle({ orderId, outcome: 'retained', retainedCents: 5_000, reason: 'Risco' });
    const before = await notificationsOf(people.owner, orderId);
    const strangersPhoto = await problemPhoto(people.other);
    await expectError(apis.requester.deposits.answer({ orderId, ...CONTEST, photoIds: [strangersPhoto] }), 'NOT_FOUND', PROBLEM_MESSAGES.photoNotFound);
    await expectError(apis.requester.deposits.answer({ orderId, ...CONTEST, text: '  ' }), 'BAD_REQUEST', PROBLEM_MESSAGES.textRequired);
    await expectError(apis.owner.deposits.answer({ orderId, ...CONTEST }), 'FORBIDDEN', DEPOSIT_MESSAGES.notRequester);
    await expectError(apis.other.deposits.answer({ orderId, ...CONTEST }), 'NOT_FOUND', DEPOSIT_MESSAGES.notFound);

    // A full open problem has no room for more photos: refused whole.
    await apis.owner.problems.open({ orderId, kind: 'damage', text: 'Risco', photoIds: await Promise.all([1, 2, 3, 4, 5].map(() => problemPhoto(people.owner))) });
    const [openProblem] = await problemsOf(orderId);
    await expectError(apis.requester.deposits.answer({ orderId, ...CONTEST, photoIds: [await problemPhoto(people.requester)] }), 'BAD_REQUEST', PROBLEM_MESSAGES.noRoomForPhotos(0));

    expect(await depositRows(orderId)).toEqual({ settlements: [{ outcome: 'retained', retained_cents: 5_000, reason: 'Risco', answer: null }], actions: ['order.deposit_retained'] });
    expect(await problemsOf(orderId)).toEqual([openProblem]);
    expect(await notificationsOf(people.owner, orderId)).toEqual(before);
  });
});
