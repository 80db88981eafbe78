// Comunicados: administrators publish to every active resident in one transaction; the
// e-mails and pushes go out through the queue per each person's 'Comunicados' switch.
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES } from '@vizinhanca/shared/announcements/announcement.schema';
import { IMAGE_MESSAGES } from '@vizinhanca/shared/images/image.rules';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { decryptPush, deviceKeys, pushDevice, startLocalPushService } from '../../../test/push-service.ts';
import { upsertPushSubscription } from '../notifications/notifications.repository.ts';
import { imageAccess, uploadImage } from '../images/images.service.ts';
import { deliverAnnouncementJob } from './announcement-delivery.ts';
import * as announcements from './announcements.service.ts';

let app: TestApp;
let admin: TestUser;
let moderator: TestUser;
let ana: TestUser;
let bruno: TestUser;
let pending: TestUser;
let suspended: TestUser;
let push: Awaited<ReturnType<typeof startLocalPushService>>;

beforeAll(async () => {
  // Monday 23/11/2026, 12:00 in São Paulo.
  app = await createTestApp({}, { now: new Date('2026-11-23T15:00:00Z') });
  admin = await app.createUser({ roles: ['admin'], fullName: 'Carla Síndica' });
  moderator = await app.createUser({ roles: ['moderator'] });
  ana = await app.createUser({ fullName: 'Ana Moradora' });
  bruno = await app.createUser({ fullName: 'Bruno Morador' });
  pending = await app.createUser({ status: 'pending' });
  suspended = await app.createUser({ suspended: true });
  push = await startLocalPushService({ trustGlobally: true });
});
afterAll(async () => {
  await push.close();
  await app.close();
});

async function api(user: TestUser) {
  return (await app.callerAs(user)).api;
}

const fields = (title: string, extra: Partial<{ body: string; pinnedUntil: string | null; imageId: string | null }> = {}) => ({
  title,
  body: 'A água será desligada na terça-feira, das 9h às 12h.\nVeja https://exemplo.com/aviso para detalhes.',
  pinnedUntil: null,
  imageId: null,
  ...extra,
});

async function countWhere(table: 'announcements' | 'announcement_recipients' | 'notifications' | 'events', column: string, value: string) {
  const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM ${sql.table(table)} WHERE ${sql.ref(column)}::text LIKE ${value}`.execute(app.db);
  return Number(rows[0]!.count);
}

describe('publishing', () => {
  it('reaches every active resident with a notification and a live event, never the pending, the suspended or the author', async () => {
    const { id, recipients } = await (await api(admin)).announcements.publish(fields('Falta de água na terça'));
    const reached = (await app.db.selectFrom('announcement_recipients').select('user_id').where('announcement_id', '=', id).execute()).map((row) => row.user_id);
    expect(reached).toEqual(expect.arrayContaining([moderator.id, ana.id, bruno.id]));
    expect(reached).not.toContain(pending.id);
    expect(reached).not.toContain(suspended.id);
    expect(reached).not.toContain(admin.id);
    expect(recipients).toBe(reached.length);
    const notes = await app.db.selectFrom('notifications').select(['user_id', 'title']).where('related_id', '=', id).execute();
    expect(notes.map((note) => note.user_id).sort()).toEqual([...reached].sort());
    expect(new Set(notes.map((note) => note.title))).toEqual(new Set(['Comunicado: Falta de água na terça']));
    const events = await app.db.selectFrom('events').select(['user_id', 'payload']).where('kind', '=', 'announcement.published').where(sql<boolean>`payload->>'id' = ${id}`).execute();
    expect(events.map((event) => event.user_id).sort()).toEqual([...reached].sort());
    // The centre lists it, linking to /comunicados.
    const item = (await (await api(ana)).notifications.list({})).items.find((note) => note.relatedId === id)!;
    expect(item).toMatchObject({ type: 'announcement', title: 'Comunicado: Falta de água na terça', href: '/comunicados' });
    // Home's recent activity too, opening /comunicados.
    const activity = (await (await api(ana)).activity.recent()).find((entry) => entry.title === 'Comunicado: Falta de água na terça');
    expect(activity?.target).toEqual({ kind: 'announcements' });
  });

  it('to 2,000 residents is one transaction: a failure after the fan-out leaves no announcement, recipient, notification or event', async () => {
    await sql`
      INSERT INTO users (email, password_hash, full_name, approval_status, approved_at)
      SELECT 'massa-' || g || '@teste.com', 'x', 'Morador em massa ' || g, 'approved', now() FROM generate_series(1, 2000) AS g`.execute(app.db);
    const before = await countWhere('announcements', 'title', '%');
    const failingQueue = {
      ...app.deps,
      queue: {
        ...app.deps.queue,
        enqueueMany: app.deps.queue.enqueueMany.bind(app.deps.queue),
        enqueue: () => Promise.reject(new Error('fila fora do ar')),
      },
    };
    await expect(announcements.publish(failingQueue, admin.id, fields('Assembleia geral'))).rejects.toThrow('fila fora do ar');
    expect(await countWhere('announcements', 'title', '%')).toBe(before);
    expect(await countWhere('notifications', 'title', 'Comunicado: Assembleia geral')).toBe(0);
    expect(await countWhere('events', 'payload', '%Assembleia geral%')).toBe(0);

    // The delivery job is held back here: 2,000 e-mails are the delivery test's business, not this one's.
    const held: string[] = [];
    // Every statement the publication sends is counted (a plugin sees each one the database is sent).
    let statements = 0;
    const counting = app.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const holdingQueue = { ...failingQueue, db: counting, queue: { ...failingQueue.queue, enqueue: async (_db: unknown, job: { name: string }) => void held.push(job.name) } };
    const { id, recipients } = await announcements.publish(holdingQueue, admin.id, fields('Assembleia geral'));
    expect(held).toEqual(['announcement.deliver']);
    expect(recipients).toBeGreaterThanOrEqual(2000);
    expect(await countWhere('announcement_recipients', 'announcement_id', id)).toBe(recipients);
    expect(await countWhere('notifications', 'related_id', id)).toBe(recipients);
    expect(await countWhere('events', 'payload', `%${id}%`)).toBe(recipients);
    // Set-based: a few statements whatever the number of residents, where a loop would send 6,000 inserts.
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(20);
    await sql`UPDATE users SET is_suspended = true WHERE email LIKE 'massa-%'`.execute(app.db);
  });

  it('refuses bad input with the pt-BR message and writes nothing', async () => {
    const caller = await api(admin);
    const before = await countWhere('announcements', 'title', '%');
    await expectError(caller.announcements.publish(fields('   ')), 'BAD_REQUEST', ANNOUNCEMENT_MESSAGES.titleRequired);
    await expectError(caller.announcements.publish(fields('T'.repeat(121))), 'BAD_REQUEST', ANNOUNCEMENT_MESSAGES.titleTooLong);
    await expectError(caller.announcements.publish(fields('Aviso', { body: '' })), 'BAD_REQUEST', ANNOUNCEMENT_MESSAGES.bodyRequired);
    await expectError(caller.announcements.publish(fields('Aviso', { body: 'x'.repeat(5001) })), 'BAD_REQUEST', ANNOUNCEMENT_MESSAGES.bodyTooLong);
    await expectError(caller.announcements.publish(fields('Aviso', { pinnedUntil: '2026-11-22' })), 'BAD_REQUEST', ANNOUNCEMENT_MESSAGES.pinnedInPast);
    await expectError(caller.announcements.publish(fields('Aviso', { pinnedUntil: '23/11/2026' })), 'BAD_REQUEST', ANNOUNCEMENT_MESSAGES.invalidDate);
    // Someone else's upload, or a listing photo, is not this announcement's photo.
    const listingPhoto = await uploadImage(app.deps, { userId: admin.id, purpose: 'listing', bytes: await photo() });
    const anasPhoto = await uploadImage(app.deps, { userId: ana.id, purpose: 'announcement', bytes: await photo() });
    await expectError(caller.announcements.publish(fields('Aviso', { imageId: listingPhoto.id })), 'BAD_REQUEST', ANNOUNCEMENT_MESSAGES.invalidPhoto);
    await expectError(caller.announcements.publish(fields('Aviso', { imageId: anasPhoto.id })), 'BAD_REQUEST', ANNOUNCEMENT_MESSAGES.invalidPhoto);
    // The photo pipeline refuses what is not an image, and anything over 5 MB.
    await expect(uploadImage(app.deps, { userId: admin.id, purpose: 'announcement', bytes: Buffer.from('<svg onload="alert(1)"></svg>') })).rejects.toMatchObject({ userMessage: IMAGE_MESSAGES.notAnImage });
    await expect(uploadImage(app.deps, { userId: admin.id, purpose: 'announcement', bytes: Buffer.alloc(5 * 1024 * 1024 + 1) })).rejects.toMatchObject({ userMessage: IMAGE_MESSAGES.tooLarge });
    // Moderators and residents do not publish.
    await expectError((await api(moderator)).announcements.publish(fields('Aviso')), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    await expectError((await api(ana)).announcements.publish(fields('Aviso')), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    expect(await countWhere('announcements', 'title', '%')).toBe(before);
  });

  it('keeps line breaks and links as text, and shows a photo to approved residents only', async () => {
    const image = await uploadImage(app.deps, { userId: admin.id, purpose: 'announcement', bytes: await photo() });
    const body = 'Linha um\nLinha dois <b>negrito</b> https://exemplo.com';
    const { id } = await (await api(admin)).announcements.publish(fields('Com foto', { body, imageId: image.id }));
    const item = (await (await api(ana)).announcements.list()).items.find((entry) => entry.id === id)!;
    expect(item).toMatchObject({ body, imageUrl: `/files/images/${image.id}/detail.webp`, author: { fullName: 'Carla Síndica' }, unread: true, reads: null, editedAt: null });
    const viewer = async (user: TestUser) => (await app.callerAs(user)).ctx.user;
    expect(await imageAccess(app.deps, image.id, await viewer(ana))).toBe('private');
    expect(await imageAccess(app.deps, image.id, await viewer(pending))).toBe('hidden');
    expect(await imageAccess(app.deps, image.id, null)).toBe('hidden');
  });
});

describe('reading', () => {
  it("counts who read it for administrators ('Lido por N de M'), marks 'Novo' per reader, and reads its notification too", async () => {
    const { id, recipients } = await (await api(admin)).announcements.publish(fields('Salão de festas'));
    const reads = async () => (await (await api(admin)).announcements.list()).items.find((item) => item.id === id)!.reads;
    expect(await reads()).toEqual({ read: 0, recipients });
    const anaApi = await api(ana);
    expect((await anaApi.announcements.list()).items.find((item) => item.id === id)!.unread).toBe(true);
    const unreadBefore = await anaApi.notifications.unreadCount();
    // Live for administrators: each reading tells their open /comunicados to read the counts again.
    const changesTo = async (user: TestUser) => (await app.db.selectFrom('events').select('id').where('user_id', '=', user.id).where('kind', '=', 'announcements.changed').execute()).length;
    const adminChangesBefore = await changesTo(admin);
    await anaApi.announcements.markAllRead();
    expect(await changesTo(admin)).toBe(adminChangesBefore + 1);
    expect((await anaApi.announcements.list()).items.find((item) => item.id === id)!.unread).toBe(false);
    expect(await anaApi.notifications.unreadCount()).toBeLessThan(unreadBefore);
    expect((await anaApi.notifications.list({ limit: 50 })).items.find((item) => item.relatedId === id)!.read).toBe(true);
    // Reading again changes nothing, and tells nobody; Bruno has not read it.
    await anaApi.announcements.markAllRead();
    expect(await reads()).toEqual({ read: 1, recipients });
    expect(await changesTo(admin)).toBe(adminChangesBefore + 1);
    expect((await (await api(bruno)).announcements.list()).items.find((item) => item.id === id)!.unread).toBe(true);
  });

  it('pins one on top of home until its date, in the condominium', async () => {
    const { id } = await (await api(admin)).announcements.publish(fields('Obras na garagem', { pinnedUntil: '2026-11-24' }));
    expect(await (await api(ana)).announcements.pinned()).toEqual({ id, title: 'Obras na garagem', pinnedUntil: '2026-11-24' });
    // Tuesday 24/11, 23:30 in São Paulo: still its date.
    app.clock.set(new Date('2026-11-25T02:30:00Z'));
    expect((await (await api(ana)).announcements.pinned())?.id).toBe(id);
    app.clock.set(new Date('2026-11-25T03:30:00Z'));
    expect(await (await api(ana)).announcements.pinned()).toBeNull();
    app.clock.set(new Date('2026-11-23T15:00:00Z'));
  });
});

describe('editing and removing', () => {
  it("records both in the audit log, shows 'Editado', and refuses to edit a removed one", async () => {
    const caller = await api(admin);
    const { id } = await caller.announcements.publish(fields('Horário da piscina'));
    app.clock.advance(60_000);
    await expect(caller.announcements.update({ id, ...fields('Novo horário da piscina', { pinnedUntil: '2026-11-30' }) })).resolves.toEqual({ message: ANNOUNCEMENT_MESSAGES.updated });
    const edited = (await (await api(ana)).announcements.list()).items.find((item) => item.id === id)!;
    expect(edited).toMatchObject({ title: 'Novo horário da piscina', pinnedUntil: '2026-11-30' });
    expect(edited.editedAt).toEqual(app.clock.now());
    await expectError((await api(moderator)).announcements.update({ id, ...fields('Outro') }), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    await expectError((await api(ana)).announcements.delete({ id }), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    await expect(caller.announcements.delete({ id })).resolves.toEqual({ message: ANNOUNCEMENT_MESSAGES.removed });
    expect((await (await api(ana)).announcements.list()).items.map((item) => item.id)).not.toContain(id);
    await expectError(caller.announcements.update({ id, ...fields('Tarde demais') }), 'CONFLICT', ANNOUNCEMENT_MESSAGES.removedCannotEdit);
    await expectError(caller.announcements.delete({ id }), 'CONFLICT', ANNOUNCEMENT_MESSAGES.alreadyRemoved);
    const entries = await app.db.selectFrom('audit_log').select(['action', 'actor_id', 'target_label']).where('target_id', '=', id).orderBy('id').execute();
    expect(entries).toEqual([
      { action: 'announcement.published', actor_id: admin.id, target_label: 'Horário da piscina' },
      { action: 'announcement.edited', actor_id: admin.id, target_label: 'Novo horário da piscina' },
      { action: 'announcement.removed', actor_id: admin.id, target_label: 'Novo horário da piscina' },
    ]);
    expect((await app.db.selectFrom('announcements').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('Novo horário da piscina');
  });
});

describe('delivery', () => {
  it("e-mails and pushes each resident once through the queue, none to whoever switched 'Comunicados' (or e-mail, or push) off", async () => {
    const carol = await app.createUser({ fullName: 'Carol Sem Comunicados' });
    const davi = await app.createUser({ fullName: 'Davi Sem Email' });
    await (await api(carol)).notifications.setPreference({ key: 'announcements', enabled: false });
    await (await api(davi)).notifications.setPreference({ key: 'email', enabled: false });
    // A title and devices of their own per run: a retried test must not count the first attempt's e-mails and pushes.
    const run = crypto.randomUUID().slice(0, 8);
    const title = `Dedetização ${run}`;
    const anaPhone = pushDevice();
    await upsertPushSubscription(app.db, ana.id, { endpoint: `${push.base}/push/ana-${run}`, keys: deviceKeys(anaPhone) }, app.clock.now());
    await upsertPushSubscription(app.db, carol.id, { endpoint: `${push.base}/push/carol-${run}`, keys: deviceKeys(pushDevice()) }, app.clock.now());
    const { id } = await (await api(admin)).announcements.publish(fields(title, { body: `Dedetização ${run} no bloco A.\n\nFeche as janelas.` }));

    const mailTo = (user: TestUser) => app.outbox().filter((mail) => mail.text.includes(`To: ${user.email}`) && mail.text.includes(run));
    const anaMail = await eventually(() => {
      const found = mailTo(ana);
      expect(found).toHaveLength(1);
      return found[0]!.text;
    }, 30_000);
    expect(anaMail).toContain('Olá, Ana Moradora!');
    expect(anaMail).toContain('Feche as janelas.');
    expect(anaMail).toContain('http://localhost:3000/comunicados');
    // Only this announcement's pushes: an earlier test's delivery still queued may reach Ana's new phone too.
    const anaPushes = () =>
      push.received
        .filter((request) => request.path === `/push/ana-${run}`)
        .map((request) => JSON.parse(decryptPush(request.body, anaPhone)) as { title: string; url: string })
        .filter((message) => message.title === `Comunicado: ${title}`);
    const anaPush = await eventually(() => {
      const found = anaPushes();
      expect(found).toHaveLength(1);
      return found[0]!;
    }, 30_000);
    expect(anaPush).toMatchObject({ url: '/comunicados' });

    // The job run again (a retry after a crash) enqueues nothing twice.
    await deliverAnnouncementJob.run(app.deps, { announcementId: id });
    const { rows } = await sql<{ key: string; count: string }>`
      SELECT data->>'idempotencyKey' AS key, count(*) AS count FROM pgboss.job
       WHERE name = 'email.send' AND data->>'idempotencyKey' LIKE ${`announcement-email:${id}:%`} GROUP BY 1`.execute(app.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.count === '1')).toBe(true);
    const keys = rows.map((row) => row.key);
    expect(keys).toContain(`announcement-email:${id}:${ana.id}`);
    expect(keys).not.toContain(`announcement-email:${id}:${carol.id}`);
    expect(keys).not.toContain(`announcement-email:${id}:${davi.id}`);
    expect(keys).not.toContain(`announcement-email:${id}:${suspended.id}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailTo(carol)).toEqual([]);
    expect(mailTo(davi)).toEqual([]);
    expect(push.received.filter((request) => request.path === `/push/carol-${run}`)).toEqual([]);
    expect(anaPushes()).toHaveLength(1);
    // Carol still has it in the centre and on /comunicados: the switch only stops the e-mail and the push.
    expect((await (await api(carol)).announcements.list()).items.find((item) => item.id === id)!.unread).toBe(true);
  });
});

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#36c' } }).jpeg().toBuffer();
