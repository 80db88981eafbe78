import { daysLeft, EXPIRY_WARNING_DAYS } from '@vizinhanca/shared/listings/listing.rules';
import { REMINDER_FROM_HOUR, REMINDER_NOTIFICATIONS } from '@vizinhanca/shared/notifications/reminder.messages';
import { localHour } from '../../clock.ts';
import type { AppDeps } from '../../context.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as listings from './listings.repository.ts';

const DAY_MS = 24 * 3600_000;

/**
 * The owner's notices: one when 7 days or fewer remain, one when the listing
 * expires (within the last week: listings long expired are not announced again).
 * Keyed by the expiry instant, so a renewal earns fresh notices and a rerun none.
 */
export async function sendExpiryNotices(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  if (localHour(deps.config.CONDO_TIMEZONE, now) < REMINDER_FROM_HOUR) return;
  const rows = await listings.listExpiringBetween(deps.db, new Date(now.getTime() - EXPIRY_WARNING_DAYS * DAY_MS), new Date(now.getTime() + (EXPIRY_WARNING_DAYS + 1) * DAY_MS));
  for (const row of rows) {
    const expiresAt = row.expires_at!;
    const left = daysLeft(expiresAt, now, deps.config.CONDO_TIMEZONE);
    const expired = expiresAt.getTime() <= now.getTime();
    if (!expired && left > EXPIRY_WARNING_DAYS) continue;
    await deps.db.transaction().execute((trx) =>
      notify(deps, trx, {
        userId: row.user_id,
        type: expired ? 'listing_expired' : 'listing_expiring',
        relatedId: row.id,
        dedupeKey: `${expired ? 'listing-expired' : 'listing-expiring'}:${row.id}:${expiresAt.toISOString()}`,
        ...(expired ? REMINDER_NOTIFICATIONS.listingExpired(row.title) : REMINDER_NOTIFICATIONS.listingExpiring(row.title, left)),
      }),
    );
  }
}
