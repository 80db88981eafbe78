import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { editInputFrom } from '../../test/admin-edit.ts';
import { dateColumns } from '../../test/date-columns.ts';
import { nextEmailedToken } from '../../test/emailed-links.ts';
import { createTestApp, eventually, testCpf, type TestApp, type TestUser } from '../../test/harness.ts';
import { pickupTomorrow } from '../../test/pickup.ts';
import { sendStaffDigests } from '../modules/admin/staff-digest.job.ts';
import { uploadImage } from '../modules/images/images.service.ts';
import { closeFornadasJob } from '../modules/orders/fornadas.jobs.ts';

// The app's clock (CLOCK_START) years away from the machine's: a date the database's now() or the
// machine's Date stamps lands years from it.
const APP_NOW = new Date('2031-03-10T15:00:00Z');
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Date columns the app does not take from its clock, and why: nobody compares them with it.
 * - events.created_at: the realtime bus's own rows, read back by id and pruned by age on the database's time.
 * - vapid_keys.created_at: the deployment's push keys, made once; not written here (no push device).
 */
const LEFT_TO_THE_DATABASE = new Set(['events.created_at', 'vapid_keys.created_at']);

/**
 * Date columns the walk leaves empty (it checks all the rest):
 * - push_subscriptions.created_at: a device needs a real push service (written with the app's clock, as the type requires).
 */
const NOT_WRITTEN_BY_THE_WALK = ['push_subscriptions.created_at'];

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { now: APP_NOW });
});
afterAll(() => app.close());

const api = async (user: TestUser | null) => (await app.callerAs(user)).api;
/** A few minutes pass between steps, as they would in use. */
const later = () => app.clock.advance(7 * MINUTE_MS);

describe('every date the app writes comes from its clock', () => {
  // Every domain of the app in one walk: on a loaded machine it outlasts the default 30 s.
  it('on a clock years from the machine, the writes of a whole walk are dated on the clock', { timeout: 120_000 }, async () => {
    const at = () => app.clock.now();
    const admin = await app.createUser({ roles: ['admin'], fullName: 'Adm Relógio', at: at() });
    const owner = await app.createUser({ fullName: 'Dona Relógio', at: at() });
    const requester = await app.createUser({ fullName: 'Vizinho Relógio', at: at() });
    const leaving = await app.createUser({ fullName: 'Vizinha de Saída', at: at() });
    const today = app.clock.today();

    // People: an invite, the sign-up through it, the approval; another sign-up rejected; an edit, an avatar, a new password.
    await (await api(owner)).invites.send({ email: 'convidada.relogio@teste.com', apartment: 'Apt 12' });
    const invite = await app.db.selectFrom('invites').select(['code']).where('email', '=', 'convidada.relogio@teste.com').executeTakeFirstOrThrow();
    const cancelled = await (await api(owner)).invites.send({ email: 'cancelada.relogio@teste.com' }).then(() =>
      app.db.selectFrom('invites').select(['id']).where('email', '=', 'cancelada.relogio@teste.com').executeTakeFirstOrThrow(),
    );
    later();
    await (await api(owner)).invites.resend({ id: cancelled.id });
    await (await api(owner)).invites.cancel({ id: cancelled.id });
    later();
    const signUp = { phone: '(11) 91234-5678', block: 'B', apartment: '502', password: 'quintal-de-casa' };
    await (await api(null)).auth.signUp({ ...signUp, fullName: 'Convidada Relógio', cpf: testCpf(31_031), email: 'convidada.relogio@teste.com', inviteCode: invite.code });
    await (await api(null)).auth.signUp({ ...signUp, fullName: 'Recusada Relógio', cpf: testCpf(31_032), email: 'recusada.relogio@teste.com' });
    const newcomer = await app.db.selectFrom('users').select(['id']).where('email', '=', 'convidada.relogio@teste.com').executeTakeFirstOrThrow();
    const refused = await app.db.selectFrom('users').select(['id']).where('email', '=', 'recusada.relogio@teste.com').executeTakeFirstOrThrow();
    later();
    await (await api(admin)).admin.approveUser({ userId: newcomer.id });
    await (await api(admin)).admin.rejectUser({ userId: refused.id });
    later();
    const person = await (await api(admin)).admin.users.byId({ userId: requester.id });
    await (await api(admin)).admin.users.update(editInputFrom(requester.id, person, { bio: 'Gosta de relógios', roles: ['moderator'], reason: '' }));
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c84' } }).jpeg().toBuffer();
    const avatar = await uploadImage(app.deps, { userId: requester.id, purpose: 'avatar', bytes: photo });
    await (await api(requester)).users.setAvatar({ imageId: avatar.id });
    await (await api(null)).auth.login({ email: requester.email, password: requester.password });
    await (await api(null)).auth.requestPasswordReset({ email: requester.email });
    await (await api(null)).auth.requestSignInLink({ email: requester.email });
    const signInToken = await nextEmailedToken(app, requester.email, '/entrar-com-link?', 0);
    await (await api(null)).auth.signInWithLink({ token: signInToken });
    await (await api(requester)).auth.changePassword({ currentPassword: requester.password, newPassword: 'nova-senha-forte', confirmPassword: 'nova-senha-forte' });
    await (await api(owner)).notifications.setPreference({ key: 'pickupReminders', enabled: false });
    await (await api(owner)).pix.saveKey({ type: 'cpf', key: '529.982.247-25' });

    // Listings: created, approved, edited back to review ('Enviado em'), approved again, paused and reactivated,
    // renewed, saved, paused and activated by the administration, a rental's blocked days, one rejected, one deleted.
    const ownerApi = await api(owner);
    const food = (await ownerApi.listings.create({ type: 'food', title: 'Bolo de fubá', description: 'Feito em casa', priceCents: 1500 })).id;
    const rental = (await ownerApi.listings.create({ type: 'rental', title: 'Furadeira', description: 'Com brocas', priceCents: 1000 })).id;
    const refusedListing = (await ownerApi.listings.create({ type: 'service', title: 'Aulas', description: 'De violão', priceCents: 5000 })).id;
    const gone = (await ownerApi.listings.create({ type: 'service', title: 'Passeio', description: 'Com cães', priceCents: 3000 })).id;
    later();
    for (const id of [food, rental, gone]) await (await api(admin)).listings.moderation.approve({ id });
    await (await api(admin)).listings.moderation.reject({ id: refusedListing, reason: 'Sem foto' });
    later();
    await ownerApi.listings.update({ id: food, type: 'food', title: 'Bolo de fubá cremoso', description: 'Feito em casa', priceCents: 1500 });
    later();
    await (await api(admin)).listings.moderation.approve({ id: food });
    await ownerApi.listings.pause({ id: food });
    await ownerApi.listings.reactivate({ id: food });
    await ownerApi.listings.renew({ id: food });
    await (await api(requester)).listings.save({ id: food, saved: true });
    await (await api(admin)).listings.moderation.pause({ id: rental });
    await (await api(admin)).listings.moderation.activate({ id: rental });
    await ownerApi.listings.blockDays({ id: rental, days: [addDays(today, 5)] });
    await ownerApi.listings.delete({ id: gone });

    // Orders: one through to completion, paid, talked about, reported and reviewed both ways; one rejected, one cancelled.
    const requesterApi = await api(requester);
    later();
    const order = (await requesterApi.orders.create({ listingId: food, scheduledAt: pickupTomorrow(app.clock) })).id;
    const rejected = (await requesterApi.orders.create({ listingId: rental, startDate: addDays(today, 1), endDate: addDays(today, 2) })).id;
    const cancelledOrder = (await requesterApi.orders.create({ listingId: rental, startDate: addDays(today, 8), endDate: addDays(today, 9) })).id;
    later();
    await ownerApi.orders.reject({ id: rejected });
    await requesterApi.orders.cancel({ id: cancelledOrder });
    await ownerApi.orders.approve({ id: order });
    const { id: messageId } = await ownerApi.messages.send({ orderId: order, body: 'Pode buscar às 18h', clientId: randomUUID() });
    await requesterApi.messages.markRead({ orderId: order });
    await requesterApi.reports.message({ messageId, reason: 'other', details: 'Teste' });
    later();
    await ownerApi.orders.markDelivered({ id: order });
    await requesterApi.orders.markPaid({ id: order });
    later();
    await ownerApi.orders.complete({ id: order });
    await requesterApi.reviews.create({ orderId: order, rating: 5 });
    await ownerApi.reviews.create({ orderId: order, rating: 4 });

    // A rental's deposit: recorded as retained by the owner at the end, contested by the requester.
    await ownerApi.listings.update({ id: rental, type: 'rental', title: 'Furadeira', description: 'Com brocas', priceCents: 1000, depositCents: 20_000 });
    await (await api(admin)).listings.moderation.approve({ id: rental });
    const withDeposit = (await requesterApi.orders.create({ listingId: rental, startDate: today, endDate: today })).id;
    await ownerApi.orders.approve({ id: withDeposit });
    await ownerApi.orders.markDelivered({ id: withDeposit });
    await ownerApi.orders.complete({ id: withDeposit });
    later();
    await ownerApi.deposits.settle({ orderId: withDeposit, outcome: 'retained', retainedCents: 5_000, reason: 'Broca quebrada' });
    later();
    await requesterApi.deposits.answer({ orderId: withDeposit, answer: 'contested', kind: 'damage', text: 'A broca já estava quebrada' });

    // The portaria: a rental out and back through the desk; a code that died with its order.
    const deskApi = await api(await app.createUser({ roles: ['portaria'], at: at() }));
    const atDesk = (await requesterApi.orders.create({ listingId: rental, startDate: today, endDate: addDays(today, 0) })).id;
    const dropped = (await requesterApi.orders.create({ listingId: rental, startDate: addDays(today, 20), endDate: addDays(today, 21) })).id;
    await ownerApi.orders.approve({ id: atDesk });
    await ownerApi.orders.approve({ id: dropped });
    await ownerApi.portaria.start({ orderId: dropped });
    await requesterApi.orders.cancel({ id: dropped });
    for (const side of [ownerApi, requesterApi]) {
      const { code } = await side.portaria.start({ orderId: atDesk });
      later();
      await deskApi.portaria.advance({ code, step: 'receive' });
      later();
      await deskApi.portaria.advance({ code, step: 'handOver' });
    }

    // The item's condition at a rental's hand-over and return, each confirmed by the requester.
    const handedOver = (await requesterApi.orders.create({ listingId: rental, startDate: today, endDate: today })).id;
    await ownerApi.orders.approve({ id: handedOver });
    const conditionPhoto = await uploadImage(app.deps, { userId: owner.id, purpose: 'handover', bytes: photo });
    later();
    await ownerApi.orders.markDelivered({ id: handedOver, photos: [conditionPhoto.id], note: 'Sem riscos' });
    await requesterApi.orders.confirmCondition({ id: handedOver, stage: 'delivery' });
    later();
    await ownerApi.orders.complete({ id: handedOver, note: 'Voltou como foi' });
    await requesterApi.orders.confirmCondition({ id: handedOver, stage: 'return' });

    // A problem on the rental that went through the desk: opened, answered by the administration, resolved.
    const adminApi = await api(admin);
    later();
    await requesterApi.problems.open({ orderId: atDesk, kind: 'damage', text: 'Voltou com um risco' });
    const [problem] = (await adminApi.problems.moderation.open()).items;
    await adminApi.problems.moderation.write({ problemId: problem!.id, body: 'Vamos analisar as fotos.', clientId: randomUUID() });
    later();
    await adminApi.problems.moderation.resolve({ problemId: problem!.id, decision: 'Sem dano comprovado.' });

    // Announcements: one pinned, read, edited and removed.
    const fields = { title: 'Falta de água', body: 'Terça, das 9h às 12h.', imageId: null, pinnedUntil: addDays(today, 3) };
    const { id: announcementId } = await adminApi.announcements.publish(fields);
    later();
    await requesterApi.announcements.markAllRead();
    await adminApi.announcements.update({ id: announcementId, ...fields, title: 'Falta de água na terça' });
    later();
    await adminApi.announcements.delete({ id: announcementId });

    // Fornadas: the owner's batch of the dish for tomorrow, followed and reserved; closed by its job at the deadline.
    await requesterApi.fornadas.follow({ sellerId: owner.id, following: true });
    const batch = await ownerApi.fornadas.open({ listingId: food, day: addDays(today, 1), windowStart: '11:00', windowEnd: '13:00', portions: 6, deadlineDay: today, deadlineTime: '23:00' });
    await requesterApi.fornadas.reserve({ fornadaId: batch.id, quantity: 2 });
    // Another batch, reserved, changed and cancelled by its seller.
    const cancelledBatch = await ownerApi.fornadas.open({ listingId: food, day: addDays(today, 2), windowStart: '11:00', windowEnd: '13:00', portions: 4, deadlineDay: today, deadlineTime: '23:00' });
    await requesterApi.fornadas.reserve({ fornadaId: cancelledBatch.id, quantity: 1 });
    await ownerApi.fornadas.edit({ id: cancelledBatch.id, day: addDays(today, 2), windowStart: '12:00', windowEnd: '14:00', portions: 5, deadlineDay: today, deadlineTime: '23:00' });
    later();
    await ownerApi.fornadas.cancel({ id: cancelledBatch.id });
    app.clock.advance(12 * 60 * MINUTE_MS);
    await closeFornadasJob.run(app.deps);

    // Report and block: a listing reported and archived by the administration; a neighbour blocked.
    await requesterApi.reports.listing({ listingId: food, reason: 'other', details: 'Teste' });
    const report = await app.db.selectFrom('reports').select(['id']).where('listing_id', '=', food).executeTakeFirstOrThrow();
    later();
    await adminApi.reports.moderation.decide({ reportId: report.id, outcome: 'archive' });
    await requesterApi.blocks.block({ userId: newcomer.id });

    // 'Procura-se': a request answered with a new listing (told at its approval), renewed, found, another deleted.
    const { id: wanted } = await requesterApi.wanted.create({ type: 'rental', title: 'Procura-se escada', startDate: addDays(today, 2) });
    const { id: gone2 } = await requesterApi.wanted.create({ type: 'service', title: 'Procura-se pintor' });
    later();
    const { id: offered } = await ownerApi.listings.create({ type: 'rental', title: 'Escada', description: 'Sete degraus', priceCents: 1500, wantedRequestId: wanted });
    await adminApi.listings.moderation.approve({ id: offered });
    await requesterApi.wanted.renew({ id: wanted });
    later();
    await requesterApi.wanted.found({ id: wanted });
    await requesterApi.wanted.delete({ id: gone2 });

    // The staff's hourly digest of what waits for them (the pending sign-up above, among others).
    await sendStaffDigests(app.deps);

    // Billing: a charge and its payment; a person who left (their listings go with them).
    const due = addDays(today, 10);
    await (await api(admin)).billing.create({ userId: owner.id, amountCents: 2990, dueDate: due });
    const charge = await app.db.selectFrom('billings').select(['id']).where('user_id', '=', owner.id).executeTakeFirstOrThrow();
    await (await api(admin)).billing.markPaid({ id: charge.id });
    await (await api(leaving)).listings.create({ type: 'food', title: 'Pudim', description: 'De leite', priceCents: 1200 });
    await (await api(admin)).admin.users.anonymize({ userId: leaving.id });
    // The notifications' delivery jobs (e-mails) have run: nothing they write is left out of the check.
    await eventually(async () => expect(await app.db.selectFrom('notifications').select('id').execute()).not.toHaveLength(0));

    const far: string[] = [];
    const unwritten: string[] = [];
    for (const { table_name: table, column_name: column } of await dateColumns(app.db)) {
      if (LEFT_TO_THE_DATABASE.has(`${table}.${column}`)) continue;
      const { rows } = await sql<{ value: Date | string }>`SELECT ${sql.ref(column)}::timestamptz AS value FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL`.execute(app.db);
      if (rows.length === 0) unwritten.push(`${table}.${column}`);
      for (const { value } of rows) {
        const days = (new Date(value).getTime() - APP_NOW.getTime()) / DAY_MS;
        // The walk's past and future on the clock: nothing before it started, expiries and windows within 61 days (a renewal adds 30 days to 30).
        if (days < -1 || days > 61) far.push(`${table}.${column}: ${new Date(value).toISOString()}`);
      }
    }
    expect(far).toEqual([]);
    // The walk wrote every date column but these (a new column the walk does not write shows here).
    expect(unwritten).toEqual(NOT_WRITTEN_BY_THE_WALK);
  });
});
