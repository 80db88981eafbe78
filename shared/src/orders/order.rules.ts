import type { ErrorReason } from '../errors/error-reason.ts';
import { formatTime, todayInTimeZone } from '../format/format.ts';
import type { PickupWindow } from '../listings/listing.constants.ts';
import type { DeliveryOption, ListingType } from '../listings/listing.schema.ts';
import { ORDER_MESSAGES, ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN, type MyOrderTab, type OrderStatus, type ReceivedOrderTab } from './order.constants.ts';
import type { DateRange } from './order.schema.ts';

// Pure order rules shared by the order dialog, the order screens and the server
// (docs/product.md §10.8, §10.13, §10.15, §4.2, §5.2; docs/product.md §5).

/** Rental length, both ends included (docs/product.md §5.2). */
export const RENTAL_MIN_DAYS = 1;
export const RENTAL_MAX_DAYS = 30;
/** In-progress rentals warn from this many days before the return (docs/product.md §10.13, §5.2). */
export const RETURN_WARNING_DAYS = 2;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Days since 1970-01-01 of a calendar date 'YYYY-MM-DD' (no zone involved). */
export function dayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!) / DAY_MS;
}

/** '2026-11-30' + 2 days = '2026-12-02'. */
export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Rental days, both ends included: the same day is 1 day. */
export function rentalDays(startDate: string, endDate: string): number {
  return dayNumber(endDate) - dayNumber(startDate) + 1;
}

export interface RentalPeriodProblem {
  reason: Extract<ErrorReason, 'ORDER_PERIOD_REQUIRED' | 'ORDER_PERIOD_TOO_LONG' | 'ORDER_PERIOD_IN_PAST'>;
  message: string;
}

/**
 * Why a rental period cannot be ordered, or null when it can: both days given,
 * end on or after start, 1 to 30 days, nothing before today (in the condominium's zone).
 */
export function rentalPeriodError(startDate: string | null, endDate: string | null, today: string): RentalPeriodProblem | null {
  if (!startDate || !endDate) return { reason: 'ORDER_PERIOD_REQUIRED', message: ORDER_MESSAGES.periodRequired };
  const days = rentalDays(startDate, endDate);
  if (days < RENTAL_MIN_DAYS || days > RENTAL_MAX_DAYS) return { reason: 'ORDER_PERIOD_TOO_LONG', message: ORDER_MESSAGES.invalidPeriod };
  if (dayNumber(startDate) < dayNumber(today)) return { reason: 'ORDER_PERIOD_IN_PAST', message: ORDER_MESSAGES.invalidPeriod };
  return null;
}

/** Two inclusive periods share at least one day. */
export function periodsOverlap(a: DateRange, b: DateRange): boolean {
  return dayNumber(a.start) <= dayNumber(b.end) && dayNumber(b.start) <= dayNumber(a.end);
}

/** For the calendar: this day is held by another order. */
export function isDayOccupied(isoDate: string, ranges: readonly DateRange[]): boolean {
  const day = dayNumber(isoDate);
  return ranges.some((range) => dayNumber(range.start) <= day && day <= dayNumber(range.end));
}

/** Rentals: days x daily price; food: quantity x unit price; services: one service (or hour) at the listed price. */
export function orderTotalCents(type: ListingType, priceCents: number, days: number | null, quantity = 1, hours: number | null = null): number {
  if (type === 'rental') return priceCents * (days ?? 0);
  if (type === 'service') return priceCents * (hours ?? 1);
  return priceCents * quantity;
}

/** Food quantity: 1-99, and no more than the portions the owner offers per order (when set). */
export function quantityError(quantity: number, maxPortions: number | null): string | null {
  if (!Number.isInteger(quantity) || quantity < ORDER_QUANTITY_MIN || quantity > ORDER_QUANTITY_MAX) return ORDER_MESSAGES.invalidQuantity;
  if (maxPortions !== null && quantity > maxPortions) return ORDER_MESSAGES.quantityAbovePortions(maxPortions);
  return null;
}

/**
 * A date and time is asked for a scheduled order, for food made to order, and
 * for a service delivered at home ('Atendimento Domiciliar': the neighbour must
 * know when to be there).
 */
export function needsSchedule(type: ListingType, method: DeliveryOption, requiresAdvanceOrder: boolean): boolean {
  return method === 'scheduled' || (type === 'food' && requiresAdvanceOrder) || (type === 'service' && method === 'delivery');
}

/** Ready food (not made to order) picked up: the requester says when they will come, today or tomorrow. */
export function needsPickupTime(type: ListingType, method: DeliveryOption, requiresAdvanceOrder: boolean): boolean {
  return type === 'food' && !requiresAdvanceOrder && method === 'pickup';
}

/**
 * Why a ready-food pickup time cannot be ordered, or null when it can: given, later than now,
 * today or tomorrow in the condominium, and inside the seller's window when they set one.
 */
export function pickupTimeError(pickupAt: Date | null, window: PickupWindow | null, now: Date, timeZone: string): string | null {
  if (!pickupAt) return ORDER_MESSAGES.pickupRequired;
  if (pickupAt.getTime() <= now.getTime()) return ORDER_MESSAGES.schedulePast;
  const today = todayInTimeZone(timeZone, now);
  const day = todayInTimeZone(timeZone, pickupAt);
  if (day !== today && day !== addDays(today, 1)) return ORDER_MESSAGES.pickupDay;
  const time = formatTime(pickupAt, timeZone);
  if (window && (time < window.from || time > window.until)) return ORDER_MESSAGES.pickupOutsideWindow(window);
  return null;
}

/** '3 unidades', '1 unidade'. */
export function quantityText(quantity: number): string {
  return `${quantity} ${quantity === 1 ? 'unidade' : 'unidades'}`;
}

/** Advance-order food: the scheduled time must be at least the minimum notice from now. */
export function advanceNoticeError(scheduledAt: Date, minimumNoticeHours: number, now: Date = new Date()): string | null {
  return scheduledAt.getTime() < now.getTime() + minimumNoticeHours * HOUR_MS ? ORDER_MESSAGES.advanceNotice(minimumNoticeHours) : null;
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  in_progress: 'Em Andamento',
  completed: 'Concluído',
  rejected: 'Rejeitado',
  cancelled: 'Cancelado',
};

const FINISHED: OrderStatus[] = ['completed', 'rejected', 'cancelled'];

/** Which statuses each /meus-pedidos tab shows (null: all). */
export const MY_ORDER_TAB_STATUSES: Record<MyOrderTab, OrderStatus[] | null> = {
  all: null,
  pending: ['pending'],
  active: ['approved', 'in_progress'],
  finished: FINISHED,
};

/** Which statuses each /gerenciar-pedidos tab shows. */
export const RECEIVED_ORDER_TAB_STATUSES: Record<ReceivedOrderTab, OrderStatus[]> = {
  pending: ['pending'],
  approved: ['approved'],
  active: ['in_progress'],
  finished: FINISHED,
};

export type OrderAction = 'approve' | 'reject' | 'cancel' | 'markDelivered' | 'complete';

/**
 * The lifecycle (docs/product.md). `by` is who may do it; the administration may
 * also approve or reject a pending order. Anything else is refused.
 */
export const ORDER_TRANSITIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus; by: 'owner' | 'requester' }> = {
  approve: { from: ['pending'], to: 'approved', by: 'owner' },
  reject: { from: ['pending'], to: 'rejected', by: 'owner' },
  cancel: { from: ['pending', 'approved'], to: 'cancelled', by: 'requester' },
  markDelivered: { from: ['approved'], to: 'in_progress', by: 'owner' },
  complete: { from: ['in_progress'], to: 'completed', by: 'owner' },
};

export function canTransition(action: OrderAction, status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[action].from.includes(status);
}

/** The buttons a card shows for the viewer's side of the order. */
export function availableActions(status: OrderStatus, side: 'owner' | 'requester'): OrderAction[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((action) => ORDER_TRANSITIONS[action].by === side && canTransition(action, status));
}

/**
 * Whole days from today to the return day (0 = returns today, negative = late).
 * Both sides of an order read their countdown from here, so they always agree.
 */
export function daysUntilReturn(endDate: string, today: string): number {
  return dayNumber(endDate) - dayNumber(today);
}

/** In-progress rentals, 0 to 2 days before the return: 'Devolução hoje!' or 'Devolução em N dia(s)'. */
export function returnWarning(status: OrderStatus, endDate: string | null, today: string): string | null {
  if (status !== 'in_progress' || !endDate) return null;
  const days = daysUntilReturn(endDate, today);
  if (days < 0 || days > RETURN_WARNING_DAYS) return null;
  if (days === 0) return 'Devolução hoje!';
  return `Devolução em ${days} ${days === 1 ? 'dia' : 'dias'}`;
}

/**
 * The progress bar of an in-progress rental (docs/product.md §10.15): the share of the period
 * already used (today counts), capped at 100%, and the days until the return.
 */
export function rentalProgress(startDate: string, endDate: string, today: string): { percent: number; label: string } {
  const total = rentalDays(startDate, endDate);
  const elapsed = Math.min(Math.max(dayNumber(today) - dayNumber(startDate) + 1, 0), total);
  const left = daysUntilReturn(endDate, today);
  const label = left < 0 ? 'Período expirado' : left === 0 ? 'Devolução hoje' : left === 1 ? 'Falta 1 dia' : `Faltam ${left} dias`;
  return { percent: Math.min(100, Math.round((elapsed / total) * 100)), label };
}

/** The contact button: WhatsApp to a Brazilian number (55 + digits) with a text naming the listing; null without a phone. */
export function whatsAppUrl(phone: string | null, listingTitle: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const text = listingTitle ? `Olá! Sobre o pedido de "${listingTitle}" no Vizinhança.` : 'Olá! Sobre o nosso pedido no Vizinhança.';
  return `https://wa.me/55${digits}?text=${encodeURIComponent(text)}`;
}
