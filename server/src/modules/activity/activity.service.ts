import { ORDER_STATUS_LABELS } from '@vizinhanca/shared/orders/order.rules';
import { RECENT_ACTIVITY_FETCHED, RECENT_ACTIVITY_SHOWN, type ActivityItem } from '@vizinhanca/shared/orders/order.schema';
import type { AppDeps } from '../../context.ts';
import { listNotifications } from '../notifications/notifications.service.ts';
import { listRecentForUser, listSidesFor } from '../orders/orders.service.ts';

const LISTING_NOTIFICATION_TYPES = new Set(['listing_approved', 'listing_rejected', 'listing_paused']);

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
      target: { kind: 'order', id: row.id, side: row.renter_id === userId ? 'requester' : 'owner', status: row.status },
    };
  });
  // Order notifications lead to the order as it is now, on the side the user is on.
  const orderIds = notificationRows.filter((row) => row.related_id && !LISTING_NOTIFICATION_TYPES.has(row.type) && row.type !== 'announcement').map((row) => row.related_id!);
  const sides = new Map((await listSidesFor(deps.db, userId, orderIds)).map((row) => [row.id, row]));
  const notificationItems: ActivityItem[] = notificationRows.map((row) => {
    const order = row.related_id ? sides.get(row.related_id) : undefined;
    const target: ActivityItem['target'] =
      row.type === 'announcement'
        ? { kind: 'announcements' }
        : row.related_id && LISTING_NOTIFICATION_TYPES.has(row.type)
        ? { kind: 'listing', id: row.related_id }
        : order
          ? { kind: 'order', id: order.id, side: order.renter_id === userId ? 'requester' : 'owner', status: order.status }
          : null;
    return { kind: 'notification', id: row.id, title: row.title, description: row.message, listingType: null, createdAt: row.created_at, target };
  });
  return [...orderItems, ...notificationItems].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, RECENT_ACTIVITY_SHOWN);
}
