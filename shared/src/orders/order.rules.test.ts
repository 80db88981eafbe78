import { describe, expect, it } from 'vitest';
import {
  addDays,
  advanceNoticeError,
  availableActions,
  canTransition,
  isDayOccupied,
  needsSchedule,
  orderTotalCents,
  quantityError,
  periodsOverlap,
  rentalDays,
  rentalPeriodError,
  daysUntilReturn,
  rentalProgress,
  returnWarning,
  whatsAppUrl,
} from './order.rules.ts';
import { createOrderSchema, ORDER_MESSAGES, ORDER_STATUSES } from './order.schema.ts';

const today = '2026-11-25';
const listingId = '6f1c1e4e-7d1b-4c43-9d51-6f1f5b3a2c10';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('rental periods', () => {
  it('counts both ends: the same day is 1 day, a weekend 2', () => {
    expect(rentalDays('2026-11-25', '2026-11-25')).toBe(1);
    expect(rentalDays('2026-11-28', '2026-11-29')).toBe(2);
    expect(rentalDays('2026-11-30', '2026-12-29')).toBe(30);
    expect(rentalDays('2028-02-28', '2028-03-01')).toBe(3);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('accepts 1 to 30 days from today on', () => {
    expect(rentalPeriodError(today, today, today)).toBeNull();
    expect(rentalPeriodError(today, addDays(today, 29), today)).toBeNull();
    expect(rentalPeriodError(addDays(today, 3), addDays(today, 5), today)).toBeNull();
  });

  it('asks for a period when a day is missing', () => {
    expect(rentalPeriodError(null, null, today)).toEqual({ reason: 'ORDER_PERIOD_REQUIRED', message: ORDER_MESSAGES.periodRequired });
    expect(rentalPeriodError(today, null, today)?.reason).toBe('ORDER_PERIOD_REQUIRED');
  });

  it('refuses 31 days, an end before the start and past days', () => {
    expect(rentalPeriodError(today, addDays(today, 30), today)).toEqual({ reason: 'ORDER_PERIOD_TOO_LONG', message: ORDER_MESSAGES.invalidPeriod });
    expect(rentalPeriodError(addDays(today, 2), addDays(today, 1), today)?.reason).toBe('ORDER_PERIOD_TOO_LONG');
    expect(rentalPeriodError(addDays(today, -1), addDays(today, 1), today)).toEqual({ reason: 'ORDER_PERIOD_IN_PAST', message: ORDER_MESSAGES.invalidPeriod });
  });

  it('finds overlaps, touching days included', () => {
    expect(periodsOverlap({ start: '2026-12-01', end: '2026-12-03' }, { start: '2026-12-03', end: '2026-12-05' })).toBe(true);
    expect(periodsOverlap({ start: '2026-12-01', end: '2026-12-03' }, { start: '2026-12-04', end: '2026-12-05' })).toBe(false);
    expect(periodsOverlap({ start: '2026-12-01', end: '2026-12-10' }, { start: '2026-12-04', end: '2026-12-05' })).toBe(true);
    const ranges = [{ start: '2026-12-01', end: '2026-12-03' }];
    expect(isDayOccupied('2026-12-03', ranges)).toBe(true);
    expect(isDayOccupied('2026-12-04', ranges)).toBe(false);
  });
});

describe('totals', () => {
  it('is days x daily price for rentals and the unit price otherwise', () => {
    expect(orderTotalCents('rental', 1500, 3)).toBe(4500);
    expect(orderTotalCents('food', 3500, null)).toBe(3500);
    expect(orderTotalCents('service', 6000, null)).toBe(6000);
  });

  it('is quantity x unit price for food; services ignore a quantity', () => {
    expect(orderTotalCents('food', 2500, null, 3)).toBe(7500);
    expect(orderTotalCents('service', 6000, null, 3)).toBe(6000);
  });

  it('takes 1-99 portions, within what the owner offers', () => {
    expect(quantityError(1, null)).toBeNull();
    expect(quantityError(99, null)).toBeNull();
    expect(quantityError(0, null)).toBe(ORDER_MESSAGES.invalidQuantity);
    expect(quantityError(1000, null)).toBe(ORDER_MESSAGES.invalidQuantity);
    expect(quantityError(1.5, null)).toBe(ORDER_MESSAGES.invalidQuantity);
    expect(quantityError(5, 4)).toBe('Este anúncio aceita no máximo 4 porções por pedido');
    expect(quantityError(2, 1)).toBe('Este anúncio aceita no máximo 1 porção por pedido');
  });
});

describe('when a date and time is asked', () => {
  it('for scheduled orders, food made to order and services at home', () => {
    expect(needsSchedule('service', 'scheduled', false)).toBe(true);
    expect(needsSchedule('service', 'delivery', false)).toBe(true);
    expect(needsSchedule('service', 'pickup', false)).toBe(false);
    expect(needsSchedule('food', 'delivery', false)).toBe(false);
    expect(needsSchedule('food', 'pickup', true)).toBe(true);
  });
});

describe('advance notice', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('asks for the minimum notice in days and hours', () => {
    expect(advanceNoticeError(new Date('2026-11-27T11:59:00Z'), 48, now)).toBe('Este produto requer pelo menos 2 dias de antecedência');
    expect(advanceNoticeError(new Date('2026-11-25T20:00:00Z'), 12, now)).toBe('Este produto requer pelo menos 12 horas de antecedência');
    expect(advanceNoticeError(new Date('2026-11-26T23:00:00Z'), 36, now)).toBe('Este produto requer pelo menos 1 dia e 12 horas de antecedência');
  });

  it('accepts exactly the notice or more', () => {
    expect(advanceNoticeError(new Date('2026-11-27T12:00:00Z'), 48, now)).toBeNull();
  });
});

describe('lifecycle', () => {
  it('allows only the transitions of decisions.md', () => {
    const allowed = ORDER_STATUSES.flatMap((status) =>
      (['approve', 'reject', 'cancel', 'markDelivered', 'complete'] as const).filter((action) => canTransition(action, status)).map((action) => `${status}:${action}`),
    );
    expect(allowed.sort()).toEqual(['approved:cancel', 'approved:markDelivered', 'in_progress:complete', 'pending:approve', 'pending:cancel', 'pending:reject'].sort());
  });

  it('offers each side its own buttons', () => {
    expect(availableActions('pending', 'owner')).toEqual(['approve', 'reject']);
    expect(availableActions('pending', 'requester')).toEqual(['cancel']);
    expect(availableActions('approved', 'owner')).toEqual(['markDelivered']);
    expect(availableActions('in_progress', 'requester')).toEqual([]);
    expect(availableActions('completed', 'owner')).toEqual([]);
  });
});

describe('order cards', () => {
  it('warns of a return 0 to 2 days ahead, only while in progress', () => {
    expect(returnWarning('in_progress', today, today)).toBe('Devolução hoje!');
    expect(returnWarning('in_progress', addDays(today, 1), today)).toBe('Devolução em 1 dia');
    expect(returnWarning('in_progress', addDays(today, 2), today)).toBe('Devolução em 2 dias');
    expect(returnWarning('in_progress', addDays(today, 3), today)).toBeNull();
    expect(returnWarning('in_progress', addDays(today, -1), today)).toBeNull();
    expect(returnWarning('approved', today, today)).toBeNull();
    expect(returnWarning('in_progress', null, today)).toBeNull();
  });

  it('shows the share of the rental used, capped at 100%', () => {
    expect(rentalProgress('2026-11-24', '2026-11-27', today)).toEqual({ percent: 50, label: 'Faltam 2 dias' });
    expect(rentalProgress('2026-11-24', '2026-11-26', today)).toEqual({ percent: 67, label: 'Falta 1 dia' });
    expect(rentalProgress('2026-11-24', today, today)).toEqual({ percent: 100, label: 'Devolução hoje' });
    expect(rentalProgress('2026-11-20', '2026-11-22', today)).toEqual({ percent: 100, label: 'Período expirado' });
    expect(rentalProgress('2026-11-27', '2026-11-28', today)).toEqual({ percent: 0, label: 'Faltam 3 dias' });
  });

  it('gives the owner and the requester the same days until the return', () => {
    // On 23/11, a 21-24/11 rental: one day left on both screens.
    expect(daysUntilReturn('2026-11-24', '2026-11-23')).toBe(1);
    expect(rentalProgress('2026-11-21', '2026-11-24', '2026-11-23').label).toBe('Falta 1 dia');
    expect(returnWarning('in_progress', '2026-11-24', '2026-11-23')).toBe('Devolução em 1 dia');
  });

  it('links to WhatsApp with the Brazilian code and a text naming the listing', () => {
    expect(whatsAppUrl('(11) 98765-4321', 'Furadeira')).toBe(
      `https://wa.me/5511987654321?text=${encodeURIComponent('Olá! Sobre o pedido de "Furadeira" no Vizinhança.')}`,
    );
    expect(whatsAppUrl(null, 'Furadeira')).toBeNull();
  });
});

describe('createOrderSchema', () => {
  it('drops keys the client must not send, like a total or a status', () => {
    const parsed = createOrderSchema.parse({ listingId, startDate: today, endDate: today, totalCents: 1, status: 'completed', ownerId: listingId });
    expect(parsed).toEqual({ listingId, startDate: today, endDate: today, deliveryMethod: null, deliveryAddress: null, scheduledAt: null, message: null, quantity: 1, hours: 1, confirmDuplicate: false });
  });

  it('reads the scheduled time as an ISO string with offset or a Date', () => {
    expect(createOrderSchema.parse({ listingId, scheduledAt: '2026-12-01T12:00:00-03:00' }).scheduledAt).toEqual(new Date('2026-12-01T15:00:00Z'));
    expect(createOrderSchema.parse({ listingId, scheduledAt: new Date('2026-12-01T15:00:00Z') }).scheduledAt).toEqual(new Date('2026-12-01T15:00:00Z'));
    expect(firstMessage(createOrderSchema.safeParse({ listingId, scheduledAt: 'amanhã' }))).toBe(ORDER_MESSAGES.invalidSchedule);
  });

  it('refuses malformed days as an invalid period, and long texts', () => {
    expect(firstMessage(createOrderSchema.safeParse({ listingId, startDate: '2026-02-30', endDate: '2026-03-01' }))).toBe(ORDER_MESSAGES.invalidPeriod);
    expect(firstMessage(createOrderSchema.safeParse({ listingId, message: 'x'.repeat(501) }))).toBe(ORDER_MESSAGES.messageTooLong);
    expect(firstMessage(createOrderSchema.safeParse({ listingId, deliveryMethod: 'drone' }))).toBe(ORDER_MESSAGES.deliveryNotOffered);
  });

  it('turns blank texts into nothing', () => {
    expect(createOrderSchema.parse({ listingId, message: '   ', deliveryAddress: '' })).toMatchObject({ message: null, deliveryAddress: null });
  });
});
