import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@vizinhanca/shared/notifications/notification.schema';
import { createTestApp, eventually, expectError, testCpf, type TestApp, type TestUser } from '../../../test/harness.ts';
import { sendEmailJob } from '../../mail/email.job.ts';
import { sendStaffDigests } from './staff-digest.job.ts';

// Staff are told of what waits for them: a sign-up to administrators; a listing waiting
// for approval and a reported message to administrators and moderators. In the app at
// once (live, linking into /admin), by e-mail at most once an hour as a digest.

let app: TestApp;
let admin: TestUser;
let moderator: TestUser;
let suspendedAdmin: TestUser;
let resident: TestUser;
let neighbour: TestUser;

// Monday 23/11/2026, 10:00 in São Paulo.
const START = new Date('2026-11-23T13:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  app = await createTestApp({}, { now: START });
  admin = await app.createUser({ roles: ['admin'], fullName: 'Carla Admin' });
  moderator = await app.createUser({ roles: ['moderator'], fullName: 'Rafael Moderador' });
  suspendedAdmin = await app.createUser({ roles: ['admin'], suspended: true });
  resident = await app.createUser({ fullName: 'Ana Moradora' });
  neighbour = await app.createUser({ fullName: 'Bruno Vizinho' });
});
afterAll(() => app.close());

const api = async (user: TestUser | null) => (await app.callerAs(user)).api;

/** The staff notifications each person has, newest first. */
async function staffItems(user: TestUser) {
  const rows = await app.db
    .selectFrom('notifications')
    .select(['id', 'type', 'related_id', 'message'])
    .where('user_id', '=', user.id)
    .where('type', 'in', ['pending_sign_up', 'pending_listing', 'pending_report'])
    .orderBy('created_at', 'desc')
    .execute();
  return rows;
}

async function signUp(fullName: string, seed: number) {
  await (await api(null)).auth.signUp({
    fullName,
    cpf: testCpf(seed),
    email: `cadastro-${seed}@example.com`,
    phone: '(11) 91234-5678',
    block: 'B',
    apartment: '502',
    password: 'quintal-de-casa',
  });
  return (await app.db.selectFrom('users').select('id').where('email', '=', `cadastro-${seed}@example.com`).executeTakeFirstOrThrow()).id;
}

describe('staff notifications of pending items', () => {
  it('a new sign-up tells active administrators only, live, linking to /admin; moderators and residents hear nothing', async () => {
    const before = { moderator: (await staffItems(moderator)).length, resident: (await staffItems(resident)).length };
    const userId = await signUp('Joana Nova', 700_001);
    const item = (await staffItems(admin)).find((row) => row.related_id === userId);
    expect(item).toMatchObject({ type: 'pending_sign_up', related_id: userId, message: 'Joana Nova se cadastrou e aguarda a sua análise.' });
    expect((await (await api(admin)).notifications.list({})).items.find((entry) => entry.relatedId === userId)).toMatchObject({ type: 'pending_sign_up', href: '/admin' });
    // Live: the notification's event went to the administrator's tabs, in the same transaction.
    const live = await app.db.selectFrom('events').select('payload').where('user_id', '=', admin.id).where('kind', '=', 'notification.created').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(live.payload).toMatchObject({ id: item!.id, type: 'pending_sign_up' });
    expect((await staffItems(moderator)).length).toBe(before.moderator);
    expect((await staffItems(suspendedAdmin)).length).toBe(0);
    expect((await staffItems(resident)).length).toBe(before.resident);
  });

  it('a listing sent for approval tells administrators and moderators, again when an edit sends it back, not for an edit while it waits', async () => {
    const owner = await api(resident);
    const { id } = await owner.listings.create({ type: 'food', title: 'Bolo de cenoura', description: 'Feito em casa', priceCents: 1500 });
    for (const staff of [admin, moderator]) {
      expect((await staffItems(staff)).find((row) => row.related_id === id)).toMatchObject({ type: 'pending_listing', message: 'O anúncio "Bolo de cenoura" aguarda a sua análise.' });
    }
    expect((await (await api(moderator)).notifications.list({})).items.find((entry) => entry.relatedId === id)).toMatchObject({ type: 'pending_listing', href: '/admin' });
    expect(await staffItems(resident)).toEqual([]);

    const count = async () => (await staffItems(moderator)).filter((row) => row.related_id === id).length;
    await owner.listings.update({ id, type: 'food', title: 'Bolo de cenoura', description: 'Com cobertura', priceCents: 1500 });
    expect(await count()).toBe(1);
    await (await api(moderator)).listings.moderation.approve({ id });
    await owner.listings.update({ id, type: 'food', title: 'Bolo de cenoura com chocolate', description: 'Com cobertura', priceCents: 1800 });
    expect(await count()).toBe(2);
  });

  it("a staff member's own listing does not notify them, only the others", async () => {
    const { id } = await (await api(moderator)).listings.create({ type: 'service', title: 'Aula de xadrez', description: 'Para iniciantes', priceCents: 3000 });
    expect((await staffItems(moderator)).some((row) => row.related_id === id)).toBe(false);
    expect((await staffItems(admin)).find((row) => row.related_id === id)).toMatchObject({ type: 'pending_listing' });
  });

  it('a reported message tells administrators and moderators, linking to the reports', async () => {
    const owner = await api(resident);
    const listingId = (await owner.listings.create({ type: 'service', title: 'Passeio com cães', description: 'Duas vezes ao dia', priceCents: 2500 })).id;
    await (await api(admin)).listings.moderation.approve({ id: listingId });
    const { id: orderId } = await (await api(neighbour)).orders.create({ listingId, deliveryMethod: 'pickup' });
    const { id: messageId } = await owner.messages.send({ orderId, body: 'Mensagem ofensiva', clientId: randomUUID() });
    await (await api(neighbour)).reports.message({ messageId, reason: 'offensive' });
    const { id: reportId } = await app.db.selectFrom('reports').select('id').where('message_id', '=', messageId).executeTakeFirstOrThrow();
    for (const staff of [admin, moderator]) {
      expect((await staffItems(staff)).find((row) => row.related_id === reportId)).toMatchObject({
        type: 'pending_report',
        message: 'Denúncia de uma mensagem. Aguarda a sua análise.',
      });
    }
    expect((await (await api(admin)).notifications.list({})).items.find((entry) => entry.relatedId === reportId)).toMatchObject({ type: 'pending_report', href: '/admin?secao=denuncias' });
    expect(await staffItems(neighbour)).toEqual([]);
    expect(await staffItems(resident)).toEqual([]);
  });

  it("refuses the 'Pendências da administração' switch to a resident, in pt-BR, and writes nothing", async () => {
    await expectError((await api(resident)).notifications.setPreference({ key: 'staffPending', enabled: false }), 'FORBIDDEN', NOTIFICATION_MESSAGES.staffOnlyPreference);
    expect(await app.db.selectFrom('notification_preferences').select('user_id').where('user_id', '=', resident.id).executeTakeFirst()).toBeUndefined();
    expect(await (await api(moderator)).notifications.setPreference({ key: 'staffPending', enabled: true })).toMatchObject({ staffPending: true });
  });
});

describe('the hourly digest e-mail', () => {
  let digestApp: TestApp;
  let carla: TestUser;
  let rafael: TestUser;
  let quietAdmin: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    digestApp = await createTestApp({}, { now: START });
    carla = await digestApp.createUser({ roles: ['admin'], fullName: 'Carla Admin' });
    rafael = await digestApp.createUser({ roles: ['moderator'], fullName: 'Rafael Moderador' });
    quietAdmin = await digestApp.createUser({ roles: ['admin'], fullName: 'Quieta Admin' });
    owner = await digestApp.createUser({ fullName: 'Ana Moradora' });
    await (await digestApp.callerAs(quietAdmin)).api.notifications.setPreference({ key: 'staffPending', enabled: false });
  });
  afterAll(() => digestApp.close());

  const digestsTo = (user: TestUser) => digestApp.outbox().filter((mail) => mail.text.includes(`To: ${user.email}`) && mail.text.includes('aguardando'));
  /** The digest's count sentence (the subject says the same, MIME-encoded). */
  const summaryOf = (mail: { text: string }) => /^(.+) a sua análise no painel da administração\.$/m.exec(mail.text)?.[1] ?? '';

  async function newListing(title: string) {
    await (await digestApp.callerAs(owner)).api.listings.create({ type: 'food', title, description: 'Feito em casa', priceCents: 1500 });
  }
  async function newSignUp(seed: number) {
    await (await digestApp.callerAs(null)).api.auth.signUp({
      fullName: `Cadastro ${seed}`,
      cpf: testCpf(seed),
      email: `digest-${seed}@example.com`,
      phone: '(11) 91234-5678',
      block: 'C',
      apartment: '12',
      password: 'quintal-de-casa',
    });
  }
  /** Lets every e-mail the queue holds go out, then reads the outbox. */
  async function settled() {
    await eventually(async () => {
      const { rows } = await sql<{ count: string }>`
        SELECT count(*) AS count FROM pgboss.job WHERE name = ${sendEmailJob.name} AND state IN ('created', 'retry', 'active')`.execute(digestApp.db);
      expect(Number(rows[0]!.count)).toBe(0);
    }, 10_000);
  }

  it('sends one e-mail per staff member per hour on a fixed clock, with what waits in pt-BR; none with the switch off, none to residents', async () => {
    await newSignUp(800_001);
    await newSignUp(800_002);
    await newListing('Coxinhas');
    await sendStaffDigests(digestApp.deps);
    await settled();
    expect(digestsTo(carla).map(summaryOf)).toEqual(['2 cadastros e 1 anúncio aguardando']);
    // Moderators are not counted sign-ups: people are administrators' business.
    expect(digestsTo(rafael).map(summaryOf)).toEqual(['1 anúncio aguardando']);
    expect(digestsTo(carla)[0]!.text).toContain('http://localhost:3000/admin');
    expect(digestsTo(quietAdmin)).toEqual([]);
    expect(digestsTo(owner)).toEqual([]);

    // Within the hour: more items, more runs, no second e-mail.
    digestApp.clock.advance(20 * MINUTE);
    await newListing('Brigadeiros');
    await newSignUp(800_003);
    await sendStaffDigests(digestApp.deps);
    digestApp.clock.advance(35 * MINUTE);
    await sendStaffDigests(digestApp.deps);
    await settled();
    expect(digestsTo(carla)).toHaveLength(1);
    expect(digestsTo(rafael)).toHaveLength(1);

    // An hour after the first: one digest with what waits now.
    digestApp.clock.advance(5 * MINUTE);
    await sendStaffDigests(digestApp.deps);
    await sendStaffDigests(digestApp.deps);
    await settled();
    expect(digestsTo(carla).map(summaryOf)).toEqual([
      '2 cadastros e 1 anúncio aguardando',
      '3 cadastros e 2 anúncios aguardando',
    ]);
    expect(digestsTo(rafael).map(summaryOf)).toEqual(['1 anúncio aguardando', '2 anúncios aguardando']);

    // Nothing new since the last digest: the next hour sends nothing, though items still wait.
    digestApp.clock.advance(90 * MINUTE);
    await sendStaffDigests(digestApp.deps);
    await settled();
    expect(digestsTo(carla)).toHaveLength(2);
    expect(digestsTo(quietAdmin)).toEqual([]);
  }, 60_000);

  it('two instances running the digest at the same moment send it once; a reported listing counts as a denúncia', async () => {
    digestApp.clock.advance(2 * 60 * MINUTE);
    const ownerApi = (await digestApp.callerAs(owner)).api;
    const { id: listingId } = await ownerApi.listings.create({ type: 'food', title: 'Pão de mel', description: 'Feito em casa', priceCents: 900 });
    await (await digestApp.callerAs(rafael)).api.listings.moderation.approve({ id: listingId });
    const reporter = await digestApp.createUser();
    await (await digestApp.callerAs(reporter)).api.reports.listing({ listingId, reason: 'fraud' });
    const second = await createTestApp({}, { now: digestApp.clock.now(), databaseUrl: digestApp.databaseUrl });
    try {
      const before = digestsTo(carla).length;
      await Promise.all([sendStaffDigests(digestApp.deps), sendStaffDigests(second.deps), sendStaffDigests(digestApp.deps)]);
      await settled();
      // The second instance writes to its own outbox folder: count both.
      const secondOutbox = second.outbox().filter((mail) => mail.text.includes(`To: ${carla.email}`));
      expect(digestsTo(carla).length - before + secondOutbox.length).toBe(1);
      expect([...digestsTo(carla).slice(before), ...secondOutbox].map(summaryOf)).toEqual(['3 cadastros, 2 anúncios e 1 denúncia aguardando']);
      const { sent_at } = await digestApp.db.selectFrom('staff_digests').select('sent_at').where('user_id', '=', carla.id).executeTakeFirstOrThrow();
      expect(sent_at).toEqual(digestApp.clock.now());
    } finally {
      await second.close();
    }
  }, 60_000);

  it("counts a reported message as a denúncia while it is open, and no more once staff decided it", async () => {
    digestApp.clock.advance(2 * 60 * MINUTE);
    const ownerApi = (await digestApp.callerAs(owner)).api;
    const { id: listingId } = await ownerApi.listings.create({ type: 'service', title: 'Conserto de bicicleta', description: 'Na garagem', priceCents: 4000 });
    await (await digestApp.callerAs(rafael)).api.listings.moderation.approve({ id: listingId });
    const requester = await digestApp.createUser();
    const requesterApi = (await digestApp.callerAs(requester)).api;
    const { id: orderId } = await requesterApi.orders.create({ listingId, deliveryMethod: 'pickup' });
    const { id: messageId } = await ownerApi.messages.send({ orderId, body: 'Mensagem grosseira', clientId: randomUUID() });
    await requesterApi.reports.message({ messageId, reason: 'offensive' });
    await sendStaffDigests(digestApp.deps);
    await settled();
    // The reported listing of the test before is still open: two denúncias.
    expect(summaryOf(digestsTo(rafael).at(-1)!)).toMatch(/ e 2 denúncias aguardando$/);

    const report = (await (await digestApp.callerAs(rafael)).api.reports.moderation.open()).items.find((item) => item.message?.id === messageId)!;
    await (await digestApp.callerAs(rafael)).api.reports.moderation.decide({ reportId: report.id, outcome: 'archive' });
    digestApp.clock.advance(2 * 60 * MINUTE);
    await newListing('Pastéis');
    await sendStaffDigests(digestApp.deps);
    await settled();
    expect(summaryOf(digestsTo(rafael).at(-1)!)).toMatch(/ e 1 denúncia aguardando$/);
  }, 60_000);
});

describe("/admin's pending items past 24 business hours come first", () => {
  let queueApp: TestApp;
  let carla: TestUser;
  let ana: TestUser;
  let bruno: TestUser;
  let serviceId: string;

  // Friday 27/11/2026, 19:00 in São Paulo.
  const FRIDAY_EVENING = new Date('2026-11-27T22:00:00Z');

  beforeAll(async () => {
    queueApp = await createTestApp({}, { now: FRIDAY_EVENING });
    carla = await queueApp.createUser({ roles: ['admin'] });
    ana = await queueApp.createUser({ fullName: 'Ana Dona' });
    bruno = await queueApp.createUser({ fullName: 'Bruno Pedinte' });
    const anaApi = (await queueApp.callerAs(ana)).api;
    serviceId = (await anaApi.listings.create({ type: 'service', title: 'Conserto de bicicleta', description: 'Na garagem', priceCents: 4000 })).id;
    await (await queueApp.callerAs(carla)).api.listings.moderation.approve({ id: serviceId });
  });
  afterAll(() => queueApp.close());

  const as = async (user: TestUser | null) => (await queueApp.callerAs(user)).api;

  /** A listing, a sign-up and a reported message, all made now. */
  async function pendingItems(tag: string, seed: number) {
    const listing = await (await as(ana)).listings.create({ type: 'food', title: `Bolo de ${tag}`, description: 'Feito em casa', priceCents: 1500 });
    await (await as(null)).auth.signUp({
      fullName: `Cadastro de ${tag}`,
      cpf: testCpf(seed),
      email: `fila-${seed}@example.com`,
      phone: '(11) 91234-5678',
      block: 'A',
      apartment: '1',
      password: 'quintal-de-casa',
    });
    const { id: orderId } = await (await as(bruno)).orders.create({ listingId: serviceId, deliveryMethod: 'pickup', confirmDuplicate: true });
    const { id: messageId } = await (await as(ana)).messages.send({ orderId, body: `Mensagem de ${tag}`, clientId: randomUUID() });
    await (await as(bruno)).reports.message({ messageId, reason: 'offensive' });
    return listing.id;
  }

  async function queues() {
    const staff = await as(carla);
    return {
      listings: (await staff.listings.moderation.pending({})).items.map((item) => item.title),
      signUps: (await staff.admin.pendingUsers()).map((user) => user.fullName),
      reports: (await staff.reports.moderation.open()).items.map((item) => item.message?.body),
    };
  }

  it('keeps the newest first until the Friday-evening items pass 24 business hours on Monday evening, then puts them on top', async () => {
    await pendingItems('sexta', 900_001);
    queueApp.clock.set(new Date('2026-11-30T13:00:00Z')); // Monday 10:00
    await pendingItems('segunda', 900_002);

    // Saturday and Sunday do not count: on Monday at 18:00 the Friday items have waited 23 business hours.
    // Reports wait oldest first all along (the late ones are always the oldest).
    queueApp.clock.set(new Date('2026-11-30T21:00:00Z'));
    expect(await queues()).toEqual({
      listings: ['Bolo de segunda', 'Bolo de sexta'],
      signUps: ['Cadastro de segunda', 'Cadastro de sexta'],
      reports: ['Mensagem de sexta', 'Mensagem de segunda'],
    });

    queueApp.clock.set(new Date('2026-11-30T23:00:00Z')); // Monday 20:00: 25 business hours
    expect(await queues()).toEqual({
      listings: ['Bolo de sexta', 'Bolo de segunda'],
      signUps: ['Cadastro de sexta', 'Cadastro de segunda'],
      reports: ['Mensagem de sexta', 'Mensagem de segunda'],
    });

    // Page by page, the queue continues after the late one.
    const staff = await as(carla);
    const first = await staff.listings.moderation.pending({ limit: 1 });
    expect(first.items.map((item) => item.title)).toEqual(['Bolo de sexta']);
    const second = await staff.listings.moderation.pending({ limit: 1, cursor: first.nextCursor });
    expect(second.items.map((item) => item.title)).toEqual(['Bolo de segunda']);
    expect(second.nextCursor).toBeNull();
  }, 60_000);
});
