import { z } from 'zod';

// Reviews: the requester of a completed order rates the owner, once per order (docs/product.md §6.1, §4.2; docs/product.md).

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX_LENGTH = 500;
/** The lister's reviews on the detail screen: the newest ones. */
export const REVIEWS_LIST_LIMIT = 50;

export const REVIEW_MESSAGES = {
  ratingRequired: 'Escolha uma nota de 1 a 5 estrelas',
  commentTooLong: `O comentário deve ter no máximo ${REVIEW_COMMENT_MAX_LENGTH} caracteres`,
  created: 'Avaliação enviada com sucesso!',
  alreadyReviewed: 'Este pedido já foi avaliado',
  onlyRequester: 'Somente quem fez o pedido pode avaliá-lo.',
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
  /** The order's listing; null once that listing was deleted. */
  listingId: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const userReviewsSchema = z.object({ summary: ratingSummarySchema, items: z.array(reviewItemSchema) });
export type UserReviews = z.infer<typeof userReviewsSchema>;

export const reviewMessageSchema = z.object({ message: z.string() });
