import { ratingSummary } from '@vizinhanca/shared/reviews/review.rules';
import {
  REVIEW_MESSAGES,
  REVIEW_NOTIFICATIONS,
  REVIEW_WINDOW_DAYS,
  REVIEWS_LIST_LIMIT,
  type RatingSummary,
  type RevieweeRole,
  type UserReviews,
} from '@vizinhanca/shared/reviews/review.schema';
import type { AppDeps } from '../../context.ts';
import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import { AppError } from '../../errors.ts';
import { NEIGHBOUR_MESSAGES } from '@vizinhanca/shared/users/user.schema';
import { refuseIfHidden, withoutHidden, type BlockView } from '../blocks/blocks.service.ts';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import * as audit from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as reviews from './reviews.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of an order's review window: until then a lone review stays hidden; after it nobody reviews. */
export function reviewWindowEnd(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/**
 * After a completed order each side rates the other once: the requester the
 * owner (as lender), the owner the requester (as renter). A review stays hidden
 * until the other side reviewed too or the 14-day window ended, so neither
 * answers the other's score; the window closes then. The order row is locked,
 * so two reviews sent at once are one after the other (and the unique index and
 * the participants trigger refuse what slips past). The reviewed side is told.
 */
export async function create(deps: AppDeps, reviewer: { id: string; fullName: string }, input: { orderId: string; rating: number; comment: string | null }) {
  await deps.db.transaction().execute(async (trx) => {
    const order = await orders.findForUpdate(trx, input.orderId);
    if (!order) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.orderNotFound);
    const role: RevieweeRole | null = order.renter_id === reviewer.id ? 'owner' : order.owner_id === reviewer.id ? 'requester' : null;
    if (!role) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.notParticipant);
    if (order.status !== 'completed' || !order.completed_at) throw new AppError('CONFLICT', REVIEW_MESSAGES.notCompleted);
    const written = await reviews.listForOrder(trx, order.id);
    if (written.some((review) => review.reviewee_role === role)) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
    const now = deps.clock.now();
    const windowEnd = reviewWindowEnd(order.completed_at);
    if (now.getTime() >= windowEnd.getTime()) throw new AppError('CONFLICT', REVIEW_MESSAGES.windowClosed);

    const revieweeId = role === 'owner' ? order.owner_id : order.renter_id;
    const bothReviewed = written.length > 0;
    await reviews.insertReview(trx, {
      orderId: order.id,
      reviewerId: reviewer.id,
      revieweeId,
      revieweeRole: role,
      rating: input.rating,
      comment: input.comment,
      visibleAt: windowEnd,
      createdAt: now,
    });
    if (bothReviewed) await reviews.revealForOrder(trx, order.id, now);
    await audit.record(deps, trx, { actorId: reviewer.id, action: AUDIT_ACTIONS.orderReviewed, targetType: 'order', targetId: order.id, after: { rating: input.rating } });
    await notify(deps, trx, {
      userId: revieweeId,
      type: 'order_status',
      relatedId: order.id,
      ...REVIEW_NOTIFICATIONS.received(reviewer.fullName, order.listing_title, input.rating),
    });
  });
  return { message: REVIEW_MESSAGES.created };
}

/** The real mean of the revealed ratings a user received on one side, one decimal, and the count. */
export async function summaryOf(deps: AppDeps, userId: string, role: RevieweeRole): Promise<RatingSummary> {
  const totals = await reviews.ratingTotals(deps.db, userId, role);
  return ratingSummary(totals.sum, totals.count);
}

/**
 * Every minute: a lone review shows (and counts) once its order's 14-day window
 * ended. The ratings triggers recount the people in the same statement.
 */
export const revealReviewsJob: ScheduledJob = {
  name: 'reviews.reveal',
  cron: '* * * * *',
  async run(deps) {
    await reviews.revealDue(deps.db, deps.clock.now());
  },
};

/**
 * A person's ratings (as lender and as renter) and the visible reviews they received, newest first (2.7, /vizinho).
 * A block hides the person's reviews as it hides their page, and a review written by someone a block stands
 * between the viewer and (its author's name and page are behind the block) is left out of the viewer's list.
 */
export async function forUser(deps: AppDeps, viewer: BlockView, userId: string): Promise<UserReviews> {
  refuseIfHidden(viewer, userId, { code: 'NOT_FOUND', message: NEIGHBOUR_MESSAGES.notFound });
  const [summary, renterSummary, rows] = await Promise.all([
    summaryOf(deps, userId, 'owner'),
    summaryOf(deps, userId, 'requester'),
    reviews.listForReviewee(deps.db, userId, REVIEWS_LIST_LIMIT),
  ]);
  return {
    summary,
    renterSummary,
    items: withoutHidden(viewer, rows, (row) => row.reviewer_id).map((row) => ({
      id: row.id,
      rating: row.rating,
      comment: row.comment,
      createdAt: row.created_at,
      reviewer: { id: row.reviewer_id, fullName: row.reviewer_full_name, avatarUrl: row.reviewer_avatar_url, apartment: row.reviewer_apartment },
      role: row.reviewee_role,
      listingId: row.listing_deleted_at ? null : row.listing_id,
    })),
  };
}
