import { createReviewSchema, reviewsForUserSchema, userReviewsSchema } from '@vizinhanca/shared/reviews/review.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { approvedProcedure, router } from '../../trpc.ts';
import * as reviews from './reviews.service.ts';

export const reviewsRouter = router({
  /** The review dialog (docs/product.md §6.1): the requester of a completed order rates the owner. */
  create: approvedProcedure
    .input(createReviewSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => reviews.create(ctx.deps, { id: ctx.user.id, fullName: ctx.user.fullName }, input)),

  /** A lister's rating and the reviews they received, newest first. */
  forUser: approvedProcedure
    .input(reviewsForUserSchema)
    .output(userReviewsSchema)
    .query(({ ctx, input }) => reviews.forUser(ctx.deps, ctx.user, input.userId)),
});
