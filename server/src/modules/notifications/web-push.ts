import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { AppDeps } from '../../context.ts';
import { senderAddressOf } from '../../mail/mime-message.ts';
import * as notifications from './notifications.repository.ts';

/**
 * The push services browsers use. A subscription pointing anywhere else is
 * refused: the server would otherwise post to any address a client names.
 */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^android\.googleapis\.com$/, /(^|\.)push\.services\.mozilla\.com$/, /(^|\.)push\.apple\.com$/, /\.notify\.windows\.com$/];

export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.port && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

/** Generated once per deployment, kept in the database (never in the repository), shared by every instance. */
export function vapidKeys(deps: AppDeps) {
  return notifications.findOrCreateVapidKeys(deps.db, () => webPush.generateVAPIDKeys());
}

function vapidSubject(deps: AppDeps): string {
  const publicUrl = deps.config.PUBLIC_URL;
  if (publicUrl?.startsWith('https://')) return publicUrl;
  // The configuration refused a MAIL_FROM without an address.
  return `mailto:${senderAddressOf(deps.config.MAIL_FROM)?.address ?? deps.config.MAIL_FROM}`;
}

export interface PushPayload {
  title: string;
  body: string;
  /** The app path a tap opens. */
  url: string;
  tag: string;
}

export type PushResult = 'sent' | 'gone';

/**
 * Encrypts and posts one message to one device. A subscription the push service
 * no longer knows (404/410) is deleted; any other failure throws so the job retries.
 */
export async function sendPush(
  deps: AppDeps,
  subscription: { id: string; endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  options: { agent?: Agent } = {},
): Promise<PushResult> {
  const keys = await vapidKeys(deps);
  try {
    await webPush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: vapidSubject(deps), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 3600,
        urgency: 'normal',
        timeout: 10_000,
        ...(options.agent ? { agent: options.agent } : {}),
      },
    );
    return 'sent';
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) {
      await notifications.deletePushSubscriptionById(deps.db, subscription.id);
      return 'gone';
    }
    throw error;
  }
}
