import { ORDER_STATUS_LABELS } from '@vizinhanca/shared/orders/order.rules';
import { RECENT_ACTIVITY_FETCHED, RECENT_ACTIVITY_SHOWN, type ActivityItem } from '@vizinhanca/shared/orders/order.schema';
import type { AppDeps } from '../../context.ts';
import { listNotifications } from '../notifications/notifications.service.ts';
import { listRecentForUser } from '../orders/orders.service.ts';

/**
 * Home 'recent activity' (docs/product.md §10.5): the five newest orders the user made or
 * received and their five newest notifications, merged newest first, four shown.
 */
export async function recent(deps: AppDeps, userId: string): Promise<ActivityItem[]> {
  const [orderRows, notificationRows] = await Promise.all([
    listRecentForUser(deps.db, userId, RECENT_ACTIVITY_FETCHED),
    listNotifications(deps.db, userId, { unreadOnly: false, limit: RECENT_ACTIVITY_FETCHED, cursor: null }),
  ]);
  const orderItems: ActivityItem[] = orderRows.map((row) => {
    const status = ORDER_STATUS_LABELS[row.status];
    const requester = row.renter_apartment ? `${row.renter_full_name} (${row.renter_apartment})` : row.renter_full_name;
    return {
      kind: 'order',
      id: row.id,
      title: row.listing_deleted_at ? 'Item removido' : row.listing_title,
      description: row.renter_id === userId ? `Seu pedido · ${status}` : `Pedido de ${requester} · ${status}`,
      listingType: row.listing_type,
      createdAt: row.created_at,
    };
  });
  const notificationItems: ActivityItem[] = notificationRows.map((row) => ({
    kind: 'notification',
    id: row.id,
    title: row.title,
    description: row.message,
    listingType: null,
    createdAt: row.created_at,
  }));
  return [...orderItems, ...notificationItems].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, RECENT_ACTIVITY_SHOWN);
}
