import type { RevieweeRole } from '@vizinhanca/shared/reviews/review.schema';
import { pickColumns } from '../../db/columns.ts';
import type { Db } from '../../db/database.ts';
import { REVIEW_TEXT_COLUMNS, reviewsWithReviewer } from '../../db/review-reads.ts';

export interface NewReview {
  orderId: string;
  reviewerId: string;
  revieweeId: string;
  revieweeRole: RevieweeRole;
  rating: number;
  comment: string | null;
  /** When the review shows at the latest: the end of the review window (revealForOrder brings it forward). */
  visibleAt: Date;
  /** When it was written, on the app's clock. */
  createdAt: Date;
  /** A review written with a past (the demo seed): whether it shows already. */
  history?: { revealed: boolean };
}

/** Written hidden: it counts once revealForOrder or the reveal job reveals it (the ratings triggers recount then). */

export function insertReview(db: Db, review: NewReview) {
  return db
    .insertInto('reviews')
    .values({
      ...pickColumns(review, ['orderId', 'reviewerId', 'revieweeId', 'revieweeRole', 'rating', 'comment', 'visibleAt', 'createdAt']),
      ...(review.history ? { revealed: review.history.revealed } : {}),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** The reviews already written for an order (one per side at most). */
export function listForOrder(db: Db, orderId: string) {
  return db.selectFrom('reviews').select(['id', 'reviewee_role']).where('order_id', '=', orderId).execute();
}

/**
 * Both sides reviewed: the reviews of the order show from now on (never later than
 * planned). One statement, so the ratings trigger recounts both people at once, in id order.
 */
export function revealForOrder(db: Db, orderId: string, at: Date) {
  return db
    .updateTable('reviews')
    .set((eb) => ({ visible_at: eb.fn('least', ['visible_at', eb.val(at)]), revealed: true }))
    .where('order_id', '=', orderId)
    .execute();
}

/** Lone reviews whose 14-day window ended by `now`: shown and counted from now on. Returns how many. */
export async function revealDue(db: Db, now: Date): Promise<number> {
  const result = await db.updateTable('reviews').set({ revealed: true }).where('revealed', '=', false).where('visible_at', '<=', now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sum and count of the revealed ratings a user received on one side (the columns the triggers keep; the mean is the shared rule's). */
export function ratingTotals(db: Db, userId: string, role: RevieweeRole) {
  return db
    .selectFrom('users')
    .select(role === 'owner' ? ['rating_sum as sum', 'rating_count as count'] : ['renter_rating_sum as sum', 'renter_rating_count as count'])
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((row) => ({ sum: row?.sum ?? 0, count: row?.count ?? 0 }));
}

/** The revealed reviews a user received, newest first, with the reviewer's public data and the order's listing. */
export function listForReviewee(db: Db, revieweeId: string, limit: number) {
  return reviewsWithReviewer(db)
    .innerJoin('orders as o', 'o.id', 'rv.order_id')
    .innerJoin('listings as l', 'l.id', 'o.listing_id')
    .select([
      'rv.id',
      ...REVIEW_TEXT_COLUMNS,
      'rv.reviewee_role',
      'reviewer.id as reviewer_id',
      'reviewer.full_name as reviewer_full_name',
      'reviewer.avatar_url as reviewer_avatar_url',
      'reviewer.apartment as reviewer_apartment',
      'o.listing_id',
      'l.deleted_at as listing_deleted_at',
    ])
    .where('rv.reviewee_id', '=', revieweeId)
    .where('rv.revealed', '=', true)
    .orderBy('rv.created_at', 'desc')
    .orderBy('rv.id', 'desc')
    .limit(limit)
    .execute();
}
