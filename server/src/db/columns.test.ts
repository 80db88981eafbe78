import { describe, expect, it } from 'vitest';
import { pickColumns, pickFields } from './columns.ts';

describe('camelCase fields and snake_case columns', () => {
  it('copies only the named fields, under their column names, values untouched (null and undefined included)', () => {
    const at = new Date('2026-03-01T12:00:00Z');
    const fields = { priceCents: 1500, minimumNoticeHours: null, maxPortions: undefined, createdAt: at, title: 'Furadeira', imageIds: ['x'] };
    expect(pickColumns(fields, ['priceCents', 'minimumNoticeHours', 'maxPortions', 'createdAt', 'title'])).toStrictEqual({
      price_cents: 1500,
      minimum_notice_hours: null,
      max_portions: undefined,
      created_at: at,
      title: 'Furadeira',
    });
  });

  it('copies only the named columns, under their field names', () => {
    const row = { total_cents: 3000, start_date: '2026-03-02', scheduled_at: null, quantity: 2, owner_id: 'w' };
    expect(pickFields(row, ['total_cents', 'start_date', 'scheduled_at', 'quantity'])).toStrictEqual({ totalCents: 3000, startDate: '2026-03-02', scheduledAt: null, quantity: 2 });
  });
});
