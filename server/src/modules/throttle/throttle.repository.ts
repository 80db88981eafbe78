import { sql } from 'kysely';
import { type Db, prepared } from '../../db/database.ts';
import { compiledOnce } from '../../db/query-templates.ts';

type WindowHit = { key: string; now: Date; windowStart: Date; limit: number };

/** The statement of `hitWindow`, built by Kysely. */
export function hitWindowQuery(db: Db, hit: WindowHit) {
  const expired = sql<boolean>`throttles.window_started_at <= ${hit.windowStart}`;
  return db
    .insertInto('throttles')
    .values({ key: hit.key, hits: 1, window_started_at: hit.now, blocked_until: hit.now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE throttles.hits + 1 END`,
          window_started_at: sql`CASE WHEN ${expired} THEN ${hit.now}::timestamptz ELSE throttles.window_started_at END`,
        })
        .where((eb) => eb.or([eb('throttles.window_started_at', '<=', hit.windowStart), eb('throttles.hits', '<', hit.limit)])),
    )
    .returning('hits');
}

/**
 * Counts a hit in a fixed window and decides in the same statement: the row lock
 * serialises parallel hits on one key, so no more than `limit` pass per window,
 * whatever the concurrency or the number of instances. Returns null when refused.
 */
export async function hitWindow(db: Db, key: string, options: { now: Date; windowMs: number; limit: number }): Promise<number | null> {
  const hit: WindowHit = { key, now: options.now, windowStart: new Date(options.now.getTime() - options.windowMs), limit: options.limit };
  // Named and compiled once: every counted action (each order, message, upload) runs it first.
  const [row] = await prepared(db, compiledOnce('throttle.hitWindow', hit, (values) => hitWindowQuery(db, values)));
  return row ? row.hits : null;
}

/**
 * Counts a hit under exponential back-off and decides in the same statement: the
 * first `free` hits pass at once; from then on each hit blocks the key for
 * baseMs * 2^(hits - free), up to maxMs. A key idle since `forgetBefore` starts over.
 */
export async function hitBackoff(
  db: Db,
  key: string,
  options: { now: Date; free: number; baseMs: number; maxMs: number; forgetBefore: Date },
): Promise<number | null> {
  const { now, free, baseMs, maxMs } = options;
  const nextHits = sql<number>`(CASE WHEN throttles.blocked_until <= ${options.forgetBefore} THEN 1 ELSE throttles.hits + 1 END)`;
  const blockFor = (hits: unknown) =>
    sql<Date>`${now}::timestamptz + (CASE WHEN ${hits} < ${free} THEN 0 ELSE least(${baseMs}::float8 * power(2, least(${hits} - ${free}, 40)), ${maxMs}) END) * interval '1 millisecond'`;
  const row = await db
    .insertInto('throttles')
    .values({ key, hits: 1, window_started_at: now, blocked_until: blockFor(sql`1`) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ hits: nextHits, window_started_at: now, blocked_until: blockFor(nextHits) })
        .where('throttles.blocked_until', '<=', now),
    )
    .returning('hits')
    .executeTakeFirst();
  return row ? row.hits : null;
}

export async function retryAt(db: Db, key: string, windowMs: number | null): Promise<Date | null> {
  const row = await db.selectFrom('throttles').select(['window_started_at', 'blocked_until']).where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  return windowMs === null ? new Date(row.blocked_until) : new Date(new Date(row.window_started_at).getTime() + windowMs);
}

export function clear(db: Db, key: string) {
  return db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** Takes one hit back (a success that should not count against a shared key). */
export function forgiveOne(db: Db, key: string) {
  return db.updateTable('throttles').set({ hits: sql`greatest(hits - 1, 0)` }).where('key', '=', key).execute();
}

export function deleteIdle(db: Db, before: Date) {
  return db.deleteFrom('throttles').where('blocked_until', '<', before).where('window_started_at', '<', before).execute();
}
