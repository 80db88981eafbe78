import type { OrderStatus } from '../orders/order.schema.ts';
import type { NotificationPreferenceKey, NotificationType } from './notification.schema.ts';

/**
 * Which switch governs a notification type (null: always delivered, e.g. the
 * account's approval). Reminder switches stop the reminder itself; the others
 * stop its push and e-mail (the centre keeps the record of an order).
 */
export function preferenceOf(type: NotificationType): NotificationPreferenceKey | null {
  switch (type) {
    case 'order_status':
    case 'status_update':
      return 'orders';
    case 'reminder_pickup':
      return 'pickupReminders';
    case 'reminder_return':
      return 'returnReminders';
    case 'pending_sign_up':
    case 'pending_listing':
    case 'pending_report':
    case 'pending_problem':
      return 'staffPending';
    case 'announcement':
      return 'announcements';
    default:
      return null;
  }
}

/** Return reminders carry the 'Urgente' badge (spec 2.18). */
export function isUrgent(type: NotificationType): boolean {
  return type === 'reminder_return';
}

const REQUESTER_TAB_SLUG: Record<OrderStatus, string | null> = {
  pending: 'pendentes',
  approved: 'ativos',
  in_progress: 'ativos',
  completed: 'finalizados',
  rejected: 'finalizados',
  cancelled: 'finalizados',
};
const OWNER_TAB_SLUG: Record<OrderStatus, string | null> = {
  pending: null,
  approved: 'aprovados',
  in_progress: 'em-andamento',
  completed: 'finalizados',
  rejected: 'finalizados',
  cancelled: 'finalizados',
};

/** The order's screen for this side, on the tab that shows it now (/meus-pedidos, /gerenciar-pedidos ?aba=). */
export function orderHref(side: 'requester' | 'owner', status: OrderStatus): string {
  const slug = (side === 'requester' ? REQUESTER_TAB_SLUG : OWNER_TAB_SLUG)[status];
  const path = side === 'requester' ? '/meus-pedidos' : '/gerenciar-pedidos';
  return slug ? `${path}?aba=${slug}` : path;
}

/** The owner's view of a listing (where it is renewed, edited, paused). */
export function listingHref(listingId: string): string {
  return `/anuncio/${listingId}`;
}

/** A dish's page, where its batches are reserved. */
export function foodHref(listingId: string): string {
  return `/food/${listingId}`;
}

/** 'Lista da fornada' (the seller's). */
export function fornadaListHref(fornadaId: string): string {
  return `/fornada/${fornadaId}`;
}
