import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@vizinhanca/shared/notifications/notification.schema';

/** The switches a delivery asks about, as `notification_preferences` columns and as the shared defaults' keys. */
const CHANNELS = { email: 'email', push: 'push' } as const;
const SUBJECTS = { announcements: 'announcements', staff_pending: 'staffPending' } as const;

/**
 * Whether the preferences row joined as `p` lets `channel` carry `subject`. A person who never
 * saved their switches has no row: the shared defaults answer for them.
 */
export function wantsDelivery(channel: keyof typeof CHANNELS, subject: keyof typeof SUBJECTS): RawBuilder<boolean> {
  const channelDefault = DEFAULT_NOTIFICATION_PREFERENCES[CHANNELS[channel]];
  const subjectDefault = DEFAULT_NOTIFICATION_PREFERENCES[SUBJECTS[subject]];
  return sql<boolean>`coalesce(${sql.ref(`p.${channel}`)}, ${sql.lit(channelDefault)}) AND coalesce(${sql.ref(`p.${subject}`)}, ${sql.lit(subjectDefault)})`;
}
