import { sql } from 'kysely';
import type { PublishedEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { type Db, prepared } from '../db/database.ts';
import { CLOSE_SOCKETS_KIND, eventPayloadText } from './event-content.ts';

// Every write of the `events` table but pruning: a row per event, in the caller's transaction;
// the trigger on `events` NOTIFYs the transaction on commit, and every instance's bus reads it.

/** Between instances only: close a person's sockets (all, or one session's). */
interface SystemEvent {
  kind: typeof CLOSE_SOCKETS_KIND;
  payload: { onlySessionId?: string };
}

/** An event to publish: one of the realtime contract's (shared/src/realtime/realtime-event.ts) or a system one. */
export type NewEvent = { userId: string | null } & (PublishedEvent | SystemEvent);

/**
 * One event for every active staff member (administrators and moderators, approved,
 * not suspended), in the caller's transaction: a row each (the trigger on `events` NOTIFYs on commit).
 */
export async function publishToStaff(db: Db, event: PublishedEvent): Promise<number> {
  const query = sql<{ id: string }>`
    INSERT INTO events (user_id, kind, payload)
    SELECT staff.user_id, ${event.kind}, ${eventPayloadText(event)}::jsonb FROM (${activeStaffIds}) staff
    RETURNING id`;
  // Named: every audited change (an order, a decision) runs it.
  const rows = await prepared(db, { compile: () => query.compile(db) });
  return rows.length;
}

/** The ids of every active staff member (administrators and moderators, approved, not suspended), once each: for statements that tell staff themselves. */
export const activeStaffIds = sql<{ user_id: string }>`
  SELECT DISTINCT r.user_id FROM user_roles r JOIN users u ON u.id = r.user_id
   WHERE r.role IN ('admin', 'moderator') AND u.approval_status = 'approved' AND NOT u.is_suspended`;

/**
 * Writes an event row; the trigger on `events` NOTIFYs its transaction on commit.
 * Usable without a bus (maintainer scripts reach running servers too).
 */
export async function publishEvent(db: Db, event: NewEvent): Promise<string> {
  const payload = event.kind === CLOSE_SOCKETS_KIND ? JSON.stringify(event.payload) : eventPayloadText(event);
  const [row] = await prepared(db, db.insertInto('events').values({ user_id: event.userId, kind: event.kind, payload }).returning('id'));
  return row!.id;
}

/**
 * The same event for each of these people, in the caller's transaction, with one
 * statement (a row each, in the order given): one round trip however many people.
 */
export async function publishToEach(db: Db, userIds: readonly string[], event: PublishedEvent): Promise<void> {
  if (!userIds.length) return;
  const payload = eventPayloadText(event);
  await db
    .insertInto('events')
    .values(userIds.map((userId) => ({ user_id: userId, kind: event.kind, payload })))
    .execute();
}
