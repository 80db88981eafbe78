import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@vizinhanca/shared/orders/order.schema';
import { ORDER_STATUS_VARIANTS } from './status-badges.tsx';

describe('ORDER_STATUS_VARIANTS', () => {
  it('gives every status its own colour', () => {
    const variants = ORDER_STATUSES.map((status) => ORDER_STATUS_VARIANTS[status]);
    expect(variants.every(Boolean)).toBe(true);
    expect(new Set(variants).size).toBe(ORDER_STATUSES.length);
    expect(ORDER_STATUS_VARIANTS.pending).toBe('warning');
    expect(ORDER_STATUS_VARIANTS.rejected).toBe('danger');
  });
});
