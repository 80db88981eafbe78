import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { realtimeEventSchema, type PublishedEvent } from '@vizinhanca/shared/realtime/realtime-event';
import type { Db } from '../db/database.ts';
import { eventBusLag } from '../observability/metrics.ts';

const CHANNEL = 'vizinhanca_events';
/** NOTIFYed by database triggers with a person's id when their sessions, account or roles change (migration 2026_12_16_0001). */
export const SESSIONS_CHANNEL = 'vizinhanca_sessions';

/** Ids read in one query at most (a bigger burst takes several). */
const MAX_BATCH = 5000;
/** Event ids a subscriber remembers to skip repeats (a catch-up overlapping live delivery). */
const REMEMBERED_IDS = 200;

export interface AppEvent {
  id: string;
  userId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** Kinds the server uses between instances; never sent to browsers. */
export const SYSTEM_KIND_PREFIX = 'system.';
export const CLOSE_SOCKETS_KIND = 'system.close-sockets';

/** A local receiver of one user's events (an object, so an idle subscriber holds no closure). */
export interface Subscriber {
  push(event: AppEvent): void;
}

/**
 * Events between server instances: a row in `events`, then NOTIFY with its id
 * (sent on commit). Every instance LISTENs, reads the rows and hands them to its
 * local subscribers, found by user id; a subscriber that reconnects catches up
 * from the rows. The same connection carries session changes (see SESSIONS_CHANNEL).
 */
export class EventBus {
  /** Local subscribers by user id: an event costs one map lookup, whatever the number of sockets. */
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private readonly anyHandlers = new Set<(event: AppEvent) => void>();
  private readonly sessionHandlers = new Set<(userId: string | null) => void>();
  private listener: pg.Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private lastSeenId = 0n;
  /** Notified ids not read yet, in arrival (commit) order. */
  private pending: string[] = [];
  private draining = false;
  /** Deliveries run one at a time, in arrival order (see enqueue). */
  private deliveries: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {}

  /** LISTEN is in place: events committed from now on reach this instance. */
  get listening(): boolean {
    return this.listener !== null;
  }

  async start(): Promise<void> {
    const row = await this.db.selectFrom('events').select(sql<string>`coalesce(max(id), 0)`.as('max')).executeTakeFirstOrThrow();
    this.lastSeenId = BigInt(row.max);
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'vizinhanca-listener' });
    // An unhandled 'error' on a pg client kills Node: log it and reconnect instead.
    client.on('error', (error) => {
      this.logger.warn({ error: error.message }, 'event listener connection error');
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === SESSIONS_CHANNEL) this.sessionChanged(message.payload);
      else if (message.channel === CHANNEL) this.notified(message.payload);
    });
    try {
      // Read before LISTEN: catching up from here may repeat an event (subscribers skip repeats) but never misses one.
      const caughtUpTo = this.lastSeenId;
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${SESSIONS_CHANNEL}`);
      this.listener = client;
      // Session changes made while nobody listened were not heard: whatever was cached is suspect.
      this.sessionChanged(null);
      this.logger.debug('listening for events');
      await this.enqueue(() => this.catchUp(caughtUpTo));
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'could not listen for events; retrying');
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: pg.Client): void {
    if (this.stopped || this.reconnectTimer || (this.listener && this.listener !== client)) return;
    this.listener = null;
    this.sessionChanged(null);
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, 1000);
  }

  private sessionChanged(userId: string | null): void {
    for (const handler of this.sessionHandlers) handler(userId);
  }

  /**
   * One NOTIFY per event, often hundreds in one burst (a transaction notifying many
   * people): ids pile up and are read together, one query per batch, as soon as the
   * burst has been parsed (setImmediate runs after the socket's data was handled).
   */
  private notified(id: string): void {
    this.pending.push(id);
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => void this.enqueue(() => this.drain()));
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length) {
        const ids = this.pending.splice(0, MAX_BATCH);
        await this.deliver(ids);
      }
    } finally {
      this.draining = false;
      // Arrived after the loop's last look: start another round.
      if (this.pending.length) {
        this.draining = true;
        void this.enqueue(() => this.drain());
      }
    }
  }

  /** After a dropped LISTEN connection: deliver what was committed meanwhile. */
  private async catchUp(afterId: bigint): Promise<void> {
    const rows = await this.db
      .selectFrom('events')
      .select('id')
      .where('id', '>', afterId.toString())
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length) await this.deliver(rows.map((row) => row.id));
  }

  /**
   * NOTIFYs arrive in commit order (a transaction's events in the order it published them).
   * Reading batches in parallel could hand them to subscribers out of order, and a
   * subscriber skips anything older than what it already has: so one read at a time.
   */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.deliveries.then(task);
    this.deliveries = run.catch(() => {});
    return run;
  }

  /**
   * Reads the notified rows in one query and hands them over in the order they were
   * notified. By id and not "everything after the last id seen": ids come from a
   * sequence and transactions commit out of id order, so a later NOTIFY may carry a lower id.
   */
  private async deliver(ids: string[]): Promise<void> {
    try {
      const rows = await this.db
        .selectFrom('events')
        .select(['id', 'user_id', 'kind', 'payload', 'created_at'])
        .where('id', '=', sql<string>`any(${ids}::bigint[])`)
        .execute();
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const now = Date.now();
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) continue; // pruned meanwhile, or a repeat already handed over
        byId.delete(id);
        const event = toEvent(row);
        // created_at is the publishing transaction's start: an upper bound of commit-to-delivery.
        eventBusLag.observe(Math.max(0, now - event.createdAt.getTime()) / 1000);
        if (BigInt(event.id) > this.lastSeenId) this.lastSeenId = BigInt(event.id);
        this.emit(event);
      }
    } catch (error) {
      this.logger.error({ err: error }, 'could not read events');
    }
  }

  private emit(event: AppEvent): void {
    for (const handler of this.anyHandlers) handler(event);
    if (!event.userId) return;
    const subscribers = this.byUser.get(event.userId);
    if (subscribers) for (const subscriber of subscribers) subscriber.push(event);
  }

  /** Writes the event in the caller's transaction (or alone); every instance receives it after commit. */
  publish(db: Db, event: NewEvent): Promise<string> {
    return publishEvent(db, event);
  }

  /** The same event to every active administrator and moderator, in the caller's transaction. */
  publishToStaff(db: Db, event: PublishedEvent): Promise<number> {
    return publishToStaff(db, event);
  }

  /** Local hook for every event this instance receives (used by the socket registry). */
  onAny(handler: (event: AppEvent) => void): () => void {
    this.anyHandlers.add(handler);
    return () => this.anyHandlers.delete(handler);
  }

  /** A person's sessions, account or roles changed on some instance (`null`: anyone's may have). */
  onSessionChange(handler: (userId: string | null) => void): () => void {
    this.sessionHandlers.add(handler);
    return () => this.sessionHandlers.delete(handler);
  }

  /** Local delivery of one user's events, live only (see follow for catch-up). */
  subscribe(userId: string, subscriber: Subscriber): void {
    let subscribers = this.byUser.get(userId);
    if (!subscribers) this.byUser.set(userId, (subscribers = new Set()));
    subscribers.add(subscriber);
  }

  unsubscribe(userId: string, subscriber: Subscriber): void {
    const subscribers = this.byUser.get(userId);
    if (!subscribers?.delete(subscriber)) return;
    if (subscribers.size === 0) this.byUser.delete(userId);
  }

  /** The newest event id of this user, the cursor a fresh subscriber starts from. */
  async latestIdFor(userId: string): Promise<string> {
    const row = await this.db
      .selectFrom('events')
      .select(sql<string>`coalesce(max(id), 0)`.as('max'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return String(row.max);
  }

  /**
   * The user's events after `afterId`, then live ones, without gaps or repeats:
   * the live subscription is in place before the catch-up query runs.
   */
  follow(userId: string, afterId: string, signal: AbortSignal | undefined): Follower {
    return new Follower(this, this.db, userId, afterId, signal);
  }

  /** `follow` as an async generator. */
  async *stream(userId: string, afterId: string, signal: AbortSignal | undefined): AsyncGenerator<AppEvent> {
    const follower = this.follow(userId, afterId, signal);
    try {
      for (let event = await follower.next(); event; event = await follower.next()) yield event;
    } finally {
      follower.close();
    }
  }

  /** Events are for live delivery and short catch-ups; old rows only take space. */
  async pruneOlderThan(before: Date): Promise<void> {
    await this.db.deleteFrom('events').where('created_at', '<', before).execute();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

/** Between instances only: close a person's sockets (all, or one session's). */
interface SystemEvent {
  kind: typeof CLOSE_SOCKETS_KIND;
  payload: { onlySessionId?: string };
}

/** An event to publish: one of the realtime contract's (shared/src/realtime/realtime-event.ts) or a system one. */
export type NewEvent = { userId: string | null } & (PublishedEvent | SystemEvent);

/**
 * One event for every active staff member (administrators and moderators, approved,
 * not suspended), in the caller's transaction: a row each, one NOTIFY each.
 */
export async function publishToStaff(db: Db, event: PublishedEvent): Promise<number> {
  const payload = realtimeEventSchema.parse(event).payload;
  const rows = await sql<{ id: string }>`
    INSERT INTO events (user_id, kind, payload)
    SELECT DISTINCT r.user_id, ${event.kind}, ${JSON.stringify(payload)}::jsonb
      FROM user_roles r JOIN users u ON u.id = r.user_id
     WHERE r.role IN ('admin', 'moderator') AND u.approval_status = 'approved' AND NOT u.is_suspended
    RETURNING id`.execute(db);
  const ids = rows.rows.map((row) => row.id);
  if (ids.length) await sql`SELECT pg_notify(${CHANNEL}, id::text) FROM unnest(${ids}::bigint[]) AS id`.execute(db);
  return ids.length;
}

/** Writes an event row and NOTIFYs its id; usable without a bus (maintainer scripts reach running servers too). */
export async function publishEvent(db: Db, event: NewEvent): Promise<string> {
  // Browsers receive only what the contract declares: a payload that drifted from it fails here, at the source.
  const payload = event.kind === CLOSE_SOCKETS_KIND ? event.payload : realtimeEventSchema.parse({ kind: event.kind, payload: event.payload }).payload;
  const row = await db
    .insertInto('events')
    .values({ user_id: event.userId, kind: event.kind, payload: JSON.stringify(payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`SELECT pg_notify(${CHANNEL}, ${row.id})`.execute(db);
  return row.id;
}

/**
 * One subscriber's view of its user's events: the rows after its cursor first, then
 * live ones as they arrive. One plain object per subscriber (no generator, no closures):
 * an idle socket costs little. `next()` answers null once the signal aborts.
 */
export class Follower implements Subscriber {
  private readonly queue: AppEvent[] = [];
  private wake: (() => void) | null = null;
  private missed: AppEvent[] | null = null;
  /** Ids handed over, made on first use. Ids come from a sequence and transactions commit out of id order: live events are de-duplicated by id, not compared with a cursor. */
  private delivered: Set<string> | null = null;
  constructor(
    private readonly bus: EventBus,
    private readonly db: Db,
    private readonly userId: string,
    private readonly afterId: string,
    private readonly signal: AbortSignal | undefined,
  ) {
    bus.subscribe(userId, this);
    signal?.addEventListener('abort', this, { once: true });
  }

  push(event: AppEvent): void {
    this.queue.push(event);
    this.wake?.();
  }

  /** The signal aborted (EventTarget calls handleEvent on listener objects). */
  handleEvent(): void {
    this.wake?.();
  }

  async next(): Promise<AppEvent | null> {
    if (!this.missed) {
      const rows = await this.db
        .selectFrom('events')
        .select(['id', 'user_id', 'kind', 'payload', 'created_at'])
        .where('user_id', '=', this.userId)
        .where('id', '>', this.afterId)
        .where('kind', 'not like', `${SYSTEM_KIND_PREFIX}%`)
        .orderBy('id')
        .limit(500)
        .execute();
      this.missed = rows.map(toEvent).reverse();
    }
    const caughtUp = this.missed.pop();
    if (caughtUp) return this.remember(caughtUp);
    const catchUpFrom = BigInt(this.afterId);
    while (!this.signal?.aborted) {
      const event = this.queue.shift();
      if (!event) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      if (event.kind.startsWith(SYSTEM_KIND_PREFIX) || BigInt(event.id) <= catchUpFrom || this.delivered?.has(event.id)) continue;
      return this.remember(event);
    }
    return null;
  }

  private remember(event: AppEvent): AppEvent {
    const delivered = (this.delivered ??= new Set());
    delivered.add(event.id);
    if (delivered.size > REMEMBERED_IDS) delivered.delete(delivered.values().next().value!);
    return event;
  }

  close(): void {
    this.bus.unsubscribe(this.userId, this);
    this.signal?.removeEventListener('abort', this);
    this.wake?.();
  }
}

function toEvent(row: { id: string; user_id: string | null; kind: string; payload: unknown; created_at: Date }): AppEvent {
  return {
    id: String(row.id),
    userId: row.user_id,
    kind: row.kind,
    payload: (row.payload ?? {}) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}
