import type { Db } from '../../db/database.ts';

export interface NewReview {
  orderId: string;
  reviewerId: string;
  revieweeId: string;
  rating: number;
  comment: string | null;
}

export function insertReview(db: Db, review: NewReview) {
  return db
    .insertInto('reviews')
    .values({
      order_id: review.orderId,
      reviewer_id: review.reviewerId,
      reviewee_id: review.revieweeId,
      rating: review.rating,
      comment: review.comment,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export async function existsForOrder(db: Db, orderId: string) {
  const row = await db.selectFrom('reviews').select('id').where('order_id', '=', orderId).executeTakeFirst();
  return Boolean(row);
}

/** Sum and count of the ratings a user received (the mean is computed by the shared rule). */
export function ratingTotals(db: Db, revieweeId: string) {
  return db
    .selectFrom('reviews')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('rating'), eb.lit(0)).as('sum'), eb.fn.countAll<string>().as('count')])
    .where('reviewee_id', '=', revieweeId)
    .executeTakeFirstOrThrow()
    .then((row) => ({ sum: Number(row.sum), count: Number(row.count) }));
}

/** The reviews a user received, newest first, with the reviewer's public data and the order's listing. */
export function listForReviewee(db: Db, revieweeId: string, limit: number) {
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
      'u.id as reviewer_id',
      'u.full_name as reviewer_full_name',
      'u.avatar_url as reviewer_avatar_url',
      'u.apartment as reviewer_apartment',
      'o.listing_id',
      'l.deleted_at as listing_deleted_at',
    ])
    .where('rv.reviewee_id', '=', revieweeId)
    .orderBy('rv.created_at', 'desc')
    .orderBy('rv.id', 'desc')
    .limit(limit)
    .execute();
}
