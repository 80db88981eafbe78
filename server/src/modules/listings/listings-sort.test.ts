import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES, type ListingSort } from '@vizinhanca/shared/listings/listing.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

// Browse screens sorted by newest, price and rating, paged by keyset in every order.

let app: TestApp;
let moderator: TestUser;
let viewer: TestUser;
const word = `ordem${randomBytes(3).toString('hex')}`;
const ids: Record<string, string> = {};
let rated: TestUser;
let unrated: TestUser;

async function publish(owner: TestUser, name: string, priceCents: number) {
  app.clock.advance(1000);
  const { id } = await (await app.apiOf(owner)).listings.create({ type: 'service', title: `${name} ${word}`, description: 'Serviço do condomínio', priceCents });
  await (await app.apiOf(moderator)).listings.moderation.approve({ id });
  ids[name] = id;
}

beforeAll(async () => {
  app = await createTestApp();
  moderator = await app.createUser({ roles: ['moderator'] });
  viewer = await app.createUser();
  rated = await app.createUser({ fullName: 'Bem Avaliada' });
  unrated = await app.createUser({ fullName: 'Sem Avaliação' });
  await publish(unrated, 'faxina', 15000);
  await publish(rated, 'passeio', 3000);
  await publish(unrated, 'conserto', 8000);
  await publish(rated, 'aula', 6000);
  // Someone ordered from the rated owner, both reviewed: a 5 that shows.
  const customer = await app.createUser();
  const { id: orderId } = await (await app.apiOf(customer)).orders.create({ listingId: ids.passeio! });
  const ownerApi = await app.apiOf(rated);
  for (const step of ['approve', 'markDelivered', 'complete'] as const) await ownerApi.orders[step]({ id: orderId });
  await (await app.apiOf(customer)).reviews.create({ orderId, rating: 5 });
  await ownerApi.reviews.create({ orderId, rating: 5 });
});
afterAll(() => app.close());

async function pagedTitles(sort: ListingSort): Promise<string[]> {
  const caller = await app.apiOf(viewer);
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 5; page++) {
    const result: Awaited<ReturnType<typeof caller.listings.list>> = await caller.listings.list({ type: 'service', search: word, sort, limit: 3, cursor });
    seen.push(...result.items.map((item) => item.title.split(' ')[0]!));
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return seen;
}

describe('sorting the browse screens', () => {
  it('newest first by default', async () => {
    expect(await pagedTitles('newest')).toEqual(['aula', 'conserto', 'passeio', 'faxina']);
  });

  it('by price, up and down, across pages', async () => {
    expect(await pagedTitles('price_asc')).toEqual(['passeio', 'aula', 'conserto', 'faxina']);
    expect(await pagedTitles('price_desc')).toEqual(['faxina', 'conserto', 'aula', 'passeio']);
  });

  it("by the owner's rating, unrated owners last, newest first among equals", async () => {
    expect(await pagedTitles('rating')).toEqual(['aula', 'passeio', 'conserto', 'faxina']);
  });

  it('refuses an unknown order', async () => {
    // @ts-expect-error: not one of the orders
    await expectError((await app.apiOf(viewer)).listings.list({ type: 'service', sort: 'popular' }), 'BAD_REQUEST', LISTING_MESSAGES.invalidSort);
  });
});

describe('search across the three types (home)', () => {
  it('finds rentals, food and services with one word', async () => {
    const owner = await app.createUser();
    const common = `tudo${randomBytes(3).toString('hex')}`;
    const created: string[] = [];
    for (const input of [
      { type: 'rental' as const, title: `Furadeira ${common}`, description: 'Com maleta', priceCents: 1500 },
      { type: 'food' as const, title: `Bolo ${common}`, description: 'Caseiro', priceCents: 3500 },
      { type: 'service' as const, title: 'Faxina', description: `Diarista ${common}`, priceCents: 15000 },
    ]) {
      app.clock.advance(1000);
      const { id } = await (await app.apiOf(owner)).listings.create(input);
      await (await app.apiOf(moderator)).listings.moderation.approve({ id });
      created.push(id);
    }
    const found = await (await app.apiOf(viewer)).listings.list({ search: common });
    expect(found.items.map((item) => item.id)).toEqual([...created].reverse());
    expect(new Set(found.items.map((item) => item.type))).toEqual(new Set(['rental', 'food', 'service']));
  });
});

describe("favourites ('Salvar', 'Salvos')", () => {
  it('saves a listing, lists it in Salvos, and removes it', async () => {
    const caller = await app.apiOf(viewer);
    expect((await caller.listings.byId({ id: ids.aula! })).isSaved).toBe(false);
    await expect(caller.listings.save({ id: ids.aula!, saved: true })).resolves.toEqual({ message: 'Anúncio salvo', saved: true });
    await caller.listings.save({ id: ids.aula!, saved: true }); // twice is still once
    app.clock.advance(1000);
    await caller.listings.save({ id: ids.faxina!, saved: true });
    expect((await caller.listings.byId({ id: ids.aula! })).isSaved).toBe(true);
    expect((await caller.listings.saved()).items.map((item) => item.title.split(' ')[0])).toEqual(expect.arrayContaining(['aula', 'faxina']));
    // Someone else's Salvos are their own.
    expect((await (await app.apiOf(moderator)).listings.saved()).items).toEqual([]);
    await expect(caller.listings.save({ id: ids.aula!, saved: false })).resolves.toEqual({ message: 'Anúncio removido dos salvos', saved: false });
    expect((await caller.listings.saved()).items.map((item) => item.id)).toEqual([ids.faxina]);
  });

  it('cannot save what neighbours cannot see; a saved listing that stops being public leaves Salvos', async () => {
    const owner = await app.createUser();
    const { id: pending } = await (await app.apiOf(owner)).listings.create({ type: 'service', title: 'Pendente', description: 'Aguardando', priceCents: 1000 });
    await expectError((await app.apiOf(viewer)).listings.save({ id: pending, saved: true }), 'NOT_FOUND', LISTING_MESSAGES.notFound);
    const { id } = await (await app.apiOf(owner)).listings.create({ type: 'service', title: 'Vai pausar', description: 'Logo', priceCents: 1000 });
    await (await app.apiOf(moderator)).listings.moderation.approve({ id });
    const watcher = await app.createUser();
    await (await app.apiOf(watcher)).listings.save({ id, saved: true });
    await (await app.apiOf(owner)).listings.pause({ id });
    expect((await (await app.apiOf(watcher)).listings.saved()).items).toEqual([]);
  });
});
