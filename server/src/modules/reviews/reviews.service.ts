import { ratingSummary } from '@vizinhanca/shared/reviews/review.rules';
import {
  REVIEW_MESSAGES,
  REVIEW_NOTIFICATIONS,
  REVIEWS_LIST_LIMIT,
  type RatingSummary,
  type UserReviews,
} from '@vizinhanca/shared/reviews/review.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as reviews from './reviews.repository.ts';

/**
 * The requester of a completed order rates the owner, once per order. The order
 * row is locked, so two reviews sent at once are one after the other (and the
 * unique index refuses a second one regardless). The owner is told.
 */
export async function create(deps: AppDeps, reviewer: { id: string; fullName: string }, input: { orderId: string; rating: number; comment: string | null }) {
  await deps.db.transaction().execute(async (trx) => {
    const order = await orders.findForUpdate(trx, input.orderId);
    if (!order) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.orderNotFound);
    if (order.renter_id !== reviewer.id) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.onlyRequester);
    if (order.status !== 'completed') throw new AppError('CONFLICT', REVIEW_MESSAGES.notCompleted);
    if (await reviews.existsForOrder(trx, order.id)) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
    await reviews.insertReview(trx, { orderId: order.id, reviewerId: reviewer.id, revieweeId: order.owner_id, rating: input.rating, comment: input.comment });
    await notify(deps, trx, {
      userId: order.owner_id,
      type: 'order_status',
      relatedId: order.id,
      ...REVIEW_NOTIFICATIONS.received(reviewer.fullName, order.listing_title, input.rating),
    });
  });
  return { message: REVIEW_MESSAGES.created };
}

/** The real mean of the ratings a user received, one decimal, and the count. */
export async function summaryOf(db: Db, userId: string): Promise<RatingSummary> {
  const totals = await reviews.ratingTotals(db, userId);
  return ratingSummary(totals.sum, totals.count);
}

/** A lister's rating and reviews, newest first (the rental detail, 2.7). */
export async function forUser(deps: AppDeps, userId: string): Promise<UserReviews> {
  const [summary, rows] = await Promise.all([summaryOf(deps.db, userId), reviews.listForReviewee(deps.db, userId, REVIEWS_LIST_LIMIT)]);
  return {
    summary,
    items: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      comment: row.comment,
      createdAt: row.created_at,
      reviewer: { id: row.reviewer_id, fullName: row.reviewer_full_name, avatarUrl: row.reviewer_avatar_url, apartment: row.reviewer_apartment },
      listingId: row.listing_deleted_at ? null : row.listing_id,
    })),
  };
}
