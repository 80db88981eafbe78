// Up to 5 photos per listing: ordered, the first on cards, a sixth refused
// with its message and nothing written (by the server and by the database), added,
// removed and reordered by the owner, private while the listing is not public.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '@vizinhanca/shared/images/image.rules';
import { LISTING_MESSAGES, type CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { down as photosDown, up as photosUp } from '../../../../migrations/2026_12_17_0001_listing_photos.ts';
import { imageAccess, ORPHAN_IMAGE_AGE_MS, orphanImagesCleanupJob } from '../images/images.service.ts';

let app: TestApp;
let owner: TestUser;
let neighbour: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser({ fullName: 'Carla Fotógrafa' });
  neighbour = await app.createUser({ fullName: 'Diego Vizinho' });
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

async function api(user: TestUser | null) {
  return (await app.callerAs(user)).api;
}

/** An upload as POST /api/images leaves it (the files are not needed here), each with its own proportions. */
let uploads = 0;
async function uploaded(user: TestUser = owner, purpose: 'listing' | 'avatar' = 'listing') {
  uploads += 1;
  const id = crypto.randomUUID();
  await app.db.insertInto('images').values({ id, user_id: user.id, purpose, width: 1600, height: 1000 + uploads, bytes: 1000 }).execute();
  return id;
}

async function uploadedMany(count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await uploaded());
  return ids;
}

function rental(imageIds: string[], title = `Barraca de camping ${crypto.randomUUID().slice(0, 8)}`): Extract<CreateListingInput, { type: 'rental' }> {
  return { type: 'rental', title, description: 'Barraca para 4 pessoas, com sobreteto.', priceCents: 3000, imageIds };
}

async function approve(id: string) {
  await (await api(moderator)).listings.moderation.approve({ id });
}

/** Positions and images as stored, and the cover the trigger keeps on the listing. */
async function stored(listingId: string) {
  const photos = await app.db.selectFrom('listing_photos').select(['position', 'image_id']).where('listing_id', '=', listingId).orderBy('position').execute();
  const listing = await app.db.selectFrom('listings').select(['image_id', 'status']).where('id', '=', listingId).executeTakeFirstOrThrow();
  return { photos: photos.map((photo) => photo.image_id), positions: photos.map((photo) => photo.position), cover: listing.image_id, status: listing.status };
}

const url = (id: string, variant: 'card' | 'detail') => `/files/images/${id}/${variant}.webp`;

/** The same fields again, with these photos: what the edit form sends. */
async function editPhotos(id: string, imageIds: string[]) {
  const current = await (await api(owner)).listings.ownerView({ id });
  return (await api(owner)).listings.update({ id, type: 'rental', title: current.title, description: current.description, priceCents: current.priceCents, imageIds });
}

describe('five photos', () => {
  it('keeps 5 photos in the order sent; the detail shows them all with their proportions, the card and orders the first', async () => {
    const ids = await uploadedMany(5);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    expect(await stored(id)).toEqual({ photos: ids, positions: [0, 1, 2, 3, 4], cover: ids[0], status: 'pending' });
    const owned = await (await api(owner)).listings.ownerView({ id });
    expect(owned.photos.map((photo) => photo.id)).toEqual(ids);

    await approve(id);
    const detail = await (await api(neighbour)).listings.byId({ id });
    expect(detail.photos).toHaveLength(5);
    expect(detail.photos[0]).toEqual({ id: ids[0], cardUrl: url(ids[0]!, 'card'), detailUrl: url(ids[0]!, 'detail'), width: 1600, height: expect.any(Number) });
    expect(detail.photos.map((photo) => photo.detailUrl)).toEqual(ids.map((image) => url(image, 'detail')));
    expect(new Set(detail.photos.map((photo) => photo.height)).size).toBe(5);
    expect(detail.imageCardUrl).toBe(url(ids[0]!, 'card'));
    expect(detail.imageDetailUrl).toBe(url(ids[0]!, 'detail'));

    const feed = await (await api(neighbour)).listings.list({ type: 'rental', search: detail.title });
    expect(feed.items.map((item) => item.imageCardUrl)).toEqual([url(ids[0]!, 'card')]);

    const order = await (await api(neighbour)).orders.create({ listingId: id, startDate: '2026-12-01', endDate: '2026-12-02' });
    const mine = await (await api(neighbour)).orders.mine({ tab: 'all' });
    expect(mine.items.find((item) => item.id === order.id)?.listing?.imageCardUrl).toBe(url(ids[0]!, 'card'));
  });

  it('a listing without photos shows none (the screens use the fallback)', async () => {
    const { id } = await (await api(owner)).listings.create(rental([]));
    expect(await stored(id)).toEqual({ photos: [], positions: [], cover: null, status: 'pending' });
    const owned = await (await api(owner)).listings.ownerView({ id });
    expect(owned).toMatchObject({ photos: [], imageCardUrl: null, imageDetailUrl: null });
  });
});

describe('a sixth photo', () => {
  it('is refused on create with the message, and nothing is written', async () => {
    const ids = await uploadedMany(6);
    const title = `Sexta foto ${crypto.randomUUID()}`;
    const photosBefore = await app.db.selectFrom('listing_photos').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    await expectError((await api(owner)).listings.create(rental(ids, title)), 'BAD_REQUEST', 'Um anúncio pode ter no máximo 5 fotos');
    expect(await app.db.selectFrom('listings').select('id').where('title', '=', title).execute()).toEqual([]);
    const photosAfter = await app.db.selectFrom('listing_photos').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    expect(photosAfter.count).toBe(photosBefore.count);
  });

  it('is refused on edit with the message: the five photos, the content and the status stay', async () => {
    const ids = await uploadedMany(5);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    await approve(id);
    const sixth = await uploaded();
    await expectError(editPhotos(id, [...ids, sixth]), 'BAD_REQUEST', LISTING_MESSAGES.tooManyPhotos);
    expect(await stored(id)).toEqual({ photos: ids, positions: [0, 1, 2, 3, 4], cover: ids[0], status: 'active' });
  });

  it('has no place in the database either: positions go from 0 to 4, one photo per position, one image once per listing', async () => {
    const ids = await uploadedMany(5);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    const sixth = await uploaded();
    await expect(app.db.insertInto('listing_photos').values({ listing_id: id, position: 5, image_id: sixth }).execute()).rejects.toThrow(/listing_photos_position_check/);
    await expect(app.db.insertInto('listing_photos').values({ listing_id: id, position: 4, image_id: sixth }).execute()).rejects.toThrow(/listing_photos_pkey/);
    await expect(app.db.deleteFrom('listing_photos').where('listing_id', '=', id).where('position', '=', 4).execute()).resolves.toBeDefined();
    await expect(app.db.insertInto('listing_photos').values({ listing_id: id, position: 4, image_id: ids[0]! }).execute()).rejects.toThrow(/listing_photos_image_unique/);
  });
});

describe('the owner edits the photos', () => {
  it('reordering changes the cover and sends an approved listing back to review', async () => {
    const ids = await uploadedMany(3);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    await approve(id);
    const reordered = [ids[2]!, ids[0]!, ids[1]!];
    const result = await editPhotos(id, reordered);
    expect(result).toMatchObject({ status: 'pending', backToReview: true });
    expect(await stored(id)).toEqual({ photos: reordered, positions: [0, 1, 2], cover: ids[2], status: 'pending' });
    expect((await (await api(owner)).listings.ownerView({ id })).imageCardUrl).toBe(url(ids[2]!, 'card'));
  });

  it('adding and removing photos are changes too; saving the same photos in the same order is not', async () => {
    const ids = await uploadedMany(3);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    await approve(id);
    expect(await editPhotos(id, ids)).toMatchObject({ status: 'active', backToReview: false });

    // Removing the cover: the next photo becomes the first.
    expect(await editPhotos(id, [ids[1]!, ids[2]!])).toMatchObject({ backToReview: true });
    expect(await stored(id)).toEqual({ photos: [ids[1], ids[2]], positions: [0, 1], cover: ids[1], status: 'pending' });

    const added = await uploaded();
    await editPhotos(id, [ids[1]!, ids[2]!, added]);
    expect((await stored(id)).photos).toEqual([ids[1], ids[2], added]);

    await editPhotos(id, []);
    expect(await stored(id)).toEqual({ photos: [], positions: [], cover: null, status: 'pending' });
  });

  it("refuses someone else's image, an avatar, a made-up id or the same photo twice among the photos, changing nothing", async () => {
    const ids = await uploadedMany(2);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    await approve(id);
    const intruders = [await uploaded(neighbour), await uploaded(owner, 'avatar'), crypto.randomUUID()];
    for (const intruder of intruders) {
      await expectError(editPhotos(id, [ids[0]!, intruder, ids[1]!]), 'BAD_REQUEST', IMAGE_MESSAGES.notFound);
      const title = `Alheia ${crypto.randomUUID()}`;
      await expectError((await api(owner)).listings.create(rental([intruder], title)), 'BAD_REQUEST', IMAGE_MESSAGES.notFound);
      expect(await app.db.selectFrom('listings').select('id').where('title', '=', title).execute()).toEqual([]);
    }
    await expectError(editPhotos(id, [ids[0]!, ids[0]!]), 'BAD_REQUEST', LISTING_MESSAGES.repeatedPhoto);
    expect(await stored(id)).toEqual({ photos: ids, positions: [0, 1], cover: ids[0], status: 'active' });
  });

  it("nobody edits another person's photos", async () => {
    const ids = await uploadedMany(2);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    const current = await (await api(owner)).listings.ownerView({ id });
    await expectError(
      (await api(neighbour)).listings.update({ id, type: 'rental', title: current.title, description: current.description, priceCents: current.priceCents, imageIds: [] }),
      'FORBIDDEN',
      LISTING_MESSAGES.notOwner,
    );
    expect((await stored(id)).photos).toEqual(ids);
  });
});

describe('who sees the photos', () => {
  async function accessOf(imageId: string) {
    const as = async (user: TestUser | null) => imageAccess(app.deps, imageId, user ? (await app.callerAs(user)).ctx.user : null);
    return { stranger: await as(null), neighbour: await as(neighbour), owner: await as(owner), moderator: await as(moderator) };
  }

  it('every photo of a listing (not only the first) is private until the listing is public, and again when it is not', async () => {
    const ids = await uploadedMany(3);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    const hidden = { stranger: 'hidden', neighbour: 'hidden', owner: 'private', moderator: 'private' };
    const shown = { stranger: 'public', neighbour: 'public', owner: 'public', moderator: 'public' };
    expect(await accessOf(ids[2]!)).toEqual(hidden);

    await approve(id);
    for (const image of ids) expect(await accessOf(image)).toEqual(shown);

    // A photo taken out of the public listing goes back to its owner.
    await editPhotos(id, [ids[0]!, ids[1]!]);
    await approve(id);
    expect(await accessOf(ids[1]!)).toEqual(shown);
    expect(await accessOf(ids[2]!)).toEqual(hidden);

    await (await api(owner)).listings.pause({ id });
    expect(await accessOf(ids[1]!)).toEqual(hidden);
  });

  it('the orphan cleanup keeps every photo a listing shows and deletes the ones taken out', async () => {
    const ids = await uploadedMany(3);
    const { id } = await (await api(owner)).listings.create(rental(ids));
    await editPhotos(id, [ids[0]!, ids[1]!]);
    app.clock.advance(ORPHAN_IMAGE_AGE_MS + 60_000);
    await app.db.updateTable('images').set({ created_at: new Date(app.clock.now().getTime() - ORPHAN_IMAGE_AGE_MS - 1000) }).where('id', 'in', ids).execute();
    await orphanImagesCleanupJob.run(app.deps);
    const left = await app.db.selectFrom('images').select('id').where('id', 'in', ids).execute();
    expect(left.map((row) => row.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await stored(id)).photos).toEqual([ids[0], ids[1]]);
  });
});

describe('listings of one photo, from before', () => {
  it('the migration moves the photo to position 0, and its down keeps it as the listing photo', async () => {
    const image = await uploaded();
    const { id } = await (await api(owner)).listings.create(rental([image]));
    await photosDown(app.db);
    // As a listing of before: the single photo on the listing itself.
    await sql`UPDATE listings SET image_id = ${image} WHERE id = ${id}`.execute(app.db);
    expect((await sql<{ image_id: string }>`SELECT image_id FROM listings WHERE id = ${id}`.execute(app.db)).rows).toEqual([{ image_id: image }]);
    await photosUp(app.db);
    expect(await stored(id)).toEqual({ photos: [image], positions: [0], cover: image, status: 'pending' });
    expect((await (await api(owner)).listings.ownerView({ id })).photos.map((photo) => photo.id)).toEqual([image]);
  });
});
