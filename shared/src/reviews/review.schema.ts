import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

// Reviews: after a completed order each side rates the other, once per order (docs/product.md §6).
// A review stays hidden until both reviewed or 14 days passed since the completion.

import { RATING_MAX, RATING_MIN } from './review.constants.ts';

// The Zod-free values live in review.constants.ts.
export { RATING_MAX, RATING_MIN };
export const REVIEW_COMMENT_MAX_LENGTH = 500;
/** Days after the completion to review; then the reviews written are shown anyway. */
export const REVIEW_WINDOW_DAYS = 14;
/** Who was reviewed: the owner (as lender) or the requester (as renter). */
export const REVIEWEE_ROLES = ['owner', 'requester'] as const;
export type RevieweeRole = (typeof REVIEWEE_ROLES)[number];
/** The lister's reviews on the detail screen: the newest ones. */
export const REVIEWS_LIST_LIMIT = 50;

export const REVIEW_MESSAGES = {
  ratingRequired: 'Escolha uma nota de 1 a 5 estrelas',
  commentTooLong: `O comentário deve ter no máximo ${REVIEW_COMMENT_MAX_LENGTH} caracteres`,
  created: 'Avaliação enviada com sucesso!',
  alreadyReviewed: 'Este pedido já foi avaliado',
  onlyRequester: 'Somente quem fez o pedido pode avaliá-lo.',
  notParticipant: 'Somente quem fez o pedido e o anunciante podem avaliá-lo.',
  windowClosed: `O prazo para avaliar este pedido terminou (${REVIEW_WINDOW_DAYS} dias após a conclusão).`,
  notCompleted: 'Só é possível avaliar pedidos concluídos.',
  orderNotFound: 'Pedido não encontrado',
  userNotFound: 'Usuário não encontrado',
} as const;

/** The owner's notification when a review arrives. */
export const REVIEW_NOTIFICATIONS = {
  received: (reviewerName: string, listingTitle: string, rating: number) => ({
    title: 'Nova avaliação recebida ⭐',
    message: `${reviewerName} avaliou o pedido de "${listingTitle}" com ${rating} ${rating === 1 ? 'estrela' : 'estrelas'}.`,
  }),
} as const;

export const createReviewSchema = z.object({
  orderId: z.uuid({ message: REVIEW_MESSAGES.orderNotFound }),
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(RATING_MIN, REVIEW_MESSAGES.ratingRequired)
    .max(RATING_MAX, REVIEW_MESSAGES.ratingRequired),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong)
    .nullish()
    .transform((comment) => (comment ? comment : null)),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

export const reviewsForUserSchema = z.object({ userId: z.uuid({ message: REVIEW_MESSAGES.userNotFound }) });

// ---- What the API returns ----

/** The real mean of the reviews received, one decimal; null with no reviews (the screens show 'Novo'). */
export const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** A review as the lister's screens show it: the reviewer's public data only (never e-mail or CPF). */
export const reviewItemSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.date(),
  reviewer: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable(), apartment: z.string().nullable() }),
  /** 'owner': received as lender (the requester wrote it); 'requester': received as renter (the owner wrote it). */
  role: z.enum(REVIEWEE_ROLES),
  /** The order's listing; null once that listing was deleted. */
  listingId: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** summary: as lender (what listings show); renterSummary: as renter. Items: both, newest first, only the visible ones. */
export const userReviewsSchema = z.object({ summary: ratingSummarySchema, renterSummary: ratingSummarySchema, items: z.array(reviewItemSchema) });
export type UserReviews = z.infer<typeof userReviewsSchema>;

