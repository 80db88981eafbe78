// The photos of an order's record (hand-over, deposit record, problems) are kept 90 days after
// the order is settled, on the app's clock: after it ended, its deposit was recorded and its
// problems were resolved; never while a problem of it is open. The texts stay.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageStorageKey, type ImagePurpose } from '@vizinhanca/shared/images/image.rules';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { scheduledJobs } from '../../jobs/scheduled-jobs.ts';
import { orderPhotosRetentionJob, uploadImage } from './images.service.ts';

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
let app: TestApp;
let owner: TestUser;
let requester: TestUser;
const apis = {} as Record<'owner' | 'requester' | 'moderator', Api>;
let drillId: string;

beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser({ fullName: 'Ana Dona' });
  requester = await app.createUser({ fullName: 'Bruno Vizinho' });
  const moderator = await app.createUser({ roles: ['moderator'] });
  apis.owner = (await app.callerAs(owner)).api;
  apis.requester = (await app.callerAs(requester)).api;
  apis.moderator = (await app.callerAs(moderator)).api;
  drillId = (await apis.owner.listings.create({ type: 'rental', title: 'Furadeira', description: 'Com brocas', priceCents: 1500, depositCents: 20_000 })).id;
  await apis.moderator.listings.moderation.approve({ id: drillId });
});
afterAll(() => app.close());

async function upload(user: TestUser, purpose: ImagePurpose) {
  const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a52' } }).jpeg().toBuffer();
  return (await uploadImage(app.deps, { userId: user.id, purpose, bytes })).id;
}

/** A one-day rental of today, taken to 'Concluído' (with a hand-over photo when given). */
async function completedRental(deliveryPhoto?: string) {
  const today = app.clock.today();
  const { id } = await apis.requester.orders.create({ listingId: drillId, startDate: today, endDate: today });
  await apis.owner.orders.approve({ id });
  await apis.owner.orders.markDelivered({ id, photos: deliveryPhoto ? [deliveryPhoto] : [] });
  await apis.owner.orders.complete({ id });
  return id;
}

/** Whether the photo is still kept: its row and both files. */
async function kept(imageId: string) {
  const row = await app.db.selectFrom('images').select('id').where('id', '=', imageId).executeTakeFirst();
  const files = await Promise.all((['card', 'detail'] as const).map((variant) => app.deps.storage.get(imageStorageKey(imageId, variant))));
  if (row && files.every((file) => file !== null)) return true;
  if (!row && files.every((file) => file === null)) return false;
  throw new Error(`photo ${imageId} is half removed`);
}

async function keptOf(photos: Record<string, string>) {
  const entries = await Promise.all(Object.entries(photos).map(async ([name, id]) => [name, await kept(id)] as const));
  return Object.fromEntries(entries);
}

async function runJobAt(at: number) {
  app.clock.set(new Date(at));
  await orderPhotosRetentionJob.run(app.deps);
}

describe('keeping the photos of a deposit record and of a problem', () => {
  it('removes them 90 days after the order is settled, never while its problem is open, and keeps the texts', async () => {
    expect(scheduledJobs).toContain(orderPhotosRetentionJob);
    const start = app.clock.now().getTime();

    // Disputed: a hand-over photo, a retention with a photo and a problem with a photo, all on the day it ended.
    const handover = await upload(owner, 'handover');
    const disputed = await completedRental(handover);
    const retained = await upload(owner, 'deposit');
    await apis.owner.deposits.settle({ orderId: disputed, outcome: 'retained', retainedCents: 5_000, reason: 'Broca quebrada', imageIds: [retained] });
    const problem = await upload(requester, 'problem');
    await apis.requester.problems.open({ orderId: disputed, kind: 'damage', text: 'A broca já estava quebrada.', photoIds: [problem] });

    // Recorded late: the deposit of an order that ended the same day, recorded 30 days later.
    const late = await completedRental();
    app.clock.set(new Date(start + 30 * DAY_MS));
    const lateRetained = await upload(owner, 'deposit');
    await apis.owner.deposits.settle({ orderId: late, outcome: 'retained', retainedCents: 2_000, reason: 'Maleta rachada', imageIds: [lateRetained] });
    const photos = { handover, retained, problem, lateRetained };

    await runJobAt(start + 90 * DAY_MS - MINUTE_MS);
    expect(await keptOf(photos)).toEqual({ handover: true, retained: true, problem: true, lateRetained: true });

    // 90 days after the end: the problem is still open, and the late record is 60 days old.
    await runJobAt(start + 90 * DAY_MS + MINUTE_MS);
    expect(await keptOf(photos)).toEqual({ handover: true, retained: true, problem: true, lateRetained: true });

    const [open] = (await apis.moderator.problems.moderation.open()).items.filter((item) => item.orderId === disputed);
    await apis.moderator.problems.moderation.resolve({ problemId: open!.id, decision: 'Metade da caução fica com a dona.' });
    const resolvedAt = app.clock.now().getTime();

    // 90 days after the late record: its photo goes, the record stays.
    await runJobAt(start + 120 * DAY_MS + MINUTE_MS);
    expect(await keptOf(photos)).toEqual({ handover: true, retained: true, problem: true, lateRetained: false });
    const lateCard = (await apis.requester.orders.mine({ tab: 'all' })).items.find((item) => item.id === late)!;
    expect(lateCard.deposit).toMatchObject({ outcome: 'retained', retainedCents: 2_000, reason: 'Maleta rachada', photos: [] });

    await runJobAt(resolvedAt + 90 * DAY_MS - MINUTE_MS);
    expect(await keptOf(photos)).toEqual({ handover: true, retained: true, problem: true, lateRetained: false });

    // 90 days after the resolution: every photo of the disputed order goes, the texts stay.
    await runJobAt(resolvedAt + 90 * DAY_MS + MINUTE_MS);
    expect(await keptOf(photos)).toEqual({ handover: false, retained: false, problem: false, lateRetained: false });
    const card = (await apis.requester.orders.mine({ tab: 'all' })).items.find((item) => item.id === disputed)!;
    expect(card.deposit).toMatchObject({ reason: 'Broca quebrada', photos: [] });
    expect(card.handover.map((condition) => condition.photos)).toEqual([[]]);
    const seen = await apis.requester.problems.forOrder({ orderId: disputed });
    expect(seen.problems).toEqual([expect.objectContaining({ text: 'A broca já estava quebrada.', decision: 'Metade da caução fica com a dona.', photos: [] })]);
  });
});
