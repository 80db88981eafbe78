import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { REVIEW_MESSAGES } from '@vizinhanca/shared/reviews/review.schema';
import { createTestApp, expectError, type TestApp, type TestUser, type Api } from '../../../test/harness.ts';
import { refusalForDatabaseError } from '../../errors.ts';
import { insertReview } from './reviews.repository.ts';
import { revealReviewsJob } from './reviews.service.ts';

let app: TestApp;
let moderator: TestUser;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  moderator = await app.createUser({ roles: ['moderator'] });
  admin = await app.createUser({ roles: ['admin'] });
});
afterAll(() => app.close());

const service: CreateListingInput = { type: 'service', title: 'Passeio com cachorros', description: 'Praça', priceCents: 3000 };

async function publish(owner: TestUser, input: CreateListingInput = service) {
  const { id } = await (await app.apiOf(owner)).listings.create(input);
  await (await app.apiOf(moderator)).listings.moderation.approve({ id });
  return id;
}

/** An order of the listing by the requester, taken through the lifecycle up to `until`. */
async function order(owner: TestUser, requester: TestUser, listingId: string, until: 'pending' | 'approved' | 'in_progress' | 'completed' | 'rejected' | 'cancelled' = 'completed') {
  const { id } = await (await app.apiOf(requester)).orders.create({ listingId, confirmDuplicate: true });
  const ownerApi = await app.apiOf(owner);
  if (until === 'rejected') await ownerApi.orders.reject({ id });
  if (until === 'cancelled') await (await app.apiOf(requester)).orders.cancel({ id });
  if (['approved', 'in_progress', 'completed'].includes(until)) await ownerApi.orders.approve({ id });
  if (['in_progress', 'completed'].includes(until)) await ownerApi.orders.markDelivered({ id });
  if (until === 'completed') await ownerApi.orders.complete({ id });
  return id;
}

function reviewsOf(orderId: string) {
  return app.db.selectFrom('reviews').select(['reviewer_id', 'reviewee_id', 'rating', 'comment']).where('order_id', '=', orderId).execute();
}

describe('reviews.create', () => {
  it('the requester of a completed order rates the owner once; the owner is told', async () => {
    const owner = await app.createUser({ fullName: 'Ana Dona' });
    const requester = await app.createUser({ fullName: 'Bruno Vizinho' });
    const orderId = await order(owner, requester, await publish(owner));
    const caller = await app.apiOf(requester);

    await expect(caller.reviews.create({ orderId, rating: 5, comment: '  Muito atenciosa!  ' })).resolves.toEqual({ message: 'Avaliação enviada com sucesso!' });
    expect(await reviewsOf(orderId)).toEqual([{ reviewer_id: requester.id, reviewee_id: owner.id, rating: 5, comment: 'Muito atenciosa!' }]);
    const told = await app.db.selectFrom('notifications').select(['type', 'title', 'message']).where('user_id', '=', owner.id).where('title', '=', 'Nova avaliação recebida ⭐').execute();
    expect(told).toEqual([{ type: 'order_status', title: 'Nova avaliação recebida ⭐', message: 'Bruno Vizinho avaliou o pedido de "Passeio com cachorros" com 5 estrelas.' }]);

    await expectError(caller.reviews.create({ orderId, rating: 1 }), 'CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
    expect(await reviewsOf(orderId)).toHaveLength(1);

    const mine = await caller.orders.mine({ tab: 'finished' });
    expect(mine.items.find((item) => item.id === orderId)).toMatchObject({ canReview: false, reviewed: true });
  });

  it('nobody else reviews it: not another resident, a moderator or an admin', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const orderId = await order(owner, requester, await publish(owner));
    for (const intruder of [await app.createUser(), moderator, admin]) {
      await expectError((await app.apiOf(intruder)).reviews.create({ orderId, rating: 1, comment: 'Péssimo' }), 'FORBIDDEN', REVIEW_MESSAGES.notParticipant);
    }
    expect(await reviewsOf(orderId)).toEqual([]);
  });

  it('only completed orders can be reviewed', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const listingId = await publish(owner);
    for (const status of ['pending', 'approved', 'in_progress', 'rejected', 'cancelled'] as const) {
      const orderId = await order(owner, requester, listingId, status);
      await expectError((await app.apiOf(requester)).reviews.create({ orderId, rating: 4 }), 'CONFLICT', REVIEW_MESSAGES.notCompleted);
      expect(await reviewsOf(orderId)).toEqual([]);
    }
    await expectError((await app.apiOf(requester)).reviews.create({ orderId: '00000000-0000-4000-8000-000000000000', rating: 4 }), 'NOT_FOUND', REVIEW_MESSAGES.orderNotFound);
  });

  it('refuses a rating outside 1 to 5 and a comment over 500 characters', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const orderId = await order(owner, requester, await publish(owner));
    const caller = await app.apiOf(requester);
    for (const rating of [0, 6, 3.5]) await expectError(caller.reviews.create({ orderId, rating }), 'BAD_REQUEST', REVIEW_MESSAGES.ratingRequired);
    await expectError(caller.reviews.create({ orderId, rating: 4, comment: 'x'.repeat(501) }), 'BAD_REQUEST', REVIEW_MESSAGES.commentTooLong);
    expect(await reviewsOf(orderId)).toEqual([]);
  });

  it('two reviews of one order sent at once: one is stored', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const orderId = await order(owner, requester, await publish(owner));
    const [first, second] = await Promise.all([app.apiOf(requester), app.apiOf(requester)]);
    const results = await Promise.allSettled([first.reviews.create({ orderId, rating: 5 }), second.reviews.create({ orderId, rating: 2 })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await reviewsOf(orderId)).toHaveLength(1);
  });

  it('the database refuses a second review of an order, with the same message', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const orderId = await order(owner, requester, await publish(owner));
    const review = { orderId, reviewerId: requester.id, revieweeId: owner.id, revieweeRole: 'owner' as const, comment: null, visibleAt: app.clock.now(), createdAt: app.clock.now() };
    await insertReview(app.db, { ...review, rating: 5 });
    const error = await insertReview(app.db, { ...review, rating: 1 }).catch((caught: unknown) => caught);
    expect(refusalForDatabaseError(error)?.message).toBe(REVIEW_MESSAGES.alreadyReviewed);
  });

  it('the database refuses a review of the requester written by anyone but the owner', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const stranger = await app.createUser();
    const orderId = await order(owner, requester, await publish(owner));
    const review = { orderId, revieweeId: requester.id, revieweeRole: 'requester' as const, rating: 1, comment: null, visibleAt: app.clock.now(), createdAt: app.clock.now() };
    const error = await insertReview(app.db, { ...review, reviewerId: stranger.id }).catch((caught: unknown) => caught);
    expect(refusalForDatabaseError(error)?.message).toBe(REVIEW_MESSAGES.notParticipant);
    expect(await reviewsOf(orderId)).toEqual([]);
  });
});

describe('reviews both ways', () => {
  it('the owner reviews the requester too; each review stays hidden until both reviewed', async () => {
    const owner = await app.createUser({ fullName: 'Bruno Dono' });
    const requester = await app.createUser({ fullName: 'Juliana Cliente' });
    const orderId = await order(owner, requester, await publish(owner));
    const ownerApi = await app.apiOf(owner);
    const requesterApi = await app.apiOf(requester);
    const viewer = await app.apiOf(await app.createUser());

    expect((await ownerApi.orders.received({ tab: 'finished' })).items.find((item) => item.id === orderId)).toMatchObject({ canReview: true, reviewed: false });
    await ownerApi.reviews.create({ orderId, rating: 4, comment: 'Devolveu tudo certinho' });
    expect((await ownerApi.orders.received({ tab: 'finished' })).items.find((item) => item.id === orderId)).toMatchObject({ canReview: false, reviewed: true });
    // Hidden from everyone, the reviewed person included, while the other side has not reviewed.
    expect(await viewer.reviews.forUser({ userId: requester.id })).toMatchObject({ renterSummary: { average: null, count: 0 }, items: [] });
    expect((await requesterApi.users.stats()).renterRating).toEqual({ average: null, count: 0 });
    expect((await requesterApi.reviews.forUser({ userId: requester.id })).items).toEqual([]);

    await requesterApi.reviews.create({ orderId, rating: 5 });
    const requesterReviews = await viewer.reviews.forUser({ userId: requester.id });
    expect(requesterReviews.renterSummary).toEqual({ average: 4, count: 1 });
    expect(requesterReviews.summary).toEqual({ average: null, count: 0 });
    expect(requesterReviews.items).toEqual([expect.objectContaining({ rating: 4, comment: 'Devolveu tudo certinho', role: 'requester', reviewer: expect.objectContaining({ id: owner.id }) })]);
    expect((await viewer.reviews.forUser({ userId: owner.id })).summary).toEqual({ average: 5, count: 1 });
    // The profile keeps the two ratings apart.
    expect(await requesterApi.users.stats()).toMatchObject({ rating: { average: null, count: 0 }, renterRating: { average: 4, count: 1 } });
    expect(await ownerApi.users.stats()).toMatchObject({ rating: { average: 5, count: 1 }, renterRating: { average: null, count: 0 } });
    // The requester's review reached the owner's notifications.
    const told = await app.db.selectFrom('notifications').select('message').where('user_id', '=', requester.id).where('related_id', '=', orderId).where('title', '=', 'Nova avaliação recebida ⭐').execute();
    expect(told).toEqual([{ message: 'Bruno Dono avaliou o pedido de "Passeio com cachorros" com 4 estrelas.' }]);
  });

  it('a lone review shows 14 days after the completion, and the window to review closes then', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const listingId = await publish(owner);
    const orderId = await order(owner, requester, listingId);
    await (await app.apiOf(requester)).reviews.create({ orderId, rating: 2 });
    const viewer = await app.apiOf(await app.createUser());
    expect((await viewer.listings.byId({ id: listingId })).ownerRating).toEqual({ average: null, count: 0 });

    app.clock.advance(14 * 24 * 60 * 60 * 1000);
    try {
      // Still hidden until the reveal job runs; then shown and counted.
      expect((await viewer.reviews.forUser({ userId: owner.id })).summary).toEqual({ average: null, count: 0 });
      await revealReviewsJob.run(app.deps);
      expect((await viewer.listings.byId({ id: listingId })).ownerRating).toEqual({ average: 2, count: 1 });
      expect((await viewer.reviews.forUser({ userId: owner.id })).summary).toEqual({ average: 2, count: 1 });
      expect((await (await app.apiOf(owner)).orders.received({ tab: 'finished' })).items.find((item) => item.id === orderId)).toMatchObject({ canReview: false, reviewed: false });
      await expectError((await app.apiOf(owner)).reviews.create({ orderId, rating: 1 }), 'CONFLICT', REVIEW_MESSAGES.windowClosed);
      expect(await reviewsOf(orderId)).toHaveLength(1);
    } finally {
      app.clock.advance(-14 * 24 * 60 * 60 * 1000);
    }
  });

  it('a second review by the owner is refused, nothing written', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const orderId = await order(owner, requester, await publish(owner));
    await (await app.apiOf(owner)).reviews.create({ orderId, rating: 5 });
    await expectError((await app.apiOf(owner)).reviews.create({ orderId, rating: 1 }), 'CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
    expect(await reviewsOf(orderId)).toEqual([{ reviewer_id: owner.id, reviewee_id: requester.id, rating: 5, comment: null }]);
  });
});

describe('ratings', () => {
  it("reads 'Novo' (no average) before any review, then the real mean with one decimal everywhere", async () => {
    const owner = await app.createUser({ fullName: 'Juliana Avaliada' });
    const listingId = await publish(owner);
    const viewer = await app.apiOf(await app.createUser());
    expect((await viewer.listings.byId({ id: listingId })).ownerRating).toEqual({ average: null, count: 0 });
    expect(await viewer.reviews.forUser({ userId: owner.id })).toEqual({ summary: { average: null, count: 0 }, renterSummary: { average: null, count: 0 }, items: [] });
    expect((await (await app.apiOf(owner)).users.stats()).rating).toEqual({ average: null, count: 0 });

    for (const rating of [5, 4, 4]) {
      const requester = await app.createUser();
      const orderId = await order(owner, requester, listingId);
      await (await app.apiOf(requester)).reviews.create({ orderId, rating });
      await (await app.apiOf(owner)).reviews.create({ orderId, rating: 5 }); // both sides reviewed: both shown
    }
    const expected = { average: 4.3, count: 3 };
    expect((await viewer.listings.byId({ id: listingId })).ownerRating).toEqual(expected);
    const feed = await viewer.listings.list({ type: 'service', search: 'Passeio com cachorros' });
    expect(feed.items.find((item) => item.id === listingId)!.ownerRating).toEqual(expected);
    expect((await viewer.reviews.forUser({ userId: owner.id })).summary).toEqual(expected);
    expect((await (await app.apiOf(owner)).users.stats()).rating).toEqual(expected);
  });

  it("lists a lister's reviews newest first with the reviewer's name, avatar and apartment, never the e-mail", async () => {
    const owner = await app.createUser();
    const listingId = await publish(owner);
    const first = await app.createUser({ fullName: 'Primeira Cliente' });
    const second = await app.createUser({ fullName: 'Segundo Cliente' });
    const firstOrder = await order(owner, first, listingId);
    await (await app.apiOf(first)).reviews.create({ orderId: firstOrder, rating: 3, comment: 'Atrasou um pouco' });
    await (await app.apiOf(owner)).reviews.create({ orderId: firstOrder, rating: 4 });
    app.clock.advance(1000);
    const secondOrder = await order(owner, second, listingId);
    await (await app.apiOf(second)).reviews.create({ orderId: secondOrder, rating: 5 });
    await (await app.apiOf(owner)).reviews.create({ orderId: secondOrder, rating: 4 });

    const result = await (await app.apiOf(first)).reviews.forUser({ userId: owner.id });
    expect(result.summary).toEqual({ average: 4, count: 2 });
    expect(result.items).toEqual([
      { id: expect.any(String), rating: 5, comment: null, createdAt: expect.any(Date), reviewer: { id: second.id, fullName: 'Segundo Cliente', avatarUrl: null, apartment: 'A-101' }, role: 'owner', listingId },
      {
        id: expect.any(String),
        rating: 3,
        comment: 'Atrasou um pouco',
        createdAt: expect.any(Date),
        reviewer: { id: first.id, fullName: 'Primeira Cliente', avatarUrl: null, apartment: 'A-101' },
        role: 'owner',
        listingId,
      },
    ]);
    expect(JSON.stringify(result)).not.toContain(first.email);

    await (await app.apiOf(owner)).listings.delete({ id: listingId });
    const afterDelete = await (await app.apiOf(first)).reviews.forUser({ userId: owner.id });
    expect(afterDelete.items.map((item) => item.listingId)).toEqual([null, null]);
    expect(afterDelete.summary).toEqual({ average: 4, count: 2 });
  });
});

describe('rating columns', () => {
  /** The people's columns and their listings' owner_rating, next to a fresh aggregate of their revealed reviews. */
  async function columnsAndTruth(people: string[]) {
    const columns = await app.db
      .selectFrom('users')
      .select(['id', 'rating_sum', 'rating_count', 'renter_rating_sum', 'renter_rating_count'])
      .where('id', 'in', people)
      .orderBy('id')
      .execute();
    const truth = await app.db
      .selectFrom('users as u')
      .leftJoin('reviews as r', (join) => join.onRef('r.reviewee_id', '=', 'u.id').on('r.revealed', '=', true))
      .select((eb) => [
        'u.id',
        eb.fn.coalesce(eb.fn.sum<number>('r.rating').filterWhere('r.reviewee_role', '=', 'owner'), eb.lit(0)).as('rating_sum'),
        eb.fn.count<number>('r.id').filterWhere('r.reviewee_role', '=', 'owner').as('rating_count'),
        eb.fn.coalesce(eb.fn.sum<number>('r.rating').filterWhere('r.reviewee_role', '=', 'requester'), eb.lit(0)).as('renter_rating_sum'),
        eb.fn.count<number>('r.id').filterWhere('r.reviewee_role', '=', 'requester').as('renter_rating_count'),
      ])
      .where('u.id', 'in', people)
      .groupBy('u.id')
      .orderBy('u.id')
      .execute();
    const listingRatings = await app.db.selectFrom('listings').select(['user_id', 'owner_rating']).where('user_id', 'in', people).execute();
    return { columns, truth: truth.map((row) => ({ id: row.id, rating_sum: Number(row.rating_sum), rating_count: Number(row.rating_count), renter_rating_sum: Number(row.renter_rating_sum), renter_rating_count: Number(row.renter_rating_count) })), listingRatings };
  }

  it('equal the mean of the revealed reviews after many reviews sent at once, and after the reveal job', async () => {
    const owners = [await app.createUser(), await app.createUser()];
    const listings = await Promise.all(owners.map((owner) => publish(owner)));
    const requesters = await Promise.all(Array.from({ length: 6 }, () => app.createUser()));
    // Every requester ordered from both owners; each order is completed.
    const orders: { owner: TestUser; requester: TestUser; orderId: string }[] = [];
    for (const requester of requesters) {
      for (const [i, owner] of owners.entries()) orders.push({ owner, requester, orderId: await order(owner, requester, listings[i]!) });
    }
    const callers = new Map<string, Api>();
    for (const user of [...owners, ...requesters]) callers.set(user.id, await app.apiOf(user));

    // Both sides of most orders at once (each second review reveals two people in one statement); the last two orders only by the requester.
    const sends = orders.flatMap(({ owner, requester, orderId }, i) => [
      callers.get(requester.id)!.reviews.create({ orderId, rating: 1 + (i % 5) }),
      ...(i < orders.length - 2 ? [callers.get(owner.id)!.reviews.create({ orderId, rating: 5 - (i % 3) })] : []),
    ]);
    const results = await Promise.allSettled(sends);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    const people = [...owners, ...requesters].map((user) => user.id);
    let state = await columnsAndTruth(people);
    expect(state.columns).toEqual(state.truth);
    expect(state.truth.reduce((total, row) => total + row.rating_count + row.renter_rating_count, 0)).toBe(2 * (orders.length - 2));
    for (const row of state.listingRatings) {
      const owner = state.truth.find((person) => person.id === row.user_id)!;
      expect(row.owner_rating).toBeCloseTo(owner.rating_sum / owner.rating_count, 10);
    }

    // The lone reviews count once their window ended and the job ran, in one statement for everyone.
    app.clock.advance(14 * 24 * 60 * 60 * 1000);
    try {
      await Promise.all([revealReviewsJob.run(app.deps), revealReviewsJob.run(app.deps)]);
    } finally {
      app.clock.advance(-14 * 24 * 60 * 60 * 1000);
    }
    state = await columnsAndTruth(people);
    expect(state.columns).toEqual(state.truth);
    expect(state.truth.reduce((total, row) => total + row.rating_count + row.renter_rating_count, 0)).toBe(2 * (orders.length - 2) + 2);
  });
});

describe('users.stats', () => {
  it('counts own listings that are not deleted and orders made as requester', async () => {
    const resident = await app.createUser();
    const other = await app.createUser();
    const residentApi = await app.apiOf(resident);
    const kept = await publish(resident);
    await residentApi.listings.create({ ...service, title: 'Aguardando aprovação' });
    const removed = await publish(resident);
    await residentApi.listings.delete({ id: removed });
    await order(other, resident, await publish(other), 'pending');
    await order(other, resident, await publish(other), 'cancelled');
    await order(resident, other, kept, 'pending');

    expect(await residentApi.users.stats()).toEqual({ listings: 2, orders: 2, rating: { average: null, count: 0 }, renterRating: { average: null, count: 0 } });
  });
});
