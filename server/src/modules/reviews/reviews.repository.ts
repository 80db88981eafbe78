import type { RevieweeRole } from '@vizinhanca/shared/reviews/review.schema';
import type { Db } from '../../db/database.ts';

export interface NewReview {
  orderId: string;
  reviewerId: string;
  revieweeId: string;
  revieweeRole: RevieweeRole;
  rating: number;
  comment: string | null;
  /** When the review shows: when both sides reviewed, or at the end of the review window. */
  visibleAt: Date;
}

export function insertReview(db: Db, review: NewReview) {
  return db
    .insertInto('reviews')
    .values({
      order_id: review.orderId,
      reviewer_id: review.reviewerId,
      reviewee_id: review.revieweeId,
      reviewee_role: review.revieweeRole,
      rating: review.rating,
      comment: review.comment,
      visible_at: review.visibleAt,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** The reviews already written for an order (one per side at most). */
export function listForOrder(db: Db, orderId: string) {
  return db.selectFrom('reviews').select(['id', 'reviewee_role']).where('order_id', '=', orderId).execute();
}

/** Both sides reviewed: the reviews of the order show from now on (never later than planned). */
export function revealForOrder(db: Db, orderId: string, at: Date) {
  return db
    .updateTable('reviews')
    .set((eb) => ({ visible_at: eb.fn('least', ['visible_at', eb.val(at)]) }))
    .where('order_id', '=', orderId)
    .execute();
}

/** Sum and count of the visible ratings a user received on one side (the mean is computed by the shared rule). */
export function ratingTotals(db: Db, revieweeId: string, role: RevieweeRole, now: Date) {
  return db
    .selectFrom('reviews')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('rating'), eb.lit(0)).as('sum'), eb.fn.countAll<string>().as('count')])
    .where('reviewee_id', '=', revieweeId)
    .where('reviewee_role', '=', role)
    .where('visible_at', '<=', now)
    .executeTakeFirstOrThrow()
    .then((row) => ({ sum: Number(row.sum), count: Number(row.count) }));
}

/** The visible reviews a user received, newest first, with the reviewer's public data and the order's listing. */
export function listForReviewee(db: Db, revieweeId: string, now: Date, limit: number) {
  return db
    .selectFrom('reviews as rv')
    .innerJoin('users as u', 'u.id', 'rv.reviewer_id')
    .innerJoin('orders as o', 'o.id', 'rv.order_id')
    .innerJoin('listings as l', 'l.id', 'o.listing_id')
    .select([
      'rv.id',
      'rv.rating',
      'rv.comment',
      'rv.created_at',
      'rv.reviewee_role',
      'u.id as reviewer_id',
      'u.full_name as reviewer_full_name',
      'u.avatar_url as reviewer_avatar_url',
      'u.apartment as reviewer_apartment',
      'o.listing_id',
      'l.deleted_at as listing_deleted_at',
    ])
    .where('rv.reviewee_id', '=', revieweeId)
    .where('rv.visible_at', '<=', now)
    .orderBy('rv.created_at', 'desc')
    .orderBy('rv.id', 'desc')
    .limit(limit)
    .execute();
}
