import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, imageStorageKey } from '@vizinhanca/shared/images/image.rules';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pickupTomorrow } from '../../../test/pickup.ts';
import { serveHttp } from '../../../test/http-server.ts';
import { SESSION_COOKIE_NAME } from '../../auth/sessions.ts';
import { reencodeImage, uploadImage } from '../images/images.service.ts';

let app: TestApp;
let http: Awaited<ReturnType<typeof serveHttp>>;
beforeAll(async () => {
  app = await createTestApp();
  http = await serveHttp(app.deps);
});
afterAll(async () => {
  await http.close();
  await app.close();
});

/** The HTTP status of a file of the app, as this person's browser (or an anonymous one) asks for it. */
async function fileStatus(url: string, viewer: TestUser | null) {
  const cookie = viewer ? `${SESSION_COOKIE_NAME}=${(await app.deps.sessions.create(app.db, viewer.id, { ip: '127.0.0.1', userAgent: 'vitest' })).token}` : null;
  const response = await fetch(`${http.base}${url}`, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  return response.status;
}

const landscape = () => sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c84' } }).jpeg().withExif({ IFD0: { Make: 'PhoneMaker' } }).toBuffer();

async function storedSize(key: string) {
  const file = await app.deps.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
  return sharp(Buffer.concat(chunks)).metadata();
}

describe('the avatar', () => {
  it('is a square crop without metadata and becomes the photo on the profile', async () => {
    const user = await app.createUser();
    const uploaded = await uploadImage(app.deps, { userId: user.id, purpose: 'avatar', bytes: await landscape() });
    const detail = await storedSize(imageStorageKey(uploaded.id, 'detail'));
    expect([detail.width, detail.height, detail.format, detail.exif]).toEqual([512, 512, 'webp', undefined]);
    const card = await storedSize(imageStorageKey(uploaded.id, 'card'));
    expect([card.width, card.height]).toEqual([256, 256]);

    const { api } = await app.callerAs(user);
    await expect(api.users.setAvatar({ imageId: uploaded.id })).resolves.toMatchObject({ avatarUrl: uploaded.detailUrl });
    expect((await api.users.me()).avatarUrl).toBe(uploaded.detailUrl);

    // Neighbours see it next to the person's listing and on the orders they share.
    const { id: listingId } = await api.listings.create({ type: 'food', title: 'Bolo de fubá', description: 'Feito hoje', priceCents: 1800 });
    const moderator = await app.callerAs(await app.createUser({ roles: ['moderator'] }));
    await moderator.api.listings.moderation.approve({ id: listingId });
    const neighbour = await app.callerAs(await app.createUser());
    expect((await neighbour.api.listings.byId({ id: listingId })).owner.avatarUrl).toBe(uploaded.detailUrl);
    await neighbour.api.orders.create({ listingId, scheduledAt: pickupTomorrow(app.clock) });
    expect((await neighbour.api.orders.mine({ tab: 'all' })).items[0]!.counterpart.avatarUrl).toBe(uploaded.detailUrl);

    // The administration's lists show it too: Usuários, Anunciantes, and Atividade (who did it).
    const admin = await app.callerAs(await app.createUser({ roles: ['admin'] }));
    expect((await admin.api.admin.users.byId({ userId: user.id })).avatarUrl).toBe(uploaded.detailUrl);
    const advertisers = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: Awaited<ReturnType<typeof admin.api.admin.users.advertisers>> = await admin.api.admin.users.advertisers({ cursor });
      advertisers.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(advertisers.find((advertiser) => advertiser.id === user.id)?.avatarUrl).toBe(uploaded.detailUrl);
    const activity = await admin.api.admin.activity({});
    expect(activity.items.find((entry) => entry.actor?.id === user.id)?.actor?.avatarUrl).toBe(uploaded.detailUrl);
  });

  it("shows on the administration's pending sign-ups", async () => {
    const pending = await app.createUser({ status: 'pending' });
    const upload = await uploadImage(app.deps, { userId: pending.id, purpose: 'avatar', bytes: await landscape() });
    await app.db.updateTable('users').set({ avatar_url: upload.detailUrl }).where('id', '=', pending.id).execute();
    const admin = await app.callerAs(await app.createUser({ roles: ['admin'] }));
    expect((await admin.api.admin.pendingUsers()).find((user) => user.id === pending.id)?.avatarUrl).toBe(upload.detailUrl);
  });

  it("refuses a listing photo, someone else's photo and a file that is not an image, changing nothing", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const { api } = await app.callerAs(user);
    const listingPhoto = await uploadImage(app.deps, { userId: user.id, purpose: 'listing', bytes: await landscape() });
    const othersAvatar = await uploadImage(app.deps, { userId: other.id, purpose: 'avatar', bytes: await landscape() });
    await expectError(api.users.setAvatar({ imageId: listingPhoto.id }), 'NOT_FOUND', IMAGE_MESSAGES.notFound);
    await expectError(api.users.setAvatar({ imageId: othersAvatar.id }), 'NOT_FOUND', IMAGE_MESSAGES.notFound);
    await expect(reencodeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'avatar')).rejects.toMatchObject({ userMessage: IMAGE_MESSAGES.notAnImage });
    await expect(reencodeImage(Buffer.alloc(5 * 1024 * 1024 + 1), 'avatar')).rejects.toMatchObject({ userMessage: IMAGE_MESSAGES.tooLarge });
    expect((await api.users.me()).avatarUrl).toBeNull();
  });

  it('is seen by the other approved residents (the neighbour page shows it), not by anonymous or pending people', async () => {
    const user = await app.createUser();
    const uploaded = await uploadImage(app.deps, { userId: user.id, purpose: 'avatar', bytes: await landscape() });
    await (await app.callerAs(user)).api.users.setAvatar({ imageId: uploaded.id });
    const neighbour = await app.createUser();
    expect((await (await app.callerAs(neighbour)).api.users.neighbour({ id: user.id })).avatarUrl).toBe(uploaded.detailUrl);
    const pending = await app.createUser({ status: 'pending' });
    const suspended = await app.createUser({ suspended: true });
    for (const url of [uploaded.detailUrl, uploaded.cardUrl]) {
      expect(await fileStatus(url, neighbour), url).toBe(200);
      expect(await fileStatus(url, user), url).toBe(200);
      expect(await fileStatus(url, null), url).toBe(404);
      expect(await fileStatus(url, pending), url).toBe(404);
      expect(await fileStatus(url, suspended), url).toBe(404);
    }
    // A photo the person no longer shows, or the photo of a suspended person, is nobody's business.
    const replaced = await uploadImage(app.deps, { userId: user.id, purpose: 'avatar', bytes: await landscape() });
    await (await app.callerAs(user)).api.users.setAvatar({ imageId: replaced.id });
    expect(await fileStatus(uploaded.detailUrl, neighbour)).toBe(404);
    expect(await fileStatus(replaced.detailUrl, neighbour)).toBe(200);
    await app.db.updateTable('users').set({ is_suspended: true }).where('id', '=', user.id).execute();
    expect(await fileStatus(replaced.detailUrl, neighbour)).toBe(404);
  });
});
