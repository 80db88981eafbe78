import { ORDER_ANSWER_HOURS, ORDER_EXPIRED_REASON, REMINDER_FROM_HOUR, REMINDER_NOTIFICATIONS } from '@vizinhanca/shared/notifications/reminder.messages';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { localHour } from '../../clock.ts';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { NotificationType } from '@vizinhanca/shared/notifications/notification.types';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import * as audit from '../audit/audit.service.ts';
import { notify, wants } from '../notifications/notifications.service.ts';
import * as orders from './orders.repository.ts';

// The order deadlines the job queue runs (decisions.md "Orders", "Notifications").
// Every effect is keyed, so two instances or a retried run make each once.

interface Reminder {
  userId: string;
  type: NotificationType;
  key: string;
  orderId: string;
  text: { title: string; message: string };
}

async function remind(deps: AppDeps, db: Db, reminder: Reminder) {
  if (!(await wants(deps, db, { userId: reminder.userId, type: reminder.type }))) return;
  await notify(deps, db, {
    userId: reminder.userId,
    type: reminder.type,
    relatedId: reminder.orderId,
    dedupeKey: reminder.key,
    ...reminder.text,
  });
}

/**
 * Pickup (the day before an approved rental starts: both sides), return (the
 * day before and the day an in-progress rental ends: the requester) and overdue
 * (from the day after: both sides), in the condominium's days, from 08:00.
 */
export async function sendRentalReminders(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  if (localHour(deps.config.CONDO_TIMEZONE, now) < REMINDER_FROM_HOUR) return;
  const today = deps.clock.today();
  const tomorrow = addDays(today, 1);
  const rows = await orders.listForReminders(deps.db, { pickupDate: tomorrow, returnUntil: tomorrow });
  for (const row of rows) {
    const reminders: Reminder[] = [];
    const title = row.listing_title;
    if (row.status === 'approved') {
      reminders.push(
        { userId: row.renter_id, type: 'reminder_pickup', key: `pickup:${row.id}:${row.renter_id}`, orderId: row.id, text: REMINDER_NOTIFICATIONS.pickupRequester(title, row.owner_full_name) },
        { userId: row.owner_id, type: 'reminder_pickup', key: `pickup:${row.id}:${row.owner_id}`, orderId: row.id, text: REMINDER_NOTIFICATIONS.pickupOwner(title, row.renter_full_name) },
      );
    } else if (row.end_date === tomorrow) {
      reminders.push({ userId: row.renter_id, type: 'reminder_return', key: `return-eve:${row.id}`, orderId: row.id, text: REMINDER_NOTIFICATIONS.returnTomorrow(title, row.owner_full_name, row.end_date) });
    } else if (row.end_date === today) {
      reminders.push({ userId: row.renter_id, type: 'reminder_return', key: `return-day:${row.id}`, orderId: row.id, text: REMINDER_NOTIFICATIONS.returnToday(title, row.owner_full_name) });
    } else if (row.end_date) {
      reminders.push(
        { userId: row.renter_id, type: 'reminder_return', key: `overdue:${row.id}:${row.renter_id}`, orderId: row.id, text: REMINDER_NOTIFICATIONS.overdueRequester(title, row.owner_full_name, row.end_date) },
        { userId: row.owner_id, type: 'reminder_return', key: `overdue:${row.id}:${row.owner_id}`, orderId: row.id, text: REMINDER_NOTIFICATIONS.overdueOwner(title, row.renter_full_name, row.end_date) },
      );
    }
    await deps.db.transaction().execute(async (trx) => {
      for (const reminder of reminders) await remind(deps, trx, reminder);
    });
  }
}

/**
 * Cancels pending orders the owner has not answered in 48 hours, or whose day
 * (or scheduled time) has passed, with the reason 'Expirado sem resposta'; both
 * sides are told. The row is locked and re-checked: one instance wins.
 */
export async function expireUnansweredOrders(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const today = deps.clock.today();
  const candidates = await orders.listUnansweredIds(deps.db, { createdBefore: new Date(now.getTime() - ORDER_ANSWER_HOURS * 3600_000), today, now });
  let expired = 0;
  for (const { id } of candidates) {
    await deps.db.transaction().execute(async (trx) => {
      const order = await orders.findForUpdate(trx, id);
      if (!order || order.status !== 'pending') return;
      await orders.setStatus(trx, id, { status: 'cancelled', at: now, reason: ORDER_EXPIRED_REASON });
      await audit.record(deps, trx, {
        actorId: null,
        action: AUDIT_ACTIONS.orderExpired,
        targetType: 'order',
        targetId: id,
        before: { status: 'pending' },
        after: { status: 'cancelled' },
        reason: ORDER_EXPIRED_REASON,
      });
      await notify(deps, trx, { userId: order.renter_id, type: 'order_status', relatedId: id, ...REMINDER_NOTIFICATIONS.expiredRequester(order.listing_title) });
      await notify(deps, trx, {
        userId: order.owner_id,
        type: 'order_status',
        relatedId: id,
        ...REMINDER_NOTIFICATIONS.expiredOwner(order.listing_title, order.renter_full_name),
      });
      expired += 1;
    });
  }
  return expired;
}
