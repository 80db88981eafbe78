import { ANNOUNCEMENTS_HREF } from '@vizinhanca/shared/announcements/announcement.constants';
import { BILLINGS_HREF } from '@vizinhanca/shared/billing/billing.schema';
import { fornadaListHref, foodHref, listingHref, orderHref } from '@vizinhanca/shared/notifications/notification.rules';
import { wantedHref } from '@vizinhanca/shared/wanted/wanted.rules';
import { PENDING_ITEM_HREFS } from '@vizinhanca/shared/notifications/staff-pending.messages';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import type { AppDeps } from '../../context.ts';
import * as notifications from './notifications.repository.ts';

const ORDER_TYPES = new Set(['order_status', 'status_update', 'reminder_pickup', 'reminder_return']);
const LISTING_TYPES = new Set(['listing_approved', 'listing_rejected', 'listing_paused', 'listing_expiring', 'listing_expired']);

/** For each of these orders the user is on, the screen and tab that show it now. */
async function orderHrefs(deps: AppDeps, userId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const hrefs = new Map<string, string>();
  for (const row of await notifications.findOrderSidesAndStatus(deps.db, ids)) {
    if (row.owner_id === userId) hrefs.set(row.id, orderHref('owner', row.status));
    else if (row.renter_id === userId) hrefs.set(row.id, orderHref('requester', row.status));
  }
  return hrefs;
}

/** Where tapping each notification leads, for its reader. */
export async function hrefsFor(deps: AppDeps, userId: string, rows: { type: string; related_id: string | null }[]) {
  const orderIds = rows.filter((row) => ORDER_TYPES.has(row.type) && row.related_id).map((row) => row.related_id!);
  const orders = orderIds.length ? await orderHrefs(deps, userId, orderIds) : new Map<string, string>();
  return (row: { type: string; related_id: string | null }): string | null => {
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
  };
}

export async function hrefOf(deps: AppDeps, userId: string, row: { type: string; related_id: string | null }): Promise<string | null> {
  return (await hrefsFor(deps, userId, [row]))(row);
}
