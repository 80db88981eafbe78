// The item's condition at a rental's hand-over and return: photos and a note from the
// owner, 'Confirmo o estado' from the requester, files only for the order's two people
// and staff, and the photos gone 90 days after the order ends.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { IMAGE_MESSAGES, imageStorageKey } from '@vizinhanca/shared/images/image.rules';
import { HANDOVER_MESSAGES } from '@vizinhanca/shared/orders/handover-condition.schema';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { refusalForDatabaseError } from '../../errors.ts';
import { imageAccess, orderPhotosRetentionJob, uploadImage } from '../images/images.service.ts';
import { scheduledJobs } from '../../jobs/scheduled-jobs.ts';

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];
type Who = 'owner' | 'requester' | 'neighbour' | 'moderator' | 'admin' | 'portaria';

let app: TestApp;
const people = {} as Record<Who, TestUser>;
const apis = {} as Record<Who, Api>;
let today: string;
const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  app = await createTestApp();
  people.owner = await app.createUser({ fullName: 'Ana Dona' });
  people.requester = await app.createUser({ fullName: 'Bruno Pediu' });
  people.neighbour = await app.createUser({ fullName: 'Carla Vizinha' });
  people.moderator = await app.createUser({ roles: ['moderator'] });
  people.admin = await app.createUser({ roles: ['admin'] });
  people.portaria = await app.createUser({ roles: ['portaria'] });
  for (const who of Object.keys(people) as Who[]) apis[who] = (await app.callerAs(people[who])).api;
  today = todayInTimeZone(app.config.CONDO_TIMEZONE, app.clock.now());
});
afterAll(() => app.close());

const photo = (colour = '#a63') => sharp({ create: { width: 900, height: 700, channels: 3, background: colour } }).jpeg().toBuffer();

async function handoverPhotos(userId: string, count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await uploadImage(app.deps, { userId, purpose: 'handover', bytes: await photo() })).id);
  return ids;
}

/** A public listing of the owner's and an approved order of the requester's from today. */
async function approvedOrder(type: 'rental' | 'service' = 'rental') {
  const { id: listingId } = await apis.owner.listings.create(
    type === 'rental'
      ? { type, title: `Furadeira ${crypto.randomUUID().slice(0, 6)}`, description: 'Furadeira de impacto', priceCents: 2000 }
      : { type, title: 'Conserto de bicicleta', description: 'Regulagem e lubrificação', priceCents: 4000, priceUnit: 'service' },
  );
  await apis.moderator.listings.moderation.approve({ id: listingId });
  const { id } = await apis.requester.orders.create(type === 'rental' ? { listingId, startDate: today, endDate: today } : { listingId });
  await apis.owner.orders.approve({ id });
  return id;
}

async function conditionRows(orderId: string) {
  const conditions = await app.db.selectFrom('order_handover_conditions').select(['stage', 'note', 'confirmed_at']).where('order_id', '=', orderId).execute();
  const photos = await app.db.selectFrom('order_handover_photos').select(['stage', 'position', 'image_id']).where('order_id', '=', orderId).orderBy('position').execute();
  return { conditions, photos };
}

async function orderStatus(orderId: string) {
  return (await app.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

describe('recording the condition at the hand-over', () => {
  it('keeps the photos and note of the delivery and the return; the requester sees them on the card and in the thread', async () => {
    const id = await approvedOrder();
    const delivered = await handoverPhotos(people.owner.id, 2);
    await apis.owner.orders.markDelivered({ id, photos: delivered, note: '  Sem riscos, com a maleta  ' });
    const returned = await handoverPhotos(people.owner.id, 1);
    await apis.owner.orders.complete({ id, photos: returned, note: null });

    const card = (await apis.requester.orders.mine({ tab: 'all' })).items.find((item) => item.id === id)!;
    expect(card.handover.map((stage) => ({ stage: stage.stage, note: stage.note, photos: stage.photos.map((p) => p.id), confirmedAt: stage.confirmedAt }))).toEqual([
      { stage: 'delivery', note: 'Sem riscos, com a maleta', photos: delivered, confirmedAt: null },
      { stage: 'return', note: null, photos: returned, confirmedAt: null },
    ]);
    expect(card.handover[0]!.photos[0]!.cardUrl).toBe(`/files/images/${delivered[0]}/card.webp`);
    const ownerCard = (await apis.owner.orders.received({ tab: 'finished' })).items.find((item) => item.id === id)!;
    expect(ownerCard.handover).toEqual(card.handover);
    const thread = await apis.requester.messages.thread({ orderId: id });
    expect(thread.order.handover).toEqual(card.handover);
  });

  it('records nothing when neither photos nor a note come (the step itself goes on)', async () => {
    const id = await approvedOrder();
    await apis.owner.orders.markDelivered({ id });
    expect(await conditionRows(id)).toEqual({ conditions: [], photos: [] });
    expect(await orderStatus(id)).toBe('in_progress');
  });

  it('refuses a sixth photo, with the schema and with the table, and writes nothing', async () => {
    const id = await approvedOrder();
    const six = await handoverPhotos(people.owner.id, 6);
    await expectError(apis.owner.orders.markDelivered({ id, photos: six, note: 'Seis fotos' }), 'BAD_REQUEST', HANDOVER_MESSAGES.tooManyPhotos);
    expect(await orderStatus(id)).toBe('approved');
    expect(await conditionRows(id)).toEqual({ conditions: [], photos: [] });

    await apis.owner.orders.markDelivered({ id, photos: six.slice(0, 5) });
    // Even written straight to the table, a sixth photo of the stage is refused.
    const error = await app.db
      .insertInto('order_handover_photos')
      .values({ order_id: id, stage: 'delivery', position: 6, image_id: six[5]! })
      .execute()
      .catch((caught: unknown) => caught);
    expect(refusalForDatabaseError(error)?.message).toBe(HANDOVER_MESSAGES.tooManyPhotos);
    expect((await conditionRows(id)).photos).toHaveLength(5);
  });

  it('refuses photos that are not images or are over 5 MB at the upload', async () => {
    await expect(uploadImage(app.deps, { userId: people.owner.id, purpose: 'handover', bytes: Buffer.from('não é uma foto') })).rejects.toMatchObject({
      userMessage: IMAGE_MESSAGES.notAnImage,
    });
    await expect(uploadImage(app.deps, { userId: people.owner.id, purpose: 'handover', bytes: Buffer.alloc(5 * 1024 * 1024 + 1) })).rejects.toMatchObject({
      userMessage: IMAGE_MESSAGES.tooLarge,
    });
  });

  it("refuses someone else's order, someone else's photos, a listing photo, a repeated photo, a non-rental and the wrong status, writing nothing", async () => {
    const id = await approvedOrder();
    const [mine] = await handoverPhotos(people.owner.id, 1);
    const [theirs] = await handoverPhotos(people.neighbour.id, 1);
    const listingPhoto = await uploadImage(app.deps, { userId: people.owner.id, purpose: 'listing', bytes: await photo() });

    await expectError(apis.neighbour.orders.markDelivered({ id, photos: [theirs!] }), 'FORBIDDEN', ORDER_MESSAGES.notOwner);
    await expectError(apis.requester.orders.markDelivered({ id, photos: [mine!] }), 'FORBIDDEN', ORDER_MESSAGES.notOwner);
    await expectError(apis.owner.orders.markDelivered({ id, photos: [theirs!] }), 'BAD_REQUEST', HANDOVER_MESSAGES.photoNotFound);
    await expectError(apis.owner.orders.markDelivered({ id, photos: [listingPhoto.id] }), 'BAD_REQUEST', HANDOVER_MESSAGES.photoNotFound);
    await expectError(apis.owner.orders.markDelivered({ id, photos: [mine!, mine!] }), 'BAD_REQUEST', HANDOVER_MESSAGES.photoRepeated);
    await expectError(apis.owner.orders.markDelivered({ id, photos: ['não-é-um-id'] }), 'BAD_REQUEST', HANDOVER_MESSAGES.photoNotFound);
    await expectError(apis.owner.orders.complete({ id, photos: [mine!] }), 'CONFLICT', ORDER_MESSAGES.cannotComplete);
    expect(await orderStatus(id)).toBe('approved');
    expect(await conditionRows(id)).toEqual({ conditions: [], photos: [] });

    const serviceOrder = await approvedOrder('service');
    await expectError(apis.owner.orders.markDelivered({ id: serviceOrder, photos: [mine!] }), 'BAD_REQUEST', HANDOVER_MESSAGES.onlyRentals);
    await expectError(apis.owner.orders.markDelivered({ id: serviceOrder, note: 'Tudo certo' }), 'BAD_REQUEST', HANDOVER_MESSAGES.onlyRentals);
    expect(await orderStatus(serviceOrder)).toBe('approved');
    expect(await conditionRows(serviceOrder)).toEqual({ conditions: [], photos: [] });

    // A photo already kept on one order cannot be attached to another.
    await apis.owner.orders.markDelivered({ id, photos: [mine!] });
    const other = await approvedOrder();
    await apis.owner.orders.complete({ id });
    await expectError(apis.owner.orders.markDelivered({ id: other, photos: [mine!] }), 'BAD_REQUEST', HANDOVER_MESSAGES.photoNotFound);
    expect(await conditionRows(other)).toEqual({ conditions: [], photos: [] });
  });
});

describe('the condition of an item that goes through the portaria', () => {
  it('the owner records each stage on its own while the item is on that side; the desk steps keep it', async () => {
    const id = await approvedOrder();
    const [outPhoto] = await handoverPhotos(people.owner.id, 1);
    // Before the desk gives it out: 'Estado na entrega'.
    const { code: outCode } = await apis.owner.portaria.start({ orderId: id });
    expect(await apis.owner.orders.recordCondition({ id, stage: 'delivery', photos: [outPhoto!], note: 'Deixado na portaria sem riscos' })).toEqual({
      message: HANDOVER_MESSAGES.recordedAlone,
    });
    await expectError(apis.owner.orders.recordCondition({ id, stage: 'delivery', note: 'De novo' }), 'CONFLICT', HANDOVER_MESSAGES.alreadyRecorded);
    await expectError(apis.owner.orders.recordCondition({ id, stage: 'return', note: 'Cedo demais' }), 'CONFLICT', HANDOVER_MESSAGES.wrongStatus.return);
    await apis.portaria.portaria.advance({ code: outCode, step: 'receive' });
    await apis.portaria.portaria.advance({ code: outCode, step: 'handOver' });
    expect(await orderStatus(id)).toBe('in_progress');
    await apis.requester.orders.confirmCondition({ id, stage: 'delivery' });

    // The item comes back through the desk: 'Estado na devolução' while the rental is in progress.
    const { code: backCode } = await apis.requester.portaria.start({ orderId: id });
    await apis.portaria.portaria.advance({ code: backCode, step: 'receive' });
    const [backPhoto] = await handoverPhotos(people.owner.id, 1);
    await apis.owner.orders.recordCondition({ id, stage: 'return', photos: [backPhoto!], note: null });
    await apis.portaria.portaria.advance({ code: backCode, step: 'handOver' });
    expect(await orderStatus(id)).toBe('completed');

    const card = (await apis.requester.orders.mine({ tab: 'all' })).items.find((item) => item.id === id)!;
    expect(card.handover.map((stage) => [stage.stage, stage.photos.map((p) => p.id), stage.confirmedAt !== null])).toEqual([
      ['delivery', [outPhoto], true],
      ['return', [backPhoto], false],
    ]);
    const told = await app.db.selectFrom('notifications').select('title').where('user_id', '=', people.requester.id).where('related_id', '=', id).execute();
    expect(told.map((row) => row.title)).toEqual(expect.arrayContaining(['Estado na entrega', 'Estado na devolução']));
  });

  it('refuses an empty record, the requester, a stranger, a non-rental and a finished order, writing nothing', async () => {
    const id = await approvedOrder();
    await expectError(apis.owner.orders.recordCondition({ id, stage: 'delivery', note: '  ' }), 'BAD_REQUEST', HANDOVER_MESSAGES.empty);
    await expectError(apis.requester.orders.recordCondition({ id, stage: 'delivery', note: 'Meu' }), 'FORBIDDEN', ORDER_MESSAGES.notOwner);
    await expectError(apis.neighbour.orders.recordCondition({ id, stage: 'delivery', note: 'Meu' }), 'NOT_FOUND', ORDER_MESSAGES.notFound);
    const serviceOrder = await approvedOrder('service');
    await expectError(apis.owner.orders.recordCondition({ id: serviceOrder, stage: 'delivery', note: 'Ok' }), 'BAD_REQUEST', HANDOVER_MESSAGES.onlyRentals);
    await apis.owner.orders.markDelivered({ id });
    await apis.owner.orders.complete({ id });
    await expectError(apis.owner.orders.recordCondition({ id, stage: 'return', note: 'Tarde' }), 'CONFLICT', HANDOVER_MESSAGES.wrongStatus.return);
    expect(await conditionRows(id)).toEqual({ conditions: [], photos: [] });
    expect(await conditionRows(serviceOrder)).toEqual({ conditions: [], photos: [] });
  });
});

describe('who sees a hand-over photo', () => {
  it("the order's owner and requester, administrators and moderators; nobody else, the portaria included", async () => {
    const id = await approvedOrder();
    const [imageId] = await handoverPhotos(people.owner.id, 1);
    const accessOf = async () => {
      const seen: Record<string, string> = { stranger: await imageAccess(app.deps, imageId!, null) };
      for (const who of Object.keys(people) as Who[]) seen[who] = await imageAccess(app.deps, imageId!, (await app.callerAs(people[who])).ctx.user);
      return seen;
    };
    // Uploaded, not yet on the order: its uploader and staff.
    expect(await accessOf()).toEqual({ stranger: 'hidden', owner: 'private', requester: 'hidden', neighbour: 'hidden', moderator: 'private', admin: 'private', portaria: 'hidden' });
    await apis.owner.orders.markDelivered({ id, photos: [imageId!] });
    expect(await accessOf()).toEqual({ stranger: 'hidden', owner: 'private', requester: 'private', neighbour: 'hidden', moderator: 'private', admin: 'private', portaria: 'hidden' });
  });
});

describe("'Confirmo o estado'", () => {
  it('is the requester’s, once per stage; the owner is told and nothing else changes on a refusal', async () => {
    const id = await approvedOrder();
    await expectError(apis.requester.orders.confirmCondition({ id, stage: 'delivery' }), 'NOT_FOUND', HANDOVER_MESSAGES.nothingToConfirm);
    await apis.owner.orders.markDelivered({ id, photos: await handoverPhotos(people.owner.id, 1), note: 'Funcionando' });

    await expectError(apis.owner.orders.confirmCondition({ id, stage: 'delivery' }), 'FORBIDDEN', HANDOVER_MESSAGES.notRequester);
    await expectError(apis.neighbour.orders.confirmCondition({ id, stage: 'delivery' }), 'NOT_FOUND', ORDER_MESSAGES.notFound);
    await expectError(apis.requester.orders.confirmCondition({ id, stage: 'return' }), 'NOT_FOUND', HANDOVER_MESSAGES.nothingToConfirm);
    expect((await conditionRows(id)).conditions[0]!.confirmed_at).toBeNull();

    expect(await apis.requester.orders.confirmCondition({ id, stage: 'delivery' })).toEqual({ message: HANDOVER_MESSAGES.confirmed });
    expect((await conditionRows(id)).conditions[0]!.confirmed_at).toEqual(app.clock.now());
    await expectError(apis.requester.orders.confirmCondition({ id, stage: 'delivery' }), 'CONFLICT', HANDOVER_MESSAGES.alreadyConfirmed);

    const told = await app.db.selectFrom('notifications').select(['title', 'message']).where('user_id', '=', people.owner.id).where('related_id', '=', id).where('title', '=', 'Estado confirmado').execute();
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Bruno Pediu confirmou o estado');
    const audited = await app.db.selectFrom('audit_log').select('action').where('target_id', '=', id).where('action', '=', 'order.condition_confirmed').execute();
    expect(audited).toHaveLength(1);
  });

  it('two taps at once confirm once', async () => {
    const id = await approvedOrder();
    await apis.owner.orders.markDelivered({ id, note: 'Bateria carregada' });
    const results = await Promise.allSettled([apis.requester.orders.confirmCondition({ id, stage: 'delivery' }), apis.requester.orders.confirmCondition({ id, stage: 'delivery' })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('keeping the photos 90 days after the order ends', () => {
  it('removes the files and rows of photos of orders that ended over 90 days ago, on the app clock, and keeps the rest', async () => {
    expect(scheduledJobs).toContain(orderPhotosRetentionJob);
    const ended = await approvedOrder();
    const [endedPhoto] = await handoverPhotos(people.owner.id, 1);
    await apis.owner.orders.markDelivered({ id: ended, photos: [endedPhoto!], note: 'Como novo' });
    await apis.owner.orders.complete({ id: ended });
    const going = await approvedOrder();
    const [goingPhoto] = await handoverPhotos(people.owner.id, 1);
    await apis.owner.orders.markDelivered({ id: going, photos: [goingPhoto!] });

    app.clock.advance(90 * DAY_MS - 60_000);
    await orderPhotosRetentionJob.run(app.deps);
    expect(await app.deps.storage.get(imageStorageKey(endedPhoto!, 'card'))).not.toBeNull();
    expect((await conditionRows(ended)).photos).toHaveLength(1);

    app.clock.advance(2 * 60_000);
    await orderPhotosRetentionJob.run(app.deps);
    for (const variant of ['card', 'detail'] as const) expect(await app.deps.storage.get(imageStorageKey(endedPhoto!, variant))).toBeNull();
    expect(await app.db.selectFrom('images').select('id').where('id', '=', endedPhoto!).execute()).toEqual([]);
    const left = await conditionRows(ended);
    expect(left.photos).toEqual([]);
    expect(left.conditions.map((row) => row.note)).toEqual(['Como novo']);
    expect((await apis.requester.orders.mine({ tab: 'all' })).items.find((item) => item.id === ended)!.handover[0]!.photos).toEqual([]);
    expect(await imageAccess(app.deps, endedPhoto!, (await app.callerAs(people.requester)).ctx.user)).toBe('hidden');

    // The rental still going keeps its photo, however old.
    expect(await app.deps.storage.get(imageStorageKey(goingPhoto!, 'card'))).not.toBeNull();
    expect((await conditionRows(going)).photos).toHaveLength(1);
  });
});
