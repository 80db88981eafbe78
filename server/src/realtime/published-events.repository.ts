import { sql } from 'kysely';
import type { PublishedEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { type Db, prepared, writeLater } from '../db/database.ts';
import { compiledOnce } from '../db/query-templates.ts';
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
export function staffEventsQuery(values: { kind: string; payload: string }) {
  return sql<{ id: string }>`
    INSERT INTO events (user_id, kind, payload)
    SELECT staff.user_id, ${values.kind}, ${values.payload}::jsonb FROM (${activeStaffIds}) staff
    RETURNING id`;
}

/** Written with the transaction's next statement (database.ts's writeLater): nobody reads what it wrote. */
export function publishToStaff(db: Db, event: PublishedEvent): Promise<void> {
  // Compiled once: every audited change (an order, a decision) runs it.
  const query = compiledOnce('events.toStaff', { kind: event.kind, payload: eventPayloadText(event) }, (values) => ({ compile: () => staffEventsQuery(values).compile(db) }));
  return writeLater(db, query);
}

/** The ids of every active staff member (administrators and moderators, approved, not suspended), once each: for statements that tell staff themselves. */
export const activeStaffIds = sql<{ user_id: string }>`
  SELECT DISTINCT r.user_id FROM user_roles r JOIN users u ON u.id = r.user_id
   WHERE r.role IN ('admin', 'moderator') AND u.approval_status = 'approved' AND NOT u.is_suspended`;

/**
 * Writes an event row; the trigger on `events` NOTIFYs its transaction on commit.
 * Usable without a bus (maintainer scripts reach running servers too).
 */
export function insertEventQuery(db: Db, values: { userId: string | null; kind: string; payload: string }) {
  return db.insertInto('events').values({ user_id: values.userId, kind: values.kind, payload: values.payload }).returning('id');
}

function eventInsert(db: Db, event: NewEvent) {
  const payload = event.kind === CLOSE_SOCKETS_KIND ? JSON.stringify(event.payload) : eventPayloadText(event);
  // Compiled once: every notification writes one.
  return compiledOnce('events.insert', { userId: event.userId, kind: event.kind, payload }, (values) => insertEventQuery(db, values));
}

/** The event written now; its id. */
export async function publishEvent(db: Db, event: NewEvent): Promise<string> {
  const [row] = await prepared(db, eventInsert(db, event));
  return row!.id;
}

/** The event written with the transaction's next statement (database.ts's writeLater), or now outside one. */
export function publishEventLater(db: Db, event: NewEvent): Promise<void> {
  return writeLater(db, eventInsert(db, event));
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
