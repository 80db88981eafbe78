import type { AppDeps, OneOffJob } from '../../context.ts';
import { preferenceOf } from '@vizinhanca/shared/notifications/notification.rules';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationType } from '@vizinhanca/shared/notifications/notification.schema';
import { appBaseUrl, renderEmail } from '../../mail/email-template.ts';
import { linkWithJoinedOrder } from './notification-links.ts';
import * as notifications from './notifications.repository.ts';
import { sendPush, type PushPayload } from './web-push.ts';

/** The notifications that also go out by e-mail (account decisions send their own). */
const EMAIL_TYPES = new Set<NotificationType>([
  'order_status',
  'status_update',
  'reminder_pickup',
  'reminder_return',
  'listing_expiring',
  'listing_expired',
  'payment_due',
]);

/**
 * After a notification commits: one push job per device, then the e-mail, as the
 * recipient's switches say. The e-mail is sent here, not through a job of its own:
 * a queued e-mail cost the database an insert of the whole message and two updates
 * of that row. It goes last, so a failed send (an SMTP outage) fails this job, whose
 * retry enqueues no push twice (each push job is keyed) and sends the same message
 * (same Message-ID, same outbox file).
 */
export const deliverNotificationJob: OneOffJob<{ notificationId: string }> = {
  name: 'notification.deliver',
  async run(deps, { notificationId }) {
    const row = await notifications.findForDelivery(deps.db, notificationId);
    if (!row || row.is_suspended) return;
    const prefs = row.preferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
    const category = preferenceOf(row.type);
    if (category && !prefs[category]) return;
    const href = linkWithJoinedOrder(row) ?? '/notificacoes';
    const url = `${appBaseUrl(deps.config)}${href}`;

    if (prefs.push) await pushToEachDevice(deps, row.device_ids, { title: row.title, body: row.message, url: href, tag: row.id }, `push:${row.id}`);
    if (prefs.email && EMAIL_TYPES.has(row.type)) {
      const email = renderEmail(deps.config, {
        subject: row.title,
        greeting: `Olá, ${row.full_name}!`,
        paragraphs: [row.message],
        link: { label: 'Abrir no Vizinhança', url },
      });
      await deps.mailer.send({ to: row.email, ...email, idempotencyKey: `notification-email:${row.id}` });
    }
  },
};

/**
 * One push job per device of the user, each keyed `${key}:${device}` so a retry
 * of the caller enqueues nothing twice. The caller has checked the user's switches.
 */
export async function pushToDevices(deps: AppDeps, userId: string, payload: PushPayload, key: string) {
  const devices = await notifications.listPushSubscriptions(deps.db, userId);
  await pushToEachDevice(deps, devices.map((device) => device.id), payload, key);
}

/** pushToDevices for devices already read (the notification's delivery reads them with it): their jobs in one insert. */
function pushToEachDevice(deps: AppDeps, subscriptionIds: readonly string[], payload: PushPayload, key: string) {
  return deps.queue.enqueueMany(deps.db, sendPushJob, subscriptionIds.map((subscriptionId) => ({ data: { subscriptionId, payload }, key: `${key}:${subscriptionId}` })));
}

/**
 * The same push to every device of each of these people, enqueued a chunk at a time: each
 * job keyed `${key}:${device}`, so a retry of the caller enqueues nothing twice. The caller
 * has checked each person's switches.
 */
export async function pushToDevicesOfEach(deps: AppDeps, userIds: readonly string[], payload: PushPayload, key: string) {
  for (let i = 0; i < userIds.length; i += FAN_OUT_CHUNK) {
    const devices = await notifications.listPushSubscriptionsOfUsers(deps.db, userIds.slice(i, i + FAN_OUT_CHUNK));
    const items = devices.map((device) => ({ data: { subscriptionId: device.id, payload }, key: `${key}:${device.id}` }));
    await deps.queue.enqueueMany(deps.db, sendPushJob, items);
  }
}

/** Jobs enqueued per statement when one change reaches many people. */
export const FAN_OUT_CHUNK = 500;

/** One push to one device; a device that unsubscribed meanwhile is skipped. */
export const sendPushJob: OneOffJob<{ subscriptionId: string; payload: PushPayload }> = {
  name: 'push.send',
  async run(deps, { subscriptionId, payload }) {
    const subscription = await notifications.findPushSubscription(deps.db, subscriptionId);
    if (subscription) await sendPush(deps, subscription, payload);
  },
};
