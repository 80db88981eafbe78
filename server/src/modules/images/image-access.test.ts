// Who may see a photo, and what becomes of photos no listing took up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { imageAccess, ORPHAN_IMAGE_AGE_MS, orphanImagesCleanupJob, uploadImage } from './images.service.ts';

let app: TestApp;
let owner: TestUser;
let neighbour: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser();
  neighbour = await app.createUser();
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#c84' } }).jpeg().toBuffer();

async function viewer(user: TestUser | null) {
  return user ? (await app.callerAs(user)).ctx.user : null;
}

async function accessOf(imageId: string) {
  return {
    stranger: await imageAccess(app.deps, imageId, null),
    neighbour: await imageAccess(app.deps, imageId, await viewer(neighbour)),
    owner: await imageAccess(app.deps, imageId, await viewer(owner)),
    moderator: await imageAccess(app.deps, imageId, await viewer(moderator)),
  };
}

describe('image access', () => {
  it('shows a photo to everyone only while a public listing uses it', async () => {
    const { id: imageId } = await uploadImage(app.deps, { userId: owner.id, purpose: 'listing', bytes: await photo() });
    // Uploaded, not yet in a listing: the uploader only.
    expect(await accessOf(imageId)).toEqual({ stranger: 'hidden', neighbour: 'hidden', owner: 'private', moderator: 'private' });

    const ownerApi = (await app.callerAs(owner)).api;
    const { id } = await ownerApi.listings.create({ type: 'rental', title: 'Furadeira', description: 'Furadeira de impacto.', priceCents: 1500, imageIds: [imageId] });
    // Waiting for moderation: owner and staff.
    expect(await accessOf(imageId)).toEqual({ stranger: 'hidden', neighbour: 'hidden', owner: 'private', moderator: 'private' });

    await (await app.callerAs(moderator)).api.listings.moderation.approve({ id });
    expect(await accessOf(imageId)).toEqual({ stranger: 'public', neighbour: 'public', owner: 'public', moderator: 'public' });

    await ownerApi.listings.pause({ id });
    expect(await accessOf(imageId)).toEqual({ stranger: 'hidden', neighbour: 'hidden', owner: 'private', moderator: 'private' });
  });

  it('an unknown image is hidden from everyone', async () => {
    expect(await imageAccess(app.deps, crypto.randomUUID(), await viewer(owner))).toBe('hidden');
  });
});

describe('orphan uploads', () => {
  it('deletes the files and row of an upload no listing took up within a day, and keeps the others', async () => {
    const orphan = await uploadImage(app.deps, { userId: owner.id, purpose: 'listing', bytes: await photo() });
    const used = await uploadImage(app.deps, { userId: owner.id, purpose: 'listing', bytes: await photo() });
    await (await app.callerAs(owner)).api.listings.create({ type: 'rental', title: 'Escada', description: 'Escada de 7 degraus.', priceCents: 1000, imageIds: [used.id] });

    await orphanImagesCleanupJob.run(app.deps); // too young yet
    expect(await app.deps.storage.get(`images/${orphan.id}/card.webp`)).not.toBeNull();

    app.clock.advance(ORPHAN_IMAGE_AGE_MS + 60_000);
    const fresh = await uploadImage(app.deps, { userId: owner.id, purpose: 'listing', bytes: await photo() });
    await app.db.updateTable('images').set({ created_at: app.clock.now() }).where('id', '=', fresh.id).execute();
    await app.db.updateTable('images').set({ created_at: new Date(app.clock.now().getTime() - ORPHAN_IMAGE_AGE_MS - 1000) }).where('id', 'in', [orphan.id, used.id]).execute();
    await orphanImagesCleanupJob.run(app.deps);

    const ids = (await app.db.selectFrom('images').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain(orphan.id);
    expect(ids).toContain(used.id);
    expect(ids).toContain(fresh.id);
    expect(await app.deps.storage.get(`images/${orphan.id}/card.webp`)).toBeNull();
    expect(await app.deps.storage.get(`images/${orphan.id}/detail.webp`)).toBeNull();
    expect(await app.deps.storage.get(`images/${used.id}/card.webp`)).not.toBeNull();
  });
});
