import { ANNOUNCEMENTS_HREF } from '@vizinhanca/shared/announcements/announcement.constants';
import { BILLINGS_HREF } from '@vizinhanca/shared/billing/billing.schema';
import { fornadaListHref, foodHref, listingHref, orderHref } from '@vizinhanca/shared/notifications/notification.rules';
import { wantedHref } from '@vizinhanca/shared/wanted/wanted.rules';
import { PENDING_ITEM_HREFS } from '@vizinhanca/shared/notifications/staff-pending.messages';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.constants';
import type { AppDeps } from '../../context.ts';
import * as notifications from './notifications.repository.ts';

const ORDER_TYPES = new Set(['order_status', 'status_update', 'reminder_pickup', 'reminder_return']);
const LISTING_TYPES = new Set(['listing_approved', 'listing_rejected', 'listing_paused', 'listing_expiring', 'listing_expired']);

/** The screen and tab that show an order now, for one of its two people; null for anyone else. */
function orderHrefFor(userId: string, order: { owner_id: string; renter_id: string; status: OrderStatus }): string | null {
  if (order.owner_id === userId) return orderHref('owner', order.status);
  if (order.renter_id === userId) return orderHref('requester', order.status);
  return null;
}

/** For each of these orders the user is on, the screen and tab that show it now. */
async function orderHrefs(deps: AppDeps, userId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const hrefs = new Map<string, string>();
  for (const row of await notifications.findOrderSidesAndStatus(deps.db, ids)) {
    const href = orderHrefFor(userId, row);
    if (href) hrefs.set(row.id, href);
  }
  return hrefs;
}

/** Where tapping a notification leads, given the links of the orders it may name (orderHrefFor). */
function linkOf(row: { type: string; related_id: string | null }, orders: ReadonlyMap<string, string>): string | null {
  if (row.type === 'payment_due') return BILLINGS_HREF;
  if (row.type === 'announcement') return ANNOUNCEMENTS_HREF;
  if (row.type === 'wanted_offer' && row.related_id) return wantedHref(row.related_id);
  const staffHref = PENDING_ITEM_HREFS[row.type as NotificationType];
  if (staffHref) return staffHref;
  if (!row.related_id) return null;
  if (ORDER_TYPES.has(row.type)) return orders.get(row.related_id) ?? null;
  if (LISTING_TYPES.has(row.type)) return listingHref(row.related_id);
  if (row.type === 'fornada_opened') return foodHref(row.related_id);
  if (row.type === 'fornada_closed') return fornadaListHref(row.related_id);
  return null;
}

/** Where tapping each notification leads, for its reader. */
export async function hrefsFor(deps: AppDeps, userId: string, rows: { type: string; related_id: string | null }[]) {
  const orderIds = rows.filter((row) => ORDER_TYPES.has(row.type) && row.related_id).map((row) => row.related_id!);
  const orders = orderIds.length ? await orderHrefs(deps, userId, orderIds) : new Map<string, string>();
  return (row: { type: string; related_id: string | null }): string | null => linkOf(row, orders);
}

/** A notification's link from its row read with the order it names joined (the delivery's one read: findForDelivery). */
export function linkWithJoinedOrder(row: {
  user_id: string;
  type: string;
  related_id: string | null;
  order_owner_id: string | null;
  order_renter_id: string | null;
  order_status: OrderStatus | null;
}): string | null {
  const { related_id: orderId, order_owner_id: ownerId, order_renter_id: renterId, order_status: status } = row;
  const orderLink = orderId && ownerId && renterId && status ? orderHrefFor(row.user_id, { owner_id: ownerId, renter_id: renterId, status }) : null;
  return linkOf(row, orderId && orderLink ? new Map([[orderId, orderLink]]) : new Map());
}
