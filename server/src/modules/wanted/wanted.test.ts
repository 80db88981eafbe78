import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES } from '@vizinhanca/shared/blocks/block.schema';
import { REPORT_MESSAGES } from '@vizinhanca/shared/reports/report.schema';
import { WANTED_MESSAGES } from '@vizinhanca/shared/wanted/wanted.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

// 'Procura-se' (issue 'Supply meets demand'): requests without approval, 14 days on the app
// clock and one renewal, 'Eu tenho' with an active listing or a new one (told at its approval),
// 'Encontrei', reports, blocks and the search.

const START = new Date('2026-11-23T15:00:00Z');
const DAY_MS = 86_400_000;

let app: TestApp;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());
afterEach(() => app.clock.set(START));

let round = 0;
/** An author, a neighbour with an approved rental, and a third resident; titles unique to the round. */
async function people() {
  round += 1;
  const author = await app.createUser({ fullName: `Ana Procura ${round}` });
  const neighbour = await app.createUser({ fullName: `Bruno Tem ${round}` });
  const other = await app.createUser({ fullName: `Carla Olha ${round}` });
  const { id: ladder } = await (await app.apiOf(neighbour)).listings.create({ type: 'rental', title: `Escada de alumínio ${round}`, description: 'Sete degraus', priceCents: 1500 });
  await (await app.apiOf(moderator)).listings.moderation.approve({ id: ladder });
  return { author, neighbour, other, ladder, word: `escada${round}x` };
}

const requestRows = (authorId: string) => app.db.selectFrom('wanted_requests').select(['id', 'title', 'renewals', 'status']).where('author_id', '=', authorId).execute();
const notificationsOf = (userId: string) =>
  app.db.selectFrom('notifications').select(['type', 'title', 'message', 'related_id']).where('user_id', '=', userId).where('type', '=', 'wanted_offer').execute();
const auditOf = (targetId: string) => app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', targetId).orderBy('id').execute();

describe('wanted.create', () => {
  it('publishes at once, newest first in the list, with its author, and writes it in the audit log', async () => {
    const { author, other, word } = await people();
    const { id: first } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: `Procura-se ${word} um`, description: 'Para sábado', startDate: '2026-11-28', maxPriceCents: 2000 });
    app.clock.advance(60_000);
    const { id: second } = await (await app.apiOf(author)).wanted.create({ type: 'service', title: `Procura-se ${word} dois` });
    const page = await (await app.apiOf(other)).wanted.list({ search: word });
    expect(page.items.map((item) => item.id)).toEqual([second, first]);
    expect(page.items[1]).toMatchObject({
      type: 'rental',
      startDate: '2026-11-28',
      endDate: '2026-11-28',
      maxPriceCents: 2000,
      status: 'open',
      isAuthor: false,
      canRenew: false,
      author: { id: author.id, fullName: author.fullName },
      expiresAt: new Date(START.getTime() + 14 * DAY_MS),
    });
    expect(await auditOf(first)).toEqual([{ action: 'request.created', actor_id: author.id }]);
  });

  it('refuses a missing title, a maximum price of zero or less, past dates, dates on food, with nothing written', async () => {
    const { author } = await people();
    const authorApi = await app.apiOf(author);
    await expectError(authorApi.wanted.create({ type: 'rental', title: '   ' }), 'BAD_REQUEST', WANTED_MESSAGES.titleRequired);
    await expectError(authorApi.wanted.create({ type: 'rental', title: 'Escada', maxPriceCents: 0 }), 'BAD_REQUEST', WANTED_MESSAGES.invalidMaxPrice);
    await expectError(authorApi.wanted.create({ type: 'rental', title: 'Escada', maxPriceCents: -500 }), 'BAD_REQUEST', WANTED_MESSAGES.invalidMaxPrice);
    await expectError(authorApi.wanted.create({ type: 'rental', title: 'Escada', startDate: '2026-11-22', endDate: '2026-11-24' }), 'BAD_REQUEST', WANTED_MESSAGES.pastDate);
    await expectError(authorApi.wanted.create({ type: 'rental', title: 'Escada', startDate: '2026-11-25', endDate: '2026-11-24' }), 'BAD_REQUEST', WANTED_MESSAGES.endBeforeStart);
    await expectError(authorApi.wanted.create({ type: 'food', title: 'Bolo', startDate: '2026-11-25' }), 'BAD_REQUEST', WANTED_MESSAGES.datesOnlyForRentals);
    expect(await requestRows(author.id)).toEqual([]);
    // The database refuses them too, whoever writes.
    const row = { author_id: author.id, type: 'rental' as const, expires_at: START, created_at: START, updated_at: START };
    await expect(app.db.insertInto('wanted_requests').values({ ...row, title: ' ' }).execute()).rejects.toThrow(/wanted_requests_title_check/);
    await expect(app.db.insertInto('wanted_requests').values({ ...row, title: 'Escada', max_price_cents: 0 }).execute()).rejects.toThrow(/wanted_requests_max_price_check/);
  });
});

describe('expiry and renewal on the app clock', () => {
  it("leaves the list after 14 days as 'Expirado' for its author, who renews it once; a second renewal is refused", async () => {
    const { author, other, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: `Procura-se ${word}` });
    app.clock.advance(14 * DAY_MS - 1000);
    expect((await (await app.apiOf(other)).wanted.list({ search: word })).items.map((item) => item.id)).toEqual([id]);
    app.clock.advance(1000);
    expect((await (await app.apiOf(other)).wanted.list({ search: word })).items).toEqual([]);
    await expectError((await app.apiOf(other)).wanted.byId({ id }), 'NOT_FOUND', WANTED_MESSAGES.notFound);
    const mine = await (await app.apiOf(author)).wanted.list({ mine: true });
    expect(mine.items.map((item) => [item.id, item.status, item.canRenew])).toEqual([[id, 'expired', true]]);

    const renewed = await (await app.apiOf(author)).wanted.renew({ id });
    expect(renewed).toEqual({ message: WANTED_MESSAGES.renewed, expiresAt: new Date(app.clock.now().getTime() + 14 * DAY_MS) });
    expect((await (await app.apiOf(other)).wanted.list({ search: word })).items.map((item) => [item.id, item.status])).toEqual([[id, 'open']]);
    expect((await (await app.apiOf(author)).wanted.byId({ id })).canRenew).toBe(false);

    await expectError((await app.apiOf(author)).wanted.renew({ id }), 'CONFLICT', WANTED_MESSAGES.alreadyRenewed);
    expect((await requestRows(author.id))[0]!.renewals).toBe(1);
    // The database refuses a second renewal whoever writes.
    await expect(app.db.updateTable('wanted_requests').set({ renewals: 2 }).where('id', '=', id).execute()).rejects.toThrow(/wanted_requests_renewals_check/);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['request.created', 'request.renewed']);
  });
});

describe('the author edits, deletes, closes; nobody else', () => {
  it("refuses another resident's edit, deletion, renewal and 'Encontrei' with nothing written", async () => {
    const { author, other } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'food', title: 'Bolo de cenoura' });
    const otherApi = await app.apiOf(other);
    await expectError(otherApi.wanted.update({ id, type: 'food', title: 'Outro título' }), 'FORBIDDEN', WANTED_MESSAGES.notAuthor);
    await expectError(otherApi.wanted.delete({ id }), 'FORBIDDEN', WANTED_MESSAGES.notAuthor);
    await expectError(otherApi.wanted.renew({ id }), 'FORBIDDEN', WANTED_MESSAGES.notAuthor);
    await expectError(otherApi.wanted.found({ id }), 'FORBIDDEN', WANTED_MESSAGES.notAuthor);
    expect(await requestRows(author.id)).toEqual([{ id, title: 'Bolo de cenoura', renewals: 0, status: 'open' }]);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("edits, then 'Encontrei' closes it (out of the list, no more offers), then deletes it", async () => {
    const { author, neighbour, other, ladder, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: `Procura-se ${word}` });
    await (await app.apiOf(author)).wanted.update({ id, type: 'rental', title: `Procura-se ${word} grande`, maxPriceCents: 3000 });
    expect((await (await app.apiOf(other)).wanted.byId({ id })).title).toBe(`Procura-se ${word} grande`);
    expect(await (await app.apiOf(author)).wanted.found({ id })).toEqual({ message: WANTED_MESSAGES.foundClosed });
    expect((await (await app.apiOf(other)).wanted.list({ search: word })).items).toEqual([]);
    expect((await (await app.apiOf(author)).wanted.byId({ id })).status).toBe('found');
    await expectError((await app.apiOf(neighbour)).wanted.offer({ requestId: id, listingId: ladder }), 'CONFLICT', WANTED_MESSAGES.closed);
    await expectError((await app.apiOf(author)).wanted.found({ id }), 'CONFLICT', WANTED_MESSAGES.closed);
    await (await app.apiOf(author)).wanted.delete({ id });
    expect((await (await app.apiOf(author)).wanted.list({ mine: true })).items).toEqual([]);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['request.created', 'request.edited', 'request.found', 'request.deleted']);
  });
});

describe("'Eu tenho'", () => {
  it('with an active listing: the author is told at once, sees the offer and orders it as usual', async () => {
    const { author, neighbour, other, ladder, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: `Procura-se ${word}` });
    expect(await (await app.apiOf(neighbour)).wanted.offer({ requestId: id, listingId: ladder })).toEqual({ message: WANTED_MESSAGES.offered });
    expect(await notificationsOf(author.id)).toEqual([
      { type: 'wanted_offer', title: `${neighbour.fullName} tem o que você procura`, message: `"Escada de alumínio ${round}" para o seu pedido "Procura-se ${word}"`, related_id: id },
    ]);
    const detail = await (await app.apiOf(author)).wanted.byId({ id });
    expect(detail.offerCount).toBe(1);
    expect(detail.offers).toMatchObject([{ listing: { id: ladder, title: `Escada de alumínio ${round}` }, offerer: { id: neighbour.id }, available: true, awaitingApproval: false }]);
    // Another resident sees the request, not who offered what.
    expect((await (await app.apiOf(other)).wanted.byId({ id })).offers).toEqual([]);
    const order = await (await app.apiOf(author)).orders.create({ listingId: ladder, startDate: '2026-11-28', endDate: '2026-11-28' });
    expect(order.id).toBeTruthy();
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['request.created', 'request.offered']);
  });

  it("refuses one's own request, someone else's listing, a listing not active, a second offer of the same listing, with nothing written", async () => {
    const { author, neighbour, other, ladder, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: `Procura-se ${word}` });
    const { id: authorListing } = await (await app.apiOf(author)).listings.create({ type: 'rental', title: 'Escada da autora', description: 'Velha', priceCents: 900 });
    await (await app.apiOf(moderator)).listings.moderation.approve({ id: authorListing });
    const { id: pendingListing } = await (await app.apiOf(neighbour)).listings.create({ type: 'rental', title: 'Escada nova', description: 'Ainda em análise', priceCents: 900 });
    await expectError((await app.apiOf(author)).wanted.offer({ requestId: id, listingId: authorListing }), 'FORBIDDEN', WANTED_MESSAGES.ownRequest);
    await expectError((await app.apiOf(other)).wanted.offer({ requestId: id, listingId: ladder }), 'FORBIDDEN', WANTED_MESSAGES.notYourListing);
    await expectError((await app.apiOf(neighbour)).wanted.offer({ requestId: id, listingId: pendingListing }), 'CONFLICT', WANTED_MESSAGES.listingNotActive);
    await (await app.apiOf(neighbour)).listings.pause({ id: ladder });
    await expectError((await app.apiOf(neighbour)).wanted.offer({ requestId: id, listingId: ladder }), 'CONFLICT', WANTED_MESSAGES.listingNotActive);
    await (await app.apiOf(neighbour)).listings.reactivate({ id: ladder });
    await expectError((await app.apiOf(neighbour)).wanted.offer({ requestId: randomUUID(), listingId: ladder }), 'NOT_FOUND', WANTED_MESSAGES.notFound);
    expect(await app.db.selectFrom('wanted_offers').select('id').where('request_id', '=', id).execute()).toEqual([]);
    expect(await notificationsOf(author.id)).toEqual([]);

    await (await app.apiOf(neighbour)).wanted.offer({ requestId: id, listingId: ladder });
    await expectError((await app.apiOf(neighbour)).wanted.offer({ requestId: id, listingId: ladder }), 'CONFLICT', WANTED_MESSAGES.alreadyOffered);
    expect(await notificationsOf(author.id)).toHaveLength(1);
    // The database refuses an offer of someone else's listing, or on one's own request, whoever writes.
    const offer = { request_id: id, created_at: START };
    await expect(app.db.insertInto('wanted_offers').values({ ...offer, listing_id: ladder, offerer_id: other.id }).execute()).rejects.toThrow(/offerer's listings/);
    await expect(app.db.insertInto('wanted_offers').values({ ...offer, listing_id: authorListing, offerer_id: author.id }).execute()).rejects.toThrow(/own request/);
  });

  it('with a new listing written from the request: linked at once, the author told only when the administration approves it', async () => {
    const { author, neighbour, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: `Procura-se ${word}` });
    const { id: listingId } = await (await app.apiOf(neighbour)).listings.create({
      type: 'rental',
      title: `Escada nova ${word}`,
      description: 'Feita para o pedido',
      priceCents: 1200,
      wantedRequestId: id,
    });
    expect(await notificationsOf(author.id)).toEqual([]);
    expect((await (await app.apiOf(author)).wanted.byId({ id })).offers).toEqual([]);
    // The neighbour sees their own offer waiting for approval.
    expect((await (await app.apiOf(neighbour)).wanted.byId({ id })).offers).toMatchObject([{ listing: { id: listingId }, awaitingApproval: true, available: false }]);

    await (await app.apiOf(moderator)).listings.moderation.approve({ id: listingId });
    expect(await notificationsOf(author.id)).toEqual([
      { type: 'wanted_offer', title: `${neighbour.fullName} tem o que você procura`, message: `"Escada nova ${word}" para o seu pedido "Procura-se ${word}"`, related_id: id },
    ]);
    expect((await (await app.apiOf(author)).wanted.byId({ id })).offers).toMatchObject([{ listing: { id: listingId }, available: true }]);
    // An edit sent back to review and approved again tells nobody twice.
    await (await app.apiOf(neighbour)).listings.update({ id: listingId, type: 'rental', title: `Escada nova ${word} revista`, description: 'Feita para o pedido', priceCents: 1200 });
    await (await app.apiOf(moderator)).listings.moderation.approve({ id: listingId });
    expect(await notificationsOf(author.id)).toHaveLength(1);
  });

  it("refuses a new listing from one's own request, with no listing written", async () => {
    const { author, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: `Procura-se ${word}` });
    await expectError(
      (await app.apiOf(author)).listings.create({ type: 'rental', title: 'Minha escada', description: 'Para mim', priceCents: 1200, wantedRequestId: id }),
      'FORBIDDEN',
      WANTED_MESSAGES.ownRequest,
    );
    expect(await app.db.selectFrom('listings').select('id').where('user_id', '=', author.id).execute()).toEqual([]);
  });
});

describe('blocks', () => {
  it("neither sees the other's requests nor answers them, both ways; offers from the blocked one leave the author's screen", async () => {
    const { author, neighbour, other, ladder, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: `Procura-se ${word}` });
    await (await app.apiOf(neighbour)).wanted.offer({ requestId: id, listingId: ladder });
    const { id: neighbourRequest } = await (await app.apiOf(neighbour)).wanted.create({ type: 'service', title: `Procura-se ${word} serviço` });
    await (await app.apiOf(author)).blocks.block({ userId: neighbour.id });

    // Each sees their own request only.
    expect((await (await app.apiOf(author)).wanted.list({ search: word })).items.map((item) => item.id)).toEqual([id]);
    expect((await (await app.apiOf(neighbour)).wanted.list({ search: word })).items.map((item) => item.id)).toEqual([neighbourRequest]);
    expect((await (await app.apiOf(other)).wanted.list({ search: word })).items.map((item) => item.id).sort()).toEqual([id, neighbourRequest].sort());
    await expectError((await app.apiOf(author)).wanted.byId({ id: neighbourRequest }), 'FORBIDDEN', BLOCK_MESSAGES.youBlocked);
    await expectError((await app.apiOf(neighbour)).wanted.byId({ id }), 'NOT_FOUND', WANTED_MESSAGES.notFound);
    const detail = await (await app.apiOf(author)).wanted.byId({ id });
    expect([detail.offerCount, detail.offers]).toEqual([0, []]);

    const { id: other2 } = await (await app.apiOf(neighbour)).listings.create({ type: 'rental', title: 'Outra escada', description: 'Nova', priceCents: 900 });
    await (await app.apiOf(moderator)).listings.moderation.approve({ id: other2 });
    await expectError((await app.apiOf(neighbour)).wanted.offer({ requestId: id, listingId: other2 }), 'NOT_FOUND', WANTED_MESSAGES.notFound);
    await expectError((await app.apiOf(neighbour)).reports.request({ requestId: id, reason: 'other' }), 'NOT_FOUND', WANTED_MESSAGES.notFound);
    expect(await notificationsOf(author.id)).toHaveLength(1);
  });
});

describe('reports', () => {
  it("a neighbour reports a request like a listing: staff see it in 'Denúncias' and decide; never one's own, never twice", async () => {
    const { author, other, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'service', title: `Procura-se ${word} ofensivo` });
    await expectError((await app.apiOf(author)).reports.request({ requestId: id, reason: 'offensive' }), 'FORBIDDEN', REPORT_MESSAGES.ownRequest);
    expect(await (await app.apiOf(other)).reports.request({ requestId: id, reason: 'offensive', details: 'Texto ofensivo' })).toEqual({ message: REPORT_MESSAGES.requestReported });
    await expectError((await app.apiOf(other)).reports.request({ requestId: id, reason: 'offensive' }), 'CONFLICT', REPORT_MESSAGES.alreadyOpen);
    await expectError((await app.apiOf(other)).reports.request({ requestId: randomUUID(), reason: 'offensive' }), 'NOT_FOUND', REPORT_MESSAGES.requestNotFound);

    const open = (await (await app.apiOf(moderator)).reports.moderation.open()).items.filter((item) => item.request?.id === id);
    expect(open).toMatchObject([{ targetType: 'request', request: { id, title: `Procura-se ${word} ofensivo`, removed: false }, listing: null, person: { id: author.id }, reporter: { id: other.id } }]);
    await (await app.apiOf(moderator)).reports.moderation.decide({ reportId: open[0]!.id, outcome: 'warn', note: 'Cuidado com as palavras' });
    expect((await (await app.apiOf(moderator)).reports.moderation.open()).items.filter((item) => item.request?.id === id)).toEqual([]);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['request.created', 'request.reported', 'request.report_decided']);
    // The database ties a request report to its request.
    await expect(
      sql`INSERT INTO reports (reporter_id, target_type, person_id, reason, created_at) VALUES (${other.id}, 'request', ${author.id}, 'other', now())`.execute(app.db),
    ).rejects.toThrow(/reports_request_check/);
  });
});

describe('search', () => {
  it('finds open requests by title or description, case-insensitively, % and _ literal', async () => {
    const { author, other, word } = await people();
    const { id } = await (await app.apiOf(author)).wanted.create({ type: 'rental', title: 'Procura-se furadeira', description: `Precisa furar concreto ${word.toUpperCase()}` });
    expect((await (await app.apiOf(other)).wanted.list({ search: word })).items.map((item) => item.id)).toEqual([id]);
    expect((await (await app.apiOf(other)).wanted.list({ search: `${word}%` })).items).toEqual([]);
    expect((await (await app.apiOf(other)).wanted.list({ search: word, type: 'food' })).items).toEqual([]);
  });
});
