import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { MESSAGES_CHANGED_KIND, PROBLEM_THREAD_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';
import { PROBLEM_MESSAGES, PROBLEM_WINDOW_DAYS, type OpenProblemInput } from '@vizinhanca/shared/orders/order-problem.schema';
import { sendStaffDigests } from '../admin/staff-digest.job.ts';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { imageAccess, uploadImage } from '../images/images.service.ts';

// Problems the administration settles: either person of an order opens one from the
// hand-over until 14 days after the end (on the app's clock), one open per order;
// staff answer in the order's thread ('Administração', live to both) and close it with
// a decision both read. Every step tells both people and is in the audit log.

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];
type Who = 'requester' | 'owner' | 'stranger' | 'moderator' | 'admin';

const DAY_MS = 86_400_000;
let app: TestApp;
const people = {} as Record<Who, TestUser>;
const apis = {} as Record<Who, Api>;
let serviceId: string;

beforeAll(async () => {
  app = await createTestApp();
  people.requester = await app.createUser({ fullName: 'Bruno Vizinho' });
  people.owner = await app.createUser({ fullName: 'Ana Dona' });
  people.stranger = await app.createUser({ fullName: 'Carlos Curioso' });
  people.moderator = await app.createUser({ roles: ['moderator'], fullName: 'Rafael Moderador' });
  people.admin = await app.createUser({ roles: ['admin'], fullName: 'Carla Administradora' });
  for (const who of Object.keys(people) as Who[]) apis[who] = (await app.callerAs(people[who])).api;
  const { id } = await apis.owner.listings.create({ type: 'service', title: 'Conserto de bicicleta', description: 'Regulagem e freios', priceCents: 4000 });
  await apis.moderator.listings.moderation.approve({ id });
  serviceId = id;
});
afterAll(() => app.close());

/** A new order taken to `status` (in progress: handed over). */
async function orderAt(status: 'approved' | 'in_progress' | 'completed') {
  const { id } = await apis.requester.orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
  await apis.owner.orders.approve({ id });
  if (status === 'approved') return id;
  await apis.owner.orders.markDelivered({ id });
  if (status === 'in_progress') return id;
  await apis.owner.orders.complete({ id });
  return id;
}

const photo = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#a53' } }).jpeg().toBuffer();

function open(who: Who, orderId: string, fields: Partial<OpenProblemInput> = {}) {
  return apis[who].problems.open({ orderId, kind: 'damage', text: 'A corrente voltou quebrada.', ...fields });
}

async function problemsOf(orderId: string) {
  return app.db.selectFrom('order_problems').select(['id', 'status', 'opened_by', 'decision']).where('order_id', '=', orderId).execute();
}

async function noticesOf(orderId: string) {
  return app.db.selectFrom('notifications').select(['user_id', 'title', 'message']).where('related_id', '=', orderId).where('type', '=', 'order_status').orderBy('created_at').orderBy('id').execute();
}

async function trailOf(orderId: string) {
  const rows = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', orderId).where('action', 'like', 'order.problem%').orderBy('id').execute();
  return rows.map((row) => [row.action, row.actor_id]);
}

describe('opening a problem', () => {
  it('on an order in progress: both people told, staff told it waits, in the audit log, the order shows it open', async () => {
    const orderId = await orderAt('in_progress');
    const picture = await uploadImage(app.deps, { userId: people.requester.id, purpose: 'problem', bytes: await photo() });
    expect(await open('requester', orderId, { photoIds: [picture.id] })).toEqual({ message: PROBLEM_MESSAGES.opened });

    const notices = (await noticesOf(orderId)).filter((notice) => notice.title === 'Problema aberto');
    expect(notices.map((notice) => notice.user_id).sort()).toEqual([people.requester.id, people.owner.id].sort());
    expect(notices[0]!.message).toBe('Bruno Vizinho abriu um problema (Dano) no pedido de "Conserto de bicicleta". A administração vai analisar.');
    const [problem] = await problemsOf(orderId);
    const staffNotices = await app.db.selectFrom('notifications').select(['user_id', 'message']).where('type', '=', 'pending_problem').where('related_id', '=', problem!.id).execute();
    expect(staffNotices.map((notice) => notice.user_id).sort()).toEqual([people.moderator.id, people.admin.id].sort());
    expect(staffNotices[0]!.message).toBe('Problema (Dano) aberto num pedido. Aguarda a sua análise.');
    expect(await trailOf(orderId)).toEqual([[AUDIT_ACTIONS.orderProblemOpened, people.requester.id]]);

    for (const who of ['requester', 'owner'] as const) {
      const seen = await apis[who].problems.forOrder({ orderId });
      expect(seen.canOpen).toBe(false);
      expect(seen.problems).toEqual([
        expect.objectContaining({ kind: 'damage', text: 'A corrente voltou quebrada.', status: 'open', decision: null, openedByMe: who === 'requester', photos: [{ cardUrl: picture.cardUrl, detailUrl: picture.detailUrl }] }),
      ]);
    }
    // The cards of both sides read 'Em análise'.
    expect((await apis.requester.orders.mine({ tab: 'all' })).items.find((item) => item.id === orderId)?.problemOpen).toBe(true);
    expect((await apis.owner.orders.received({ tab: 'active' })).items.find((item) => item.id === orderId)?.problemOpen).toBe(true);
    const listed = (await apis.moderator.problems.moderation.open()).items.find((item) => item.orderId === orderId);
    expect(listed).toMatchObject({
      kind: 'damage',
      openedBy: 'requester',
      orderStatus: 'in_progress',
      listing: { title: 'Conserto de bicicleta' },
      requester: { fullName: 'Bruno Vizinho' },
      owner: { fullName: 'Ana Dona' },
      photos: [{ cardUrl: picture.cardUrl }],
    });

    // The photo: the two people and staff, nobody else.
    for (const who of ['requester', 'owner', 'moderator'] as const) {
      expect(await imageAccess(app.deps, picture.id, (await app.contextFor(people[who])).ctx.user)).toBe('private');
    }
    expect(await imageAccess(app.deps, picture.id, (await app.contextFor(people.stranger)).ctx.user)).toBe('hidden');
  });

  it("refuses someone else's order, before the hand-over, a second open problem, a sixth photo, empty text, another's photo: nothing written", async () => {
    const inProgress = await orderAt('in_progress');
    const approved = await orderAt('approved');
    const noticesBefore = await app.db.selectFrom('notifications').select('id').execute();

    await expectError(open('stranger', inProgress), 'NOT_FOUND', PROBLEM_MESSAGES.orderNotFound);
    await expectError(apis.stranger.problems.forOrder({ orderId: inProgress }), 'NOT_FOUND', PROBLEM_MESSAGES.orderNotFound);
    await expectError(open('requester', approved), 'CONFLICT', PROBLEM_MESSAGES.beforeHandOver);
    await expectError(open('requester', inProgress, { text: '   ' }), 'BAD_REQUEST', PROBLEM_MESSAGES.textRequired);
    await expectError(open('requester', inProgress, { photoIds: Array.from({ length: 6 }, () => randomUUID()) }), 'BAD_REQUEST', PROBLEM_MESSAGES.tooManyPhotos);
    const strangers = await uploadImage(app.deps, { userId: people.stranger.id, purpose: 'problem', bytes: await photo() });
    const listingPhoto = await uploadImage(app.deps, { userId: people.requester.id, purpose: 'listing', bytes: await photo() });
    await expectError(open('requester', inProgress, { photoIds: [strangers.id] }), 'NOT_FOUND', PROBLEM_MESSAGES.photoNotFound);
    await expectError(open('requester', inProgress, { photoIds: [listingPhoto.id] }), 'NOT_FOUND', PROBLEM_MESSAGES.photoNotFound);
    expect(await problemsOf(inProgress)).toEqual([]);
    expect(await problemsOf(approved)).toEqual([]);
    expect(await app.db.selectFrom('notifications').select('id').execute()).toHaveLength(noticesBefore.length);

    await open('owner', inProgress, { kind: 'not_returned', text: 'Ainda não me devolveu a bicicleta.' });
    await expectError(open('requester', inProgress), 'CONFLICT', PROBLEM_MESSAGES.alreadyOpen);
    expect(await problemsOf(inProgress)).toHaveLength(1);
  });

  it('keeps one open problem per order when both people open one at the same moment', async () => {
    const orderId = await orderAt('in_progress');
    const results = await Promise.allSettled([open('requester', orderId), open('owner', orderId, { kind: 'other' }), open('requester', orderId, { kind: 'not_delivered' })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') await expectError(Promise.reject(result.reason), 'CONFLICT', PROBLEM_MESSAGES.alreadyOpen);
    }
    expect(await problemsOf(orderId)).toHaveLength(1);
    // The database itself refuses a second open one, whatever the caller.
    const [problem] = await problemsOf(orderId);
    await expect(
      app.db.insertInto('order_problems').values({ order_id: orderId, opened_by: problem!.opened_by, kind: 'other', details: 'De novo', created_at: app.clock.now() }).execute(),
    ).rejects.toMatchObject({ constraint: 'order_problems_one_open_key' });
  });

  it(`opens until ${PROBLEM_WINDOW_DAYS} days after the order ended, on the app's clock, and not after`, async () => {
    const lastMinute = await orderAt('completed');
    const tooLate = await orderAt('completed');
    app.clock.advance(PROBLEM_WINDOW_DAYS * DAY_MS - 60_000);
    expect((await apis.owner.problems.forOrder({ orderId: lastMinute })).canOpen).toBe(true);
    await open('owner', lastMinute, { kind: 'not_as_described', text: 'O serviço não foi o anunciado.' });
    app.clock.advance(60_000);
    expect((await apis.requester.problems.forOrder({ orderId: tooLate })).canOpen).toBe(false);
    await expectError(open('requester', tooLate), 'CONFLICT', PROBLEM_MESSAGES.windowClosed);
    expect(await problemsOf(tooLate)).toEqual([]);
  });
});

describe('the administration settles it', () => {
  it('writes in the thread as Administração, seen live by both, then closes it once with a decision both read', async () => {
    const orderId = await orderAt('in_progress');
    await apis.requester.messages.send({ orderId, body: 'A corrente quebrou no primeiro dia.', clientId: randomUUID() });
    await open('requester', orderId);
    const [problem] = await problemsOf(orderId);
    const problemId = problem!.id;

    const streams = (['requester', 'owner'] as const).map((who) => {
      const controller = new AbortController();
      const stream = app.deps.bus.stream(people[who].id, null, controller.signal);
      return { controller, stream, next: stream.next() };
    });
    const clientId = randomUUID();
    expect(await apis.moderator.problems.moderation.write({ problemId, body: 'Bruno, pode mandar uma foto da corrente?', clientId })).toEqual({
      message: PROBLEM_MESSAGES.staffMessageSent,
    });
    // Sent again after a dropped connection: stored and told once.
    await apis.moderator.problems.moderation.write({ problemId, body: 'Bruno, pode mandar uma foto da corrente?', clientId });

    for (const { controller, stream, next } of streams) {
      let { value } = await next;
      while (value && value.kind !== MESSAGES_CHANGED_KIND) ({ value } = await stream.next());
      controller.abort();
      expect(value).toMatchObject({ kind: MESSAGES_CHANGED_KIND, payload: { orderId } });
    }
    for (const who of ['requester', 'owner'] as const) {
      const { messages } = await apis[who].messages.thread({ orderId });
      expect(messages.map((message) => [message.body, message.fromStaff, message.mine])).toEqual([
        ['A corrente quebrou no primeiro dia.', false, who === 'requester'],
        ['Bruno, pode mandar uma foto da corrente?', true, false],
      ]);
    }
    const staffView = await apis.admin.problems.moderation.thread({ problemId });
    expect(staffView.messages.map((message) => [message.senderName, message.fromStaff])).toEqual([
      ['Bruno Vizinho', false],
      ['Rafael Moderador', true],
    ]);

    await expectError(apis.admin.problems.moderation.resolve({ problemId, decision: '  ' }), 'BAD_REQUEST', PROBLEM_MESSAGES.decisionRequired);
    expect(await apis.admin.problems.moderation.resolve({ problemId, decision: 'Bruno paga metade da corrente nova.' })).toEqual({ message: PROBLEM_MESSAGES.resolved });
    await expectError(apis.moderator.problems.moderation.resolve({ problemId, decision: 'Outra decisão' }), 'CONFLICT', PROBLEM_MESSAGES.alreadyResolved);
    await expectError(apis.moderator.problems.moderation.write({ problemId, body: 'Mais uma', clientId: randomUUID() }), 'CONFLICT', PROBLEM_MESSAGES.alreadyResolved);
    expect(await problemsOf(orderId)).toEqual([expect.objectContaining({ status: 'resolved', decision: 'Bruno paga metade da corrente nova.' })]);

    for (const who of ['requester', 'owner'] as const) {
      const seen = await apis[who].problems.forOrder({ orderId });
      expect(seen.problems[0]).toMatchObject({ status: 'resolved', decision: 'Bruno paga metade da corrente nova.' });
      expect(seen.canOpen).toBe(true);
    }
    expect((await apis.moderator.problems.moderation.open()).items.some((item) => item.id === problemId)).toBe(false);
    expect((await apis.requester.orders.mine({ tab: 'all' })).items.find((item) => item.id === orderId)?.problemOpen).toBe(false);

    const notices = await noticesOf(orderId);
    const told = (title: string) => notices.filter((notice) => notice.title === title).map((notice) => notice.user_id).sort();
    const both = [people.requester.id, people.owner.id].sort();
    expect(told('Problema aberto')).toEqual(both);
    expect(told('Mensagem da administração')).toEqual(both);
    expect(told('Problema resolvido')).toEqual(both);
    expect(notices.find((notice) => notice.title === 'Problema resolvido')!.message).toBe('A administração resolveu o problema do pedido de "Conserto de bicicleta". Veja a decisão no pedido.');
    expect(await trailOf(orderId)).toEqual([
      [AUDIT_ACTIONS.orderProblemOpened, people.requester.id],
      [AUDIT_ACTIONS.orderProblemStaffMessage, people.moderator.id],
      [AUDIT_ACTIONS.problemThreadRead, people.admin.id],
      [AUDIT_ACTIONS.orderProblemResolved, people.admin.id],
    ]);
  });

  it("tells active staff live of every message in an open problem's thread (the order's id alone), never the residents or a suspended moderator, and no more once it is resolved", async () => {
    const suspended = await app.createUser({ roles: ['moderator'], suspended: true });
    const orderId = await orderAt('in_progress');
    const toldOfThread = async () => {
      const rows = await app.db.selectFrom('events').select(['user_id', 'payload']).where('kind', '=', PROBLEM_THREAD_CHANGED_KIND).where(sql<string>`payload->>'orderId'`, '=', orderId).execute();
      expect(rows.map((row) => row.payload)).toEqual(rows.map(() => ({ orderId })));
      return rows.map((row) => row.user_id);
    };
    const staff = [people.moderator.id, people.admin.id].sort();

    // A conversation with no problem is the two people's alone.
    await apis.requester.messages.send({ orderId, body: 'Tudo certo com a bicicleta?', clientId: randomUUID() });
    expect(await toldOfThread()).toEqual([]);

    await open('requester', orderId);
    const [problem] = await problemsOf(orderId);
    const controller = new AbortController();
    const stream = app.deps.bus.stream(people.moderator.id, null, controller.signal);
    const next = stream.next();
    await apis.owner.messages.send({ orderId, body: 'A corrente já estava gasta quando emprestei.', clientId: randomUUID() });
    let { value } = await next;
    while (value && value.kind !== PROBLEM_THREAD_CHANGED_KIND) ({ value } = await stream.next());
    controller.abort();
    expect(value).toMatchObject({ kind: PROBLEM_THREAD_CHANGED_KIND, payload: { orderId } });
    expect((await toldOfThread()).sort()).toEqual(staff);
    expect(await toldOfThread()).not.toContain(suspended.id);

    // A staff message: the other staff members' open thread too.
    await apis.admin.problems.moderation.write({ problemId: problem!.id, body: 'Ana, quando foi a última troca?', clientId: randomUUID() });
    expect((await toldOfThread()).sort()).toEqual([...staff, ...staff].sort());

    await apis.admin.problems.moderation.resolve({ problemId: problem!.id, decision: 'Cada um paga metade.' });
    await apis.requester.messages.send({ orderId, body: 'Combinado.', clientId: randomUUID() });
    expect(await toldOfThread()).toHaveLength(4);
  });

  it("shows staff the hand-over's condition (note and photos) beside the problem", async () => {
    const { id: rentalId } = await apis.owner.listings.create({ type: 'rental', title: 'Furadeira de impacto', description: 'Com maleta', priceCents: 1500 });
    await apis.moderator.listings.moderation.approve({ id: rentalId });
    const day = app.clock.today();
    const { id: orderId } = await apis.requester.orders.create({ listingId: rentalId, startDate: day, endDate: day });
    await apis.owner.orders.approve({ id: orderId });
    const condition = await uploadImage(app.deps, { userId: people.owner.id, purpose: 'handover', bytes: await photo() });
    await apis.owner.orders.markDelivered({ id: orderId, photos: [condition.id], note: 'Sem riscos na carcaça' });
    await open('owner', orderId, { kind: 'not_returned', text: 'Não devolveu no prazo.' });
    const listed = (await apis.admin.problems.moderation.open()).items.find((item) => item.orderId === orderId);
    expect(listed?.handover).toEqual([expect.objectContaining({ stage: 'delivery', note: 'Sem riscos na carcaça', photos: [expect.objectContaining({ cardUrl: condition.cardUrl })] })]);
  });

  it('lets no one but staff answering an open problem write in a thread they are not part of, whatever the caller', async () => {
    const orderId = await orderAt('in_progress');
    await open('owner', orderId);
    const [problem] = await problemsOf(orderId);
    const insert = (senderId: string) =>
      app.db
        .insertInto('order_messages')
        .values({ order_id: orderId, problem_id: problem!.id, sender_id: senderId, recipient_id: null, client_id: randomUUID(), body: 'Oi', created_at: app.clock.now() })
        .execute();
    // A resident outside the order, or one of its people, cannot pose as the administration.
    await expect(insert(people.stranger.id)).rejects.toMatchObject({ constraint: 'order_messages_participants_check' });
    await expect(insert(people.owner.id)).rejects.toMatchObject({ constraint: 'order_messages_participants_check' });
    // Nor can staff write without a problem, as if they were one of the two.
    await expect(
      app.db.insertInto('order_messages').values({ order_id: orderId, sender_id: people.admin.id, recipient_id: people.owner.id, client_id: randomUUID(), body: 'Oi', created_at: app.clock.now() }).execute(),
    ).rejects.toMatchObject({ constraint: 'order_messages_participants_check' });
    await insert(people.admin.id);
    await sql`UPDATE order_problems SET status = 'resolved', resolved_at = now(), resolved_by = ${people.admin.id}::uuid, decision = 'Encerrado' WHERE id = ${problem!.id}::uuid`.execute(app.db);
    // Once it is resolved, not even staff.
    await expect(insert(people.admin.id)).rejects.toMatchObject({ constraint: 'order_messages_participants_check' });
  });

  it('counts open problems in the staff digest', async () => {
    app.clock.advance(2 * 3600_000);
    await sendStaffDigests(app.deps);
    const waiting = (await apis.admin.problems.moderation.open()).items.length;
    expect(waiting).toBeGreaterThan(1);
    // The digest's count sentence (the subject says the same, MIME-encoded).
    await eventually(() => {
      const sentences = app.outbox().filter((mail) => mail.text.includes(`To: ${people.admin.email}`)).map((mail) => /^(.+) a sua análise no painel/m.exec(mail.text)?.[1] ?? '');
      expect(sentences.some((sentence) => sentence.endsWith(`${waiting} problemas aguardando`))).toBe(true);
    }, 10_000);
  });
});
