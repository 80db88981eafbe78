import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from '@vizinhanca/shared/listings/listing.schema';
import { REPORT_DETAILS_TOO_LONG, REPORT_REASON_REQUIRED } from '@vizinhanca/shared/reports/report.reasons';
import { REMOVED_BY_STAFF_NOTICES, REPORT_HANDLED_NOTICE, REPORT_MESSAGES, WARNING_NOTICE_TITLE } from '@vizinhanca/shared/reports/report.schema';
import { WANTED_MESSAGES } from '@vizinhanca/shared/wanted/wanted.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

// 'Denunciar' a listing or a neighbour, and /admin 'Denúncias' (decisions.md "Trust between
// neighbours"): staff archive, remove the listing, warn or (administrators) suspend; the
// reporter only learns the report was handled; every step is in the audit log.

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

let app: TestApp;
let moderator: TestUser;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  moderator = await app.createUser({ roles: ['moderator'], fullName: 'Rafael Moderador' });
  admin = await app.createUser({ roles: ['admin'], fullName: 'Carla Administradora' });
});
afterAll(() => app.close());

async function api(user: TestUser): Promise<Api> {
  return (await app.callerAs(user)).api;
}

async function publish(owner: TestUser, title = 'Furadeira') {
  const { id } = await (await api(owner)).listings.create({ type: 'rental', title, description: 'Em bom estado', priceCents: 1500 });
  await (await api(moderator)).listings.moderation.approve({ id });
  return id;
}

const reportRows = () => app.db.selectFrom('reports').select(['id', 'reporter_id', 'status']).execute();
const auditOf = (action: string) => app.db.selectFrom('audit_log').select(['actor_id', 'target_id', 'after', 'reason']).where('action', '=', action).execute();
const noticesOf = (userId: string) => app.db.selectFrom('notifications').select(['title', 'message']).where('user_id', '=', userId).orderBy('created_at').execute();

async function openReportOf(reportedId: string) {
  const { items } = await (await api(moderator)).reports.moderation.open();
  return items.find((item) => item.person.id === reportedId)!;
}

describe("'Denunciar' a listing", () => {
  it('records the reason and the optional text, in the audit log, and shows it to staff with who reported it', async () => {
    const owner = await app.createUser({ fullName: 'Otávio Dono' });
    const reporter = await app.createUser({ fullName: 'Rita Relatora' });
    const listingId = await publish(owner, 'Rádio transmissor');
    expect(await (await api(reporter)).reports.listing({ listingId, reason: 'prohibited_item', details: '  Não é permitido no condomínio  ' })).toEqual({
      message: REPORT_MESSAGES.listingReported,
    });
    const report = await openReportOf(owner.id);
    expect(report).toMatchObject({
      targetType: 'listing',
      listing: { id: listingId, title: 'Rádio transmissor', removed: false },
      person: { id: owner.id, fullName: 'Otávio Dono', isSuspended: false, isStaff: false },
      reporter: { id: reporter.id, fullName: 'Rita Relatora' },
      reason: 'prohibited_item',
      details: 'Não é permitido no condomínio',
      earlier: [],
    });
    // Administrators and moderators are told, linking to 'Denúncias'.
    for (const staff of [moderator, admin]) {
      const notices = (await (await api(staff)).notifications.list({})).items.filter((item) => item.relatedId === report.id);
      expect(notices).toMatchObject([{ type: 'pending_report', title: 'Nova denúncia', message: 'Denúncia de um anúncio ("Rádio transmissor"). Aguarda a sua análise.', href: '/admin?secao=denuncias' }]);
    }
    // The reporter's words stay in the report alone, not in the append-only log.
    expect((await auditOf('listing.reported')).filter((entry) => entry.target_id === listingId)).toEqual([
      { actor_id: reporter.id, target_id: listingId, after: { reason: 'prohibited_item' }, reason: null },
    ]);
  });

  it("refuses one's own listing, a second open report of it, no reason, a long text and a made-up listing, writing nothing", async () => {
    const owner = await app.createUser();
    const reporter = await app.createUser();
    const listingId = await publish(owner);
    await (await api(reporter)).reports.listing({ listingId, reason: 'fraud' });
    const before = await reportRows();
    await expectError((await api(owner)).reports.listing({ listingId, reason: 'fraud' }), 'FORBIDDEN', REPORT_MESSAGES.ownListing);
    await expectError((await api(reporter)).reports.listing({ listingId, reason: 'offensive' }), 'CONFLICT', REPORT_MESSAGES.alreadyOpen);
    // @ts-expect-error: the reason is required
    await expectError((await api(reporter)).reports.listing({ listingId }), 'BAD_REQUEST', REPORT_REASON_REQUIRED);
    await expectError((await api(reporter)).reports.listing({ listingId, reason: 'fraud', details: 'x'.repeat(501) }), 'BAD_REQUEST', REPORT_DETAILS_TOO_LONG);
    await expectError((await api(reporter)).reports.listing({ listingId: randomUUID(), reason: 'fraud' }), 'NOT_FOUND', REPORT_MESSAGES.listingNotFound);
    expect(await reportRows()).toEqual(before);
    // The database keeps one open report per reporter and listing, whoever writes.
    await expect(
      app.db
        .insertInto('reports')
        .values({ reporter_id: reporter.id, target_type: 'listing', person_id: owner.id, listing_id: listingId, reason: 'other', created_at: app.clock.now() })
        .execute(),
    ).rejects.toThrow(/reports_one_open_listing_idx/);
  });

  it('can be made again once the first one was decided', async () => {
    const owner = await app.createUser();
    const reporter = await app.createUser();
    const listingId = await publish(owner);
    await (await api(reporter)).reports.listing({ listingId, reason: 'fraud' });
    await (await api(moderator)).reports.moderation.decide({ reportId: (await openReportOf(owner.id)).id, outcome: 'archive' });
    await (await api(reporter)).reports.listing({ listingId, reason: 'fraud', details: 'De novo' });
    const again = await openReportOf(owner.id);
    expect(again.details).toBe('De novo');
    expect(again.earlier.map((earlier) => earlier.status)).toEqual(['archived']);
  });
});

describe("'Denunciar' a neighbour", () => {
  it('refuses oneself, a second open report and someone who is not a neighbour, writing nothing', async () => {
    const person = await app.createUser();
    const reporter = await app.createUser();
    expect(await (await api(reporter)).reports.person({ userId: person.id, reason: 'harassment', details: 'Mensagens insistentes' })).toEqual({
      message: REPORT_MESSAGES.personReported,
    });
    const before = await reportRows();
    await expectError((await api(reporter)).reports.person({ userId: reporter.id, reason: 'harassment' }), 'FORBIDDEN', REPORT_MESSAGES.self);
    await expectError((await api(reporter)).reports.person({ userId: person.id, reason: 'other' }), 'CONFLICT', REPORT_MESSAGES.alreadyOpen);
    const pending = await app.createUser({ status: 'pending' });
    await expectError((await api(reporter)).reports.person({ userId: pending.id, reason: 'other' }), 'NOT_FOUND', REPORT_MESSAGES.personNotFound);
    await expectError((await api(reporter)).reports.person({ userId: randomUUID(), reason: 'other' }), 'NOT_FOUND', REPORT_MESSAGES.personNotFound);
    expect(await reportRows()).toEqual(before);
    expect((await auditOf('user.reported')).filter((entry) => entry.target_id === person.id)).toEqual([
      { actor_id: reporter.id, target_id: person.id, after: { reason: 'harassment' }, reason: null },
    ]);
  });

  it('shows staff the earlier reports about the same person, their listings included', async () => {
    const person = await app.createUser();
    const first = await app.createUser();
    const second = await app.createUser();
    const listingId = await publish(person, 'Bolo suspeito');
    await (await api(first)).reports.listing({ listingId, reason: 'fraud' });
    app.clock.advance(60_000);
    await (await api(second)).reports.person({ userId: person.id, reason: 'offensive' });
    const { items } = await (await api(moderator)).reports.moderation.open();
    const aboutPerson = items.filter((item) => item.person.id === person.id);
    expect(aboutPerson.map((item) => item.targetType)).toEqual(['listing', 'person']);
    expect(aboutPerson[1]!.earlier).toEqual([{ id: aboutPerson[0]!.id, targetType: 'listing', reason: 'fraud', status: 'open', createdAt: expect.any(Date), listingTitle: 'Bolo suspeito' }]);
  });
});

describe('/admin Denúncias: the decisions', () => {
  it("'Arquivar': the report leaves the list, the reporter is told it was handled (never what), in the audit log; a second decision is refused", async () => {
    const person = await app.createUser();
    const reporter = await app.createUser();
    await (await api(reporter)).reports.person({ userId: person.id, reason: 'other' });
    const report = await openReportOf(person.id);
    expect(await (await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'archive', note: 'Sem indícios' })).toEqual({
      message: REPORT_MESSAGES.decided.archive,
    });
    expect(await openReportOf(person.id)).toBeUndefined();
    expect(await noticesOf(reporter.id)).toEqual([REPORT_HANDLED_NOTICE]);
    expect(await noticesOf(person.id)).toEqual([]);
    expect((await auditOf('user.report_decided')).filter((entry) => entry.target_id === person.id)).toEqual([
      { actor_id: moderator.id, target_id: person.id, after: { outcome: 'archive', reports: 1 }, reason: 'Sem indícios' },
    ]);
    await expectError((await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'archive' }), 'CONFLICT', REPORT_MESSAGES.alreadyDecided);
    await expectError((await api(moderator)).reports.moderation.decide({ reportId: randomUUID(), outcome: 'archive' }), 'NOT_FOUND', REPORT_MESSAGES.reportNotFound);
  });

  it("'Remover anúncio': the listing leaves every screen, every open report of it is closed and each reporter told once", async () => {
    const owner = await app.createUser();
    const reporters = [await app.createUser(), await app.createUser()];
    const listingId = await publish(owner);
    for (const reporter of reporters) await (await api(reporter)).reports.listing({ listingId, reason: 'fraud' });
    const report = await openReportOf(owner.id);
    await (await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'remove_listing' });
    await expectError((await api(reporters[0]!)).listings.byId({ id: listingId }), 'NOT_FOUND', LISTING_MESSAGES.notFound);
    expect(await openReportOf(owner.id)).toBeUndefined();
    for (const reporter of reporters) expect(await noticesOf(reporter.id)).toEqual([REPORT_HANDLED_NOTICE]);
    expect(await noticesOf(owner.id)).toContainEqual(REMOVED_BY_STAFF_NOTICES.listing('Furadeira'));
    expect((await auditOf('listing.deleted')).map((entry) => entry.target_id)).toContain(listingId);
    expect((await auditOf('listing.report_decided')).filter((entry) => entry.target_id === listingId)).toEqual([
      { actor_id: moderator.id, target_id: listingId, after: { outcome: 'remove_listing', reports: 2 }, reason: null },
    ]);
  });

  it("'Remover pedido': the reported 'Procura-se' request leaves the list, its author is told, each reporter reads it was handled, on the record", async () => {
    const author = await app.createUser();
    const reporters = [await app.createUser(), await app.createUser()];
    const { id: requestId } = await (await api(author)).wanted.create({ type: 'service', title: 'Procura-se alguém para brigar', description: 'Texto ofensivo' });
    for (const reporter of reporters) await (await api(reporter)).reports.request({ requestId, reason: 'offensive' });
    const report = await openReportOf(author.id);
    expect(report).toMatchObject({ targetType: 'request', request: { id: requestId, removed: false } });
    // Only a request's report removes a request, and only a listing's a listing: refused, nothing written.
    await expectError((await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'remove_listing' }), 'BAD_REQUEST', REPORT_MESSAGES.notAListing);
    expect(await app.db.selectFrom('wanted_requests').select('deleted_at').where('id', '=', requestId).executeTakeFirstOrThrow()).toEqual({ deleted_at: null });

    expect(await (await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'remove_request', note: 'Ofensivo' })).toEqual({ message: REPORT_MESSAGES.decided.remove_request });
    await expectError((await api(reporters[0]!)).wanted.byId({ id: requestId }), 'NOT_FOUND', WANTED_MESSAGES.notFound);
    expect(await openReportOf(author.id)).toBeUndefined();
    expect((await app.db.selectFrom('reports').select('status').where('request_id', '=', requestId).execute()).map((row) => row.status)).toEqual(['request_removed', 'request_removed']);
    for (const reporter of reporters) expect(await noticesOf(reporter.id)).toEqual([REPORT_HANDLED_NOTICE]);
    expect(await noticesOf(author.id)).toEqual([REMOVED_BY_STAFF_NOTICES.request('Procura-se alguém para brigar')]);
    expect((await auditOf('request.deleted')).filter((entry) => entry.target_id === requestId)).toEqual([{ actor_id: moderator.id, target_id: requestId, after: null, reason: null }]);
    expect((await auditOf('request.report_decided')).filter((entry) => entry.target_id === requestId)).toEqual([
      { actor_id: moderator.id, target_id: requestId, after: { outcome: 'remove_request', reports: 2 }, reason: 'Ofensivo' },
    ]);
  });

  it("'Remover pedido' on a report of a listing or a person is refused, writing nothing", async () => {
    const owner = await app.createUser();
    const listingId = await publish(owner, 'Rádio');
    await (await api(await app.createUser())).reports.listing({ listingId, reason: 'fraud' });
    const report = await openReportOf(owner.id);
    await expectError((await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'remove_request' }), 'BAD_REQUEST', REPORT_MESSAGES.notARequest);
    expect((await openReportOf(owner.id)).id).toBe(report.id);
    expect(await noticesOf(owner.id)).not.toContainEqual(REMOVED_BY_STAFF_NOTICES.listing('Rádio'));
    expect(await app.db.selectFrom('listings').select('deleted_at').where('id', '=', listingId).executeTakeFirstOrThrow()).toEqual({ deleted_at: null });
  });

  it("'Remover anúncio' on a report of a person is refused, writing nothing", async () => {
    const person = await app.createUser();
    await (await api(await app.createUser())).reports.person({ userId: person.id, reason: 'other' });
    const report = await openReportOf(person.id);
    await expectError((await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'remove_listing' }), 'BAD_REQUEST', REPORT_MESSAGES.notAListing);
    expect((await openReportOf(person.id)).id).toBe(report.id);
  });

  it("'Advertir': needs the staff's text, which the person reads in a notification", async () => {
    const person = await app.createUser();
    const reporter = await app.createUser();
    await (await api(reporter)).reports.person({ userId: person.id, reason: 'harassment' });
    const report = await openReportOf(person.id);
    await expectError((await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'warn' }), 'BAD_REQUEST', REPORT_MESSAGES.noteRequired);
    expect(await noticesOf(person.id)).toEqual([]);
    const warning = 'Evite mensagens fora do horário combinado.';
    await (await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'warn', note: warning });
    expect(await noticesOf(person.id)).toEqual([{ title: WARNING_NOTICE_TITLE, message: warning }]);
    expect(await noticesOf(reporter.id)).toEqual([REPORT_HANDLED_NOTICE]);
    expect((await auditOf('user.warned')).filter((entry) => entry.target_id === person.id)).toEqual([{ actor_id: moderator.id, target_id: person.id, after: null, reason: warning }]);
  });

  it("'Suspender': administrators only, as in Usuários; never staff", async () => {
    const person = await app.createUser();
    const reporter = await app.createUser();
    await (await api(reporter)).reports.person({ userId: person.id, reason: 'fraud' });
    const report = await openReportOf(person.id);
    await expectError((await api(moderator)).reports.moderation.decide({ reportId: report.id, outcome: 'suspend' }), 'FORBIDDEN', REPORT_MESSAGES.suspendAdminOnly);
    expect((await app.db.selectFrom('users').select('is_suspended').where('id', '=', person.id).executeTakeFirstOrThrow()).is_suspended).toBe(false);
    const personSession = await app.deps.sessions.create(app.db, person.id, { ip: '127.0.0.1', userAgent: 'vitest' });

    await (await api(admin)).reports.moderation.decide({ reportId: report.id, outcome: 'suspend', note: 'Golpe confirmado' });
    expect((await app.db.selectFrom('users').select('is_suspended').where('id', '=', person.id).executeTakeFirstOrThrow()).is_suspended).toBe(true);
    expect(await app.deps.sessions.validate(personSession.token)).toBeNull();
    expect((await auditOf('user.suspended')).filter((entry) => entry.target_id === person.id)).toEqual([
      { actor_id: admin.id, target_id: person.id, after: { isSuspended: true }, reason: 'Golpe confirmado' },
    ]);
    expect(await noticesOf(reporter.id)).toEqual([REPORT_HANDLED_NOTICE]);

    await (await api(reporter)).reports.person({ userId: moderator.id, reason: 'other' });
    const aboutStaff = await openReportOf(moderator.id);
    expect(aboutStaff.person.isStaff).toBe(true);
    await expectError((await api(admin)).reports.moderation.decide({ reportId: aboutStaff.id, outcome: 'suspend' }), 'FORBIDDEN', REPORT_MESSAGES.suspendStaff);
  });
});
