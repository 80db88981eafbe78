import type { PublicListingDetail } from '@vizinhanca/shared/listings/listing.schema';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageNowContext } from '../../../hooks/use-now.ts';
import { DeliveryOrderForm } from './delivery-order-form.tsx';
import type { useCreateOrder } from '../hooks/use-create-order.ts';

const createOrder = { error: null, isPending: false, reset: () => undefined, mutate: () => undefined } as unknown as ReturnType<typeof useCreateOrder>;

/** A dish made to order with a day's notice, delivered at a time the person picks. */
const dish = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'food',
  requiresAdvanceOrder: true,
  minimumNoticeHours: 24,
  maxPortions: 5,
  deliveryOptions: ['scheduled'],
  priceCents: 2500,
} as unknown as PublicListingDetail;

describe('the food and service order form', () => {
  // The machine's clock and the page's instant differ by years: what the form shows says which one it read.
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T12:00:00-03:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("offers its earliest date from the app's clock (the page's instant on a drawn page), not the machine's", () => {
    const pageNow = new Date('2030-05-10T12:00:00-03:00');
    const html = renderToString(createElement(PageNowContext.Provider, { value: pageNow }, createElement(DeliveryOrderForm, { formId: 'pedido', listing: dish, createOrder })));
    expect(html).toContain('min="2030-05-11"');
    expect(html).toContain('11/05/2030 às 12:00');
  });
});
