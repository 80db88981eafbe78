import { describe, expect, it } from 'vitest';
import { averageRating, ratingCountText, ratingLabel, ratingSummary } from './review.rules.ts';
import { createReviewSchema, REVIEW_MESSAGES } from './review.schema.ts';

describe('ratings', () => {
  it('is the real mean with one decimal', () => {
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(5, 1)).toBe(5);
  });

  it("reads 'Novo' with no reviews, never a fixed 5.0", () => {
    expect(ratingSummary(0, 0)).toEqual({ average: null, count: 0 });
    expect(ratingLabel(ratingSummary(0, 0))).toBe('Novo');
    expect(ratingLabel(ratingSummary(9, 2))).toBe('4,5');
    expect(ratingLabel(ratingSummary(5, 1))).toBe('5,0');
    expect(ratingCountText(1)).toBe('(1 avaliação)');
    expect(ratingCountText(3)).toBe('(3 avaliações)');
  });
});

describe('createReviewSchema', () => {
  const orderId = '6f1c1e4e-7d1b-4c43-9d51-6f1f5b3a2c10';
  it('needs a whole rating from 1 to 5 and a comment of at most 500 characters', () => {
    expect(createReviewSchema.parse({ orderId, rating: 4, comment: '  Ótimo!  ' })).toEqual({ orderId, rating: 4, comment: 'Ótimo!' });
    expect(createReviewSchema.parse({ orderId, rating: 5 })).toEqual({ orderId, rating: 5, comment: null });
    for (const rating of [0, 6, 4.5, undefined]) {
      expect(createReviewSchema.safeParse({ orderId, rating }).error?.issues[0]?.message).toBe(REVIEW_MESSAGES.ratingRequired);
    }
    expect(createReviewSchema.safeParse({ orderId, rating: 5, comment: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(REVIEW_MESSAGES.commentTooLong);
  });
});
