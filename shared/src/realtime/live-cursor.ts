/**
 * The tracked id of a live event (tRPC's `tracked`, sent back as `lastEventId` on a reconnect):
 * `<event id>@<cursor>`. The event id lets a tab drop an event it already has (a replay after a
 * reconnect); the cursor is a Postgres snapshot as `pg_current_snapshot()` writes it
 * (`xmin:xmax:xip,xip`), and the tab has every event of the transactions visible in it. Event ids
 * come from a sequence when a transaction writes, not when it commits, so no id can be a cursor
 * (docs/decisions/022-live-cursor.md). Zod-free: the tab's realtime chunk reads it.
 */

const SEPARATOR = '@';
const TRACKED_ID = /^(\d{1,19})@(\d{1,20}):(\d{1,20}):((?:\d{1,20}(?:,\d{1,20})*)?)$/;
/** A tracked id is a few dozen characters; a snapshot lists the transactions running at once (at most the database's connections). */
export const MAX_TRACKED_ID_LENGTH = 4000;

export function trackedEventId(eventId: string, cursor: string): string {
  return eventId + SEPARATOR + cursor;
}

/** The event id of a tracked id (the whole text when it has no cursor: an older server's). */
export function eventIdOf(trackedId: string): string {
  const at = trackedId.indexOf(SEPARATOR);
  return at < 0 ? trackedId : trackedId.slice(0, at);
}

/**
 * The cursor a reconnect resumes from: the snapshot of a well-formed tracked id, as Postgres reads
 * a snapshot (0 < xmin <= xmax, each running transaction from xmin to below xmax, ascending);
 * null for anything else, an older tab's bare event id included (it starts afresh).
 */
export function cursorOf(trackedId: string): string | null {
  if (trackedId.length > MAX_TRACKED_ID_LENGTH) return null;
  const parts = TRACKED_ID.exec(trackedId);
  if (!parts) return null;
  const xmin = BigInt(parts[2]!);
  const xmax = BigInt(parts[3]!);
  if (xmin === 0n || xmax < xmin || xmax >= 2n ** 64n) return null;
  let previous = xmin - 1n;
  for (const text of parts[4] ? parts[4].split(',') : []) {
    const running = BigInt(text);
    if (running <= previous || running >= xmax) return null;
    previous = running;
  }
  return `${parts[2]}:${parts[3]}:${parts[4]}`;
}

/** A tracked id the subscription accepts as `lastEventId`: with a cursor, or an older tab's bare event id. */
export function isLastEventId(text: string): boolean {
  return /^\d{1,19}$/.test(text) || cursorOf(text) !== null;
}
