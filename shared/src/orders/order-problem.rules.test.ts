import { describe, expect, it } from 'vitest';
import { PROBLEM_MESSAGES } from './order-problem.schema.ts';
import { problemWindowError } from './order-problem.rules.ts';

const handedOver = new Date('2026-11-10T12:00:00Z');
const ended = new Date('2026-11-12T12:00:00Z');
const DAY = 86_400_000;

describe('when a problem can be opened on an order', () => {
  it('refuses before the hand-over, whatever the status', () => {
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      expect(problemWindowError({ status, deliveredAt: null, completedAt: null, cancelledAt: null }, ended)).toBe(PROBLEM_MESSAGES.beforeHandOver);
    }
    expect(problemWindowError({ status: 'cancelled', deliveredAt: null, completedAt: null, cancelledAt: ended }, ended)).toBe(PROBLEM_MESSAGES.beforeHandOver);
  });

  it('allows it while the order is in progress and until 14 days after it ended, not a moment later', () => {
    expect(problemWindowError({ status: 'in_progress', deliveredAt: handedOver, completedAt: null, cancelledAt: null }, ended)).toBeNull();
    const completed = { status: 'completed' as const, deliveredAt: handedOver, completedAt: ended, cancelledAt: null };
    expect(problemWindowError(completed, new Date(ended.getTime() + 14 * DAY - 1))).toBeNull();
    expect(problemWindowError(completed, new Date(ended.getTime() + 14 * DAY))).toBe(PROBLEM_MESSAGES.windowClosed);
    // An order ended by an account closure after the hand-over counts from its cancellation.
    const closed = { status: 'cancelled' as const, deliveredAt: handedOver, completedAt: null, cancelledAt: ended };
    expect(problemWindowError(closed, new Date(ended.getTime() + DAY))).toBeNull();
  });
});
