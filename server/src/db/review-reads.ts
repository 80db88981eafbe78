import type { Db } from './database.ts';

// Reviews are read with the person who wrote them by the reviews module (a person's received
// reviews) and the data export (privacy): the join and aliases are written once here, rv the
// review and reviewer its author.

/** Reviews with their author. */
export function reviewsWithReviewer(db: Db) {
  return db.selectFrom('reviews as rv').innerJoin('users as reviewer', 'reviewer.id', 'rv.reviewer_id');
}

/** What a review says and when: the stars, the comment, the date it was written. */
export const REVIEW_TEXT_COLUMNS = ['rv.rating', 'rv.comment', 'rv.created_at'] as const;
