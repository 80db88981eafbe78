// The feed and the search have no output schema pass: the service builds each page in
// listingPageSchema(publicListingSchema)'s shape itself. What the client reads must be what the
// schema's parse would have sent, byte for byte: the same objects (no field added, dropped or
// reordered) and the same superjson text, for every kind of listing, photos, owner and rating.
import { sql } from 'kysely';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPageSchema, publicListingSchema, type ListingFields, type ListListingsFields } from '@vizinhanca/shared/listings/listing.schema';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { insertActiveListing, listingFields } from '../../../test/listing-fixtures.ts';
import { superjsonText } from '../../http/superjson-text.ts';
import { feedPage, feedPageText } from './feed-page-text.ts';
import { replacePhotos } from './listings.repository.ts';
import { list } from './listings.service.ts';

let app: TestApp;
let viewer: Awaited<ReturnType<TestApp['contextFor']>>['ctx']['user'];
let rated: TestUser;
let plain: TestUser;

const feedPageSchema = listingPageSchema(publicListingSchema);

async function publish(owner: TestUser, fields: Partial<ListingFields> & Pick<ListingFields, 'type' | 'title'>, photos: number, minutesAgo: number) {
  const imageIds: string[] = [];
  for (let i = 0; i < photos; i++) {
    const id = crypto.randomUUID();
    await app.db.insertInto('images').values({ id, user_id: owner.id, purpose: 'listing', width: 1600, height: 900 + i, bytes: 1000 }).execute();
    imageIds.push(id);
  }
  const published = new Date(app.clock.now().getTime() - minutesAgo * 60_000);
  const id = await insertActiveListing(
    app.db,
    owner.id,
    listingFields({
      description: `Descrição de "${fields.title}" — com acentuação, aspas e\nquebra de linha`,
      priceCents: 2500,
      priceUnit: fields.type === 'rental' ? 'day' : fields.type === 'food' ? 'unit' : 'hour',
      ...fields,
      imageIds,
    }),
    published,
  );
  await replacePhotos(app.db, id, imageIds);
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  rated = await app.createUser({ fullName: 'Ana Avaliada' });
  plain = await app.createUser({ fullName: 'Bruno Sem Foto' });
  // The rating columns are the reviews triggers' (read only to Kysely): three reviews summing 14, written as they would.
  await sql`UPDATE users SET rating_sum = 14, rating_count = 3, avatar_url = '/files/images/avatar/card.webp' WHERE id = ${rated.id}`.execute(app.db);
  await app.db.updateTable('users').set({ apartment: null, phone: null }).where('id', '=', plain.id).execute();
  await publish(rated, { type: 'rental', title: 'Furadeira de impacto', tags: ['ferramenta', 'casa'], depositCents: 20_000 }, 3, 5);
  await publish(plain, { type: 'rental', title: 'Escada de alumínio' }, 0, 4);
  await publish(rated, { type: 'food', title: 'Bolo de cenoura', requiresAdvanceOrder: true, minimumNoticeHours: 24, maxPortions: 8, deliveryOptions: ['pickup', 'delivery'] }, 1, 3);
  await publish(plain, { type: 'food', title: 'Brigadeiro', priceCents: 350, pickupFrom: '17:00', pickupUntil: '20:30' }, 2, 2);
  await publish(rated, { type: 'service', title: 'Aula de violão', priceUnit: 'hour' }, 1, 1);
  viewer = (await app.contextFor(await app.createUser())).ctx.user;
}, 60_000);

afterAll(() => app?.close());

const request = (fields: Partial<ListListingsFields>): ListListingsFields => ({ type: null, search: null, ownerId: null, filter: 'all', sort: 'newest', cursor: null, limit: 20, ...fields });

describe('feed and search pages without an output schema pass', () => {
  it.each([
    ['every type', {}],
    ['rentals, two per page', { type: 'rental', limit: 2 }],
    ['food, ready', { type: 'food', filter: 'ready' }],
    ['food, to order ahead', { type: 'food', filter: 'advance' }],
    ['rentals available today', { type: 'rental', filter: 'available' }],
    ['by price', { sort: 'price_asc' }],
    ['by rating', { sort: 'rating' }],
    ['a search', { search: 'de' }],
    ['one neighbour', { ownerId: 'rated' }],
  ] as const)('%s: the objects and the text the schema’s parse gives', async (_name, fields) => {
    const input = request({ ...fields, ownerId: 'ownerId' in fields ? rated.id : null });
    const page = await list(app.deps, viewer!, input);
    expect(page.items.length).toBeGreaterThan(0);
    const parsed = feedPageSchema.parse(page);
    expect(page).toStrictEqual(parsed);
    // Written by the page's own writer (null would leave it to the generic walk), as superjson writes it.
    expect(feedPageText(page)).toBe(JSON.stringify(superjson.serialize(parsed)));
    expect(superjsonText(page)).toBe(JSON.stringify(superjson.serialize(parsed)));
    // And the page after the cursor, when there is one.
    if (page.nextCursor) {
      const next = await list(app.deps, viewer!, { ...input, cursor: page.nextCursor });
      expect(superjsonText(next)).toBe(JSON.stringify(superjson.serialize(feedPageSchema.parse(next))));
    }
  });

  it('a page without the listings of someone the viewer blocked is written by the same writer, as superjson writes it', async () => {
    const page = await list(app.deps, { ...viewer!, blockedIds: [plain.id] }, request({}));
    expect(page.items.map((item) => item.owner.id)).not.toContain(plain.id);
    expect(page.items.length).toBeGreaterThan(0);
    expect(feedPageText(page)).toBe(JSON.stringify(superjson.serialize(feedPageSchema.parse(page))));
    expect(superjsonText(page)).toBe(feedPageText(page));
  });

  it('leaves to the generic walk a page whose date is not a valid Date, with the same text superjson writes', async () => {
    const page = await list(app.deps, viewer!, request({}));
    const broken = feedPage({ ...page, items: page.items.map((item, index) => (index === 0 ? { ...item, publishedAt: new Date(Number.NaN) } : item)) });
    expect(feedPageText(broken)).toBeNull();
    expect(superjsonText(broken)).toBe(JSON.stringify(superjson.serialize(broken)));
  });

  it('keeps each listing’s photos, owner and rating as the screens read them', async () => {
    const page = await list(app.deps, viewer!, request({ type: 'rental' }));
    const drill = page.items.find((item) => item.title === 'Furadeira de impacto')!;
    expect(drill.photos).toHaveLength(3);
    expect(drill.imageCardUrl).toBe(drill.photos[0]!.cardUrl);
    expect(drill.ownerRating).toEqual({ average: 4.7, count: 3 });
    expect(drill.owner.avatarUrl).toBe('/files/images/avatar/card.webp');
    const ladder = page.items.find((item) => item.title === 'Escada de alumínio')!;
    expect(ladder).toMatchObject({ photos: [], imageCardUrl: null, imageDetailUrl: null, owner: { apartment: null, phone: null } });
  });
});
