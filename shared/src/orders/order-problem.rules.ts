import type { OrderStatus } from './order.constants.ts';
import { PROBLEM_MESSAGES, PROBLEM_WINDOW_DAYS } from './order-problem.schema.ts';

const WINDOW_MS = PROBLEM_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** What the window rule reads of an order: whether it was handed over, and when it ended. */
export interface ProblemWindowOrder {
  status: OrderStatus;
  deliveredAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
}

/**
 * Why a problem cannot be opened on this order now, or null when it can: from the
 * hand-over (the order in progress) until 14 days after it ended, on the app's clock.
 */
export function problemWindowError(order: ProblemWindowOrder, now: Date): string | null {
  if (order.status === 'in_progress') return null;
  const endedAt = order.status === 'completed' ? order.completedAt : order.status === 'cancelled' ? order.cancelledAt : null;
  // Ended without a hand-over (pending, approved, rejected, cancelled before delivery): nothing to settle.
  if (!order.deliveredAt || !endedAt) return PROBLEM_MESSAGES.beforeHandOver;
  return now.getTime() < endedAt.getTime() + WINDOW_MS ? null : PROBLEM_MESSAGES.windowClosed;
}
