import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { realtimeEventSchema, type PublishedEvent } from '@vizinhanca/shared/realtime/realtime-event';
import type { Db } from '../db/database.ts';
import { contained } from '../contained.ts';
import { eventBusLag } from '../observability/metrics.ts';
import { CLOSE_SOCKETS_KIND, deepFreeze, eventContent, SYSTEM_KIND_PREFIX, type EventContent } from './event-content.ts';

/**
 * NOTIFYed by a trigger on `events` with the id of each transaction that wrote events,
 * once per transaction however many it wrote (migration 2027_01_08_0001).
 */
const EVENTS_CHANNEL = 'vizinhanca_event_transactions';
/** NOTIFYed by database triggers with a person's id when their sessions, account or roles change (migration 2026_12_16_0001). */
export const SESSIONS_CHANNEL = 'vizinhanca_sessions';
/** NOTIFYed by database triggers when what the public feed shows may have changed ('listings' or 'orders'; migration 2026_12_24_0001). */
export const FEED_CHANNEL = 'vizinhanca_feed';
/** Channels of changes heard on the same connection besides events and sessions (see onChannel). */
const CHANGE_CHANNELS = [FEED_CHANNEL];

/** Transactions read in one query at most (a bigger burst takes several). */
const MAX_BATCH = 1000;
/** Notified transaction ids the bus remembers, so that a catch-up does not read them again (see catchUp). */
const REMEMBERED_TRANSACTIONS = 4096;
/**
 * Event ids the bus remembers having handed over, to skip repeats (its own catch-up
 * after a dropped LISTEN overlapping NOTIFYs): bounded per instance, not per subscriber
 * (see HandedOver).
 */
const REMEMBERED_IDS = 20_000;
/** A group of at least this many events is remembered as one block (its id range), not id by id. */
const BLOCK_MIN = 64;

/** One event as a whole (the pull API, `stream`): the bus hands its subscribers the id and the content only. */
export interface AppEvent {
  id: string;
  /** The cursor its tab holds once it has it (see FollowerSink). */
  cursor: string;
  userId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  content: EventContent;
}

/**
 * A local receiver of one user's events (an object, so an idle subscriber holds no
 * closure): per event its id and its content, no object made per event.
 */
export interface Subscriber {
  push(id: string, content: EventContent): void;
}

/**
 * Events between server instances: rows in `events`, then one NOTIFY with the writing
 * transaction's id (sent on commit, by a trigger). Every instance LISTENs, reads the
 * transaction's rows and hands them to its local subscribers, found by user id; a
 * subscriber that reconnects catches up from the rows. The same connection carries
 * session changes (see SESSIONS_CHANNEL).
 */
export class EventBus {
  /** Local subscribers by user id (a few each: an array, walked without an iterator): an event costs one map lookup, whatever the number of sockets. */
  private readonly byUser = new Map<string, Subscriber[]>();
  private readonly systemHandlers = new Set<(userId: string | null, content: EventContent) => void>();
  private readonly sessionHandlers = new Set<(userId: string | null) => void>();
  private readonly channelHandlers = new Map<string, Set<(payload: string | null) => void>>();
  private listener: pg.Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /**
   * Every transaction below this id (xid8, decimal) had ended and been announced to this
   * bus: the snapshot xmin of the reading before its last one on the LISTEN connection (see
   * readAndHandOver). A catch-up reads the transactions from here on that it was not told of.
   */
  private announcedBelow = '0';
  /** The snapshot xmin of the last reading on the LISTEN connection: announcedBelow after the next one. */
  private lastReadingXmin = '0';
  /** Transaction ids lately announced by NOTIFY, skipped by a catch-up. */
  private readonly announced = new RecentStrings(REMEMBERED_TRANSACTIONS);
  /** Notified transaction ids not read yet, in arrival (commit) order. */
  private pending: string[] = [];
  private draining = false;
  /** Deliveries run one at a time, in arrival order (see enqueue). */
  private deliveries: Promise<void> = Promise.resolve();
  /** Ids handed over lately, to skip repeats. */
  private readonly handedOverIds = new HandedOver();

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
    // Events committed from here on come from transactions at or above this snapshot's xmin.
    const row = await sql<{ xmin: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`.execute(this.db);
    this.announcedBelow = this.lastReadingXmin = row.rows[0]!.xmin;
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
      else if (message.channel === EVENTS_CHANNEL) this.notified(message.payload);
      else for (const handler of this.channelHandlers.get(message.channel) ?? []) handler(message.payload);
    });
    try {
      await client.connect();
      await client.query([EVENTS_CHANNEL, SESSIONS_CHANNEL, ...CHANGE_CHANNELS].map((channel) => `LISTEN ${channel}`).join('; '));
      this.listener = client;
      // Session changes made while nobody listened were not heard: whatever was cached is suspect.
      this.sessionChanged(null);
      this.channelsChanged();
      this.logger.debug('listening for events');
      // After LISTEN: a transaction committing from now on is announced, one committed before is read here.
      await this.enqueue(() => this.catchUp());
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'could not listen for events; retrying');
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: pg.Client): void {
    if (this.stopped || this.reconnectTimer || (this.listener && this.listener !== client)) return;
    this.listener = null;
    this.sessionChanged(null);
    this.channelsChanged();
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

  /** The LISTEN connection dropped or came back: changes may have gone unheard on every channel. */
  private channelsChanged(): void {
    for (const handlers of this.channelHandlers.values()) for (const handler of handlers) handler(null);
  }

  /**
   * One NOTIFY per committed transaction (however many events it wrote); under load
   * many in one burst: transaction ids pile up and are read together, one query per
   * batch, as soon as the burst has been parsed (setImmediate runs after the socket's
   * data was handled).
   */
  private notified(transactionId: string): void {
    this.announced.add(transactionId);
    this.pending.push(transactionId);
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => void this.enqueue(() => this.drain()));
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length) {
        await this.deliverTransactions(this.pending.splice(0, MAX_BATCH));
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

  /**
   * At start and after a dropped LISTEN connection: deliver what was committed while nobody
   * listened, by transaction. Not by event id: ids come from a sequence when a transaction
   * writes, not when it commits, so one that took a lower id and committed during the outage
   * was missed by reading the ids above the last one seen. Every transaction that committed
   * unannounced is at or above `announcedBelow` (the ones below had ended and been announced
   * before the last reading's answer); those announced lately are skipped, and the bus skips
   * repeats of the rest. In commit order as far as the ids tell (by each one's first id).
   */
  private async catchUp(): Promise<void> {
    const { rows } = await sql<{ xact_id: string }>`
      SELECT xact_id::text AS xact_id FROM events
       WHERE xact_id >= ${this.announcedBelow}::xid8 AND NOT (xact_id = ANY(${this.announced.values()}::xid8[]))
       GROUP BY xact_id
       ORDER BY min(id)`.execute(this.db);
    const missed = rows.map((row) => row.xact_id);
    for (let i = 0; i < missed.length; i += MAX_BATCH) await this.deliverTransactions(missed.slice(i, i + MAX_BATCH));
  }

  /**
   * Reads the events of the notified transactions in one query and hands them over
   * transaction by transaction in NOTIFY (commit) order, each transaction's in the
   * order it wrote them (by id; ids come from a sequence, so within one transaction
   * they follow its inserts, while across transactions they do not follow commits).
   */
  private deliverTransactions(transactionIds: string[]): Promise<void> {
    return this.readAndHandOver(sql<boolean>`xact_id = any(${transactionIds}::xid8[])`, sql<number>`array_position(${transactionIds}::xid8[], xact_id)`);
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

  /** Reads these events again, as one part handed over by id (the tests' re-read overlapping NOTIFYs). */
  private deliver(ids: string[]): Promise<void> {
    return this.readAndHandOver(sql<boolean>`id = any(${ids}::bigint[])`, sql<number>`0`);
  }

  /**
   * One read of the events matching `condition`, grouped by content: one row per part
   * (`part`: a transaction's place in commit order; one part for a catch-up) and per
   * kind, payload and created_at, with the ids and people of its events as lists in id
   * order. A transaction notifying thousands of people with one content is one row: its
   * payload sent and parsed once, not thousands of rows. Each part is handed over as soon
   * as its rows are in, its events by id whatever their contents (see Part). On the
   * LISTEN connection (no wait for the pool, a statement prepared once). A missing row
   * (pruned meanwhile) is simply not there.
   */
  private async readAndHandOver(condition: RawBuilder<boolean>, part: RawBuilder<number>): Promise<void> {
    const query = sql<BusGroup>`
      SELECT ${part} AS part, kind, payload::text AS payload_text,
             (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
             string_agg(id::text, ',' ORDER BY id) AS ids,
             string_agg(coalesce(user_id::text, ''), ',' ORDER BY id) AS user_ids,
             min(id) AS first_id,
             (SELECT pg_snapshot_xmin(pg_current_snapshot()))::text AS xmin
        FROM events
       WHERE ${condition}
       GROUP BY 1, kind, payload, created_at
       ORDER BY 1, first_id`.compile(this.db);
    const reading = new Reading(this);
    const client = this.listener;
    try {
      if (!client) {
        // Between a dropped connection and its return: announced transactions (the catch-up skips them).
        const { rows } = await this.db.executeQuery<BusGroup>(query);
        for (const row of rows) reading.group(row);
        reading.end();
        return;
      }
      let xmin: string | null = null;
      await new Promise<void>((resolve, reject) => {
        const streamed = new pg.Query({ name: statementName(query.sql), text: query.sql, values: [...query.parameters] });
        streamed.on('row', (row: BusGroup) => {
          xmin ??= row.xmin;
          // Inside pg's parsing of the connection's data: a throw must not reach it.
          try {
            reading.group(row);
          } catch (error) {
            this.logger.error({ err: error }, 'could not hand an event over');
          }
        });
        streamed.on('end', () => {
          try {
            reading.end();
          } catch (error) {
            this.logger.error({ err: error }, 'could not hand an event over');
          }
          resolve();
        });
        streamed.on('error', reject);
        client.query(streamed);
      });
      if (xmin !== null && this.listener === client) this.readingEnded(xmin);
    } catch (error) {
      this.logger.error({ err: error }, 'could not read events');
    }
  }

  /**
   * A reading on the LISTEN connection has its whole answer: Postgres sends the NOTIFYs of the
   * transactions that committed before a statement's snapshot ahead of the statement's end, so
   * every transaction below its snapshot's xmin has been announced. Taken one reading late, in
   * case a committing transaction signals the listener a moment after it stopped running.
   */
  private readingEnded(xmin: string): void {
    if (!isLaterId(xmin, this.lastReadingXmin)) return;
    this.announcedBelow = this.lastReadingXmin;
    this.lastReadingXmin = xmin;
  }

  /** One event read by the bus (from its Reading): to every local subscriber, once (a repeat of an earlier reading is skipped). */
  handOver(id: string, userId: string, content: EventContent): void {
    if (this.handedOverIds.has(id)) return;
    this.handedOverIds.add(id);
    this.emit(id, userId, content);
  }

  /**
   * A group's events (one content, ids ascending) to every local subscriber, each once:
   * the repeats of earlier readings are looked for by range, and the group is remembered
   * as one block when big (see HandedOver), not id by id.
   */
  handOverGroup(group: Group): void {
    const { ids, userIds, content } = group;
    const repeats = this.handedOverIds.repeatsIn(ids);
    this.handedOverIds.addSorted(ids);
    for (let i = 0; i < ids.length; i++) if (!repeats?.has(i)) this.emit(ids[i]!, userIds[i]!, content);
  }

  /** Whether this instance has handed this event id to its subscribers (lately: see REMEMBERED_IDS). */
  handedOver(id: string): boolean {
    return this.handedOverIds.has(id);
  }

  /** `userId` '' : an event for nobody in particular (only system hooks see it). */
  private emit(id: string, userId: string, content: EventContent): void {
    if (content.system) for (const handler of this.systemHandlers) handler(userId || null, content);
    if (!userId) return;
    const subscribers = this.byUser.get(userId);
    if (!subscribers) return;
    for (let i = 0; i < subscribers.length; i++) {
      // One failing subscriber must not cost the others the event, nor reach pg's parsing of the answer.
      try {
        subscribers[i]!.push(id, content);
      } catch (error) {
        this.logger.error({ err: error }, 'an event subscriber failed');
      }
    }
  }

  /** Writes the event in the caller's transaction (or alone); every instance receives it after commit. */
  publish(db: Db, event: NewEvent): Promise<string> {
    return publishEvent(db, event);
  }

  /** The same event for each of these people, in the caller's transaction, with one statement. */
  publishToEach(db: Db, userIds: readonly string[], event: PublishedEvent): Promise<void> {
    return publishToEach(db, userIds, event);
  }

  /** The same event to every active administrator and moderator, in the caller's transaction. */
  publishToStaff(db: Db, event: PublishedEvent): Promise<number> {
    return publishToStaff(db, event);
  }

  /** Local hook for every system event (SYSTEM_KIND_PREFIX) this instance receives (used by the socket registry). */
  onSystemEvent(handler: (userId: string | null, content: EventContent) => void): () => void {
    const safe = contained(this.logger, 'system event', handler);
    this.systemHandlers.add(safe);
    return () => this.systemHandlers.delete(safe);
  }

  /** A person's sessions, account or roles changed on some instance (`null`: anyone's may have). */
  onSessionChange(handler: (userId: string | null) => void): () => void {
    // Called from the LISTEN connection's 'notification' event: a throw there would end the process.
    const safe = contained(this.logger, 'session change', handler);
    this.sessionHandlers.add(safe);
    return () => this.sessionHandlers.delete(safe);
  }

  /** A NOTIFY on one of CHANGE_CHANNELS (its payload), or `null` when the connection dropped or came back. */
  onChannel(channel: (typeof CHANGE_CHANNELS)[number], handler: (payload: string | null) => void): () => void {
    let handlers = this.channelHandlers.get(channel);
    if (!handlers) this.channelHandlers.set(channel, (handlers = new Set()));
    const safe = contained(this.logger, `channel ${channel}`, handler);
    handlers.add(safe);
    return () => handlers.delete(safe);
  }

  /** Local delivery of one user's events, live only (see follow for catch-up). */
  subscribe(userId: string, subscriber: Subscriber): void {
    const subscribers = this.byUser.get(userId);
    if (!subscribers) this.byUser.set(userId, [subscriber]);
    else if (!subscribers.includes(subscriber)) subscribers.push(subscriber);
  }

  unsubscribe(userId: string, subscriber: Subscriber): void {
    const subscribers = this.byUser.get(userId);
    const index = subscribers ? subscribers.indexOf(subscriber) : -1;
    if (index < 0) return;
    if (subscribers!.length === 1) this.byUser.delete(userId);
    else subscribers!.splice(index, 1);
  }

  /**
   * The user's events the tab missed since its cursor (null: none, from now on), then live ones,
   * without gaps or repeats: the live subscription is in place before the catch-up query runs. Call `start`.
   */
  follow(userId: string, from: string | null): Follower {
    return new Follower(this, this.db, userId, from);
  }

  /** `follow` as an async generator, until the signal aborts. */
  async *stream(userId: string, from: string | null, signal: AbortSignal | undefined): AsyncGenerator<AppEvent> {
    const follower = this.follow(userId, from);
    const pulled = new PulledEvents(userId);
    const end = () => pulled.end();
    if (signal?.aborted) end();
    signal?.addEventListener('abort', end, { once: true });
    try {
      follower.start(pulled);
      for (let event = await pulled.next(); event; event = await pulled.next()) yield event;
    } finally {
      signal?.removeEventListener('abort', end);
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
 * not suspended), in the caller's transaction: a row each (the trigger on `events` NOTIFYs on commit).
 */
export async function publishToStaff(db: Db, event: PublishedEvent): Promise<number> {
  const rows = await sql<{ id: string }>`
    INSERT INTO events (user_id, kind, payload)
    SELECT DISTINCT r.user_id, ${event.kind}, ${eventPayloadText(event)}::jsonb
      FROM user_roles r JOIN users u ON u.id = r.user_id
     WHERE r.role IN ('admin', 'moderator') AND u.approval_status = 'approved' AND NOT u.is_suspended
    RETURNING id`.execute(db);
  return rows.rows.length;
}

/**
 * Writes an event row; the trigger on `events` NOTIFYs its transaction on commit.
 * Usable without a bus (maintainer scripts reach running servers too).
 */
export async function publishEvent(db: Db, event: NewEvent): Promise<string> {
  const payload = event.kind === CLOSE_SOCKETS_KIND ? JSON.stringify(event.payload) : eventPayloadText(event);
  const row = await db.insertInto('events').values({ user_id: event.userId, kind: event.kind, payload }).returning('id').executeTakeFirstOrThrow();
  return row.id;
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

/**
 * An event's payload as an `events` row stores it (JSON text), for code that writes its
 * rows within a statement of its own. Browsers receive only what the contract declares:
 * a payload that drifted from it fails here, at the source.
 */
export function eventPayloadText(event: PublishedEvent): string {
  return JSON.stringify(realtimeEventSchema.parse({ kind: event.kind, payload: event.payload }).payload);
}

/** Where a Follower hands its events: in order, catch-up first. */
export interface FollowerSink {
  /** An event, and the cursor its tab holds once it has it (a snapshot's text: shared/src/realtime/live-cursor.ts). */
  event(id: string, content: EventContent, cursor: string): void;
  /**
   * Listening from this cursor on, with nothing replayed: a follower from now on, or one whose
   * missed events were too many to replay. What the tab read before may predate the cursor: it reads again.
   */
  ready(cursor: string): void;
  /** The catch-up could not be read: the stream ends. */
  fail(error: unknown): void;
}

/** `a` is a later id than `b` (ids are decimal strings of a bigint sequence; compared without allocating). */
export function isLaterId(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

/** Missed events a resumed follower replays at most; past that, its tab is told to read its screen again. */
const CATCH_UP_LIMIT = 500;

/**
 * One subscriber's view of its user's events: the ones its tab missed first, then live ones as
 * they arrive, pushed to a sink synchronously (no generator, no promise per event). The cursor
 * is a snapshot: the tab has every event of the transactions visible in it, and the catch-up
 * reads the person's events of the transactions that are not (by transaction, not by id: ids
 * come from a sequence at write time, so a lower id may commit after a higher one was seen).
 * It listens from construction, before the catch-up's snapshot is taken, so every transaction
 * committing after that snapshot is handed over live; events arriving during the query wait in
 * a queue. Repeats: the bus hands each id over once; a catch-up row may still arrive live (its
 * NOTIFY read after the query), so the ids the catch-up handed over and the bus has not are
 * remembered until they show up. Once live, a follower keeps nothing per event.
 */
export class Follower implements Subscriber {
  /** Live events held while the catch-up is read (id, content, id, content...); null once live. */
  private queue: (string | EventContent)[] | null = [];
  /** Catch-up ids still expected live (skipped when they come); null when none. */
  private expected: Set<string> | null = null;
  /** The cursor of live events: the catch-up's snapshot. */
  private cursor = '';
  private sink: FollowerSink | null = null;
  private closed = false;
  /** `from`: the tab's cursor; null for a follower from now on (it replays nothing). */
  constructor(
    private readonly bus: EventBus,
    private readonly db: Db,
    private readonly userId: string,
    private readonly from: string | null,
  ) {
    bus.subscribe(userId, this);
  }

  /** Reads the catch-up, hands it to `sink`, then forwards live events as they arrive. */
  start(sink: FollowerSink): void {
    this.sink = sink;
    void this.catchUp();
  }

  push(id: string, content: EventContent): void {
    if (this.queue) this.queue.push(id, content);
    else this.forward(id, content);
  }

  private forward(id: string, content: EventContent): void {
    if (this.closed || content.system) return;
    if (this.expected?.delete(id)) {
      if (this.expected.size === 0) this.expected = null;
      return;
    }
    this.sink!.event(id, content, this.cursor);
  }

  private async catchUp(): Promise<void> {
    let missed: MissedEvents;
    try {
      missed = await readMissedEvents(this.db, this.userId, this.from);
    } catch (error) {
      if (!this.closed) this.sink!.fail(error);
      return;
    }
    if (this.closed) return;
    const queued = this.queue!;
    this.queue = null;
    this.cursor = missed.snapshot;
    const replays = this.from !== null && missed.rows.length <= CATCH_UP_LIMIT;
    if (!replays) this.sink!.ready(missed.snapshot);
    if (this.closed) return;
    const replayed = replays ? missed.rows : [];
    const caughtUp = new Set<string>();
    for (let i = 0; i < replayed.length; i++) {
      const row = replayed[i]!;
      const id = String(row.id);
      caughtUp.add(id);
      // The snapshot holds once the last one is in: a tab gone before it resumes from its old cursor.
      const cursor = i === replayed.length - 1 ? missed.snapshot : this.from!;
      this.sink!.event(id, eventContent(row.kind, (row.payload ?? {}) as Record<string, unknown>), cursor);
      if (this.closed) return;
    }
    const seenLive = new Set<string>();
    for (let i = 0; i < queued.length; i += 2) seenLive.add(queued[i] as string);
    // Not handed over by the bus yet: its NOTIFY is still on the way.
    for (const id of caughtUp) if (!seenLive.has(id) && !this.bus.handedOver(id)) (this.expected ??= new Set()).add(id);
    for (let i = 0; i < queued.length; i += 2) {
      const id = queued[i] as string;
      if (!caughtUp.has(id)) this.forward(id, queued[i + 1] as EventContent);
      if (this.closed) return;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue = null;
    this.expected = null;
    this.bus.unsubscribe(this.userId, this);
  }
}

/** A snapshot, and the person's events of the transactions not visible in the tab's cursor (one more than replayed, to know when there are too many). */
interface MissedEvents {
  snapshot: string;
  rows: { id: string; kind: string; payload: unknown }[];
}

/**
 * One statement: its snapshot (pg_current_snapshot() is the statement's own), and with a cursor
 * the person's events that committed after it, in id order. A transaction not visible in the
 * cursor is at or above its xmin, which lets the index on xact_id narrow the search.
 */
async function readMissedEvents(db: Db, userId: string, from: string | null): Promise<MissedEvents> {
  if (from === null) {
    const { rows } = await sql<{ snapshot: string }>`SELECT pg_current_snapshot()::text AS snapshot`.execute(db);
    return { snapshot: rows[0]!.snapshot, rows: [] };
  }
  const { rows } = await sql<{ snapshot: string; id: string | null; kind: string; payload: unknown }>`
    SELECT reading.snapshot::text AS snapshot, missed.id, missed.kind, missed.payload
      FROM (SELECT pg_current_snapshot() AS snapshot) reading
      LEFT JOIN LATERAL (
        SELECT id, kind, payload FROM events
         WHERE user_id = ${userId}
           AND xact_id >= pg_snapshot_xmin(${from}::pg_snapshot)
           AND NOT pg_visible_in_snapshot(xact_id, ${from}::pg_snapshot)
           AND kind NOT LIKE ${`${SYSTEM_KIND_PREFIX}%`}
         ORDER BY id
         LIMIT ${CATCH_UP_LIMIT + 1}) missed ON true
     ORDER BY missed.id`.execute(db);
  return {
    snapshot: rows[0]!.snapshot,
    rows: rows.filter((row) => row.id !== null).map((row) => ({ id: String(row.id), kind: row.kind, payload: row.payload })),
  };
}

/** A Follower read one event at a time (`next()` answers null once closed): for scripts and tests. */
class PulledEvents implements FollowerSink {
  private readonly arrived: AppEvent[] = [];
  private failure: unknown = null;
  private wake: (() => void) | null = null;
  private ended = false;
  constructor(private readonly userId: string) {}

  event(id: string, content: EventContent, cursor: string): void {
    this.arrived.push({ id, cursor, userId: this.userId, kind: content.kind, payload: content.payload, content });
    this.wake?.();
  }

  ready(): void {}

  fail(error: unknown): void {
    this.failure = error;
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async next(): Promise<AppEvent | null> {
    for (;;) {
      if (this.failure) throw this.failure;
      const event = this.arrived.shift();
      if (event) return event;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

/**
 * A row of the bus's reading (see readAndHandOver): the events of one part (a
 * transaction) with the same kind, payload and created_at; their ids and people
 * comma-separated in id order (an empty person: no user).
 */
type BusGroup = { part: number; kind: string; payload_text: string | null; created_ms: number; ids: string; user_ids: string; first_id: string; xmin: string };

/** A BusGroup as the bus hands it over: what its events share, and their ids and people in id order. */
export interface Group {
  content: EventContent;
  /** Ascending. */
  ids: string[];
  /** '' when an event has no person. */
  userIds: string[];
}

/**
 * One read of the bus, group by group. Groups with the same kind and payload text share
 * one EventContent (its payload frozen): a transaction notifying thousands of people
 * has its payload parsed, checked and encoded once. The groups of one part (a
 * transaction) are handed over together, by id.
 */
class Reading {
  /** kind -> payload text -> what its events share */
  private readonly contents = new Map<string, Map<string | null, EventContent>>();
  private part: number | null = null;
  private groups: Group[] = [];
  constructor(private readonly bus: EventBus) {}

  group(row: BusGroup): void {
    if (row.part !== this.part) {
      this.end();
      this.part = row.part;
    }
    let ofKind = this.contents.get(row.kind);
    if (!ofKind) this.contents.set(row.kind, (ofKind = new Map()));
    let content = ofKind.get(row.payload_text);
    if (!content) ofKind.set(row.payload_text, (content = eventContent(row.kind, deepFreeze(parsePayload(row.payload_text)))));
    // created_at is the publishing transaction's start: an upper bound of commit-to-delivery.
    // Its events have the same lag by construction: one observation for the group.
    eventBusLag.observe(Math.max(0, Date.now() - row.created_ms) / 1000);
    this.groups.push({ content, ids: row.ids.split(','), userIds: row.user_ids.split(',') });
  }

  /** Hands the part read so far over (called when the next part starts and at the end). */
  end(): void {
    const groups = this.groups;
    if (!groups.length) return;
    this.groups = [];
    handOverById(this.bus, groups);
  }
}

/**
 * The events of several groups (sorted by their first id), handed over in id order:
 * each person's events in the order they were written, whatever their contents. Groups
 * whose ids do not interleave (one content per transaction, or contents written one
 * after the other) go group by group; interleaved ones are merged.
 */
export function handOverById(bus: Pick<EventBus, 'handOver' | 'handOverGroup'>, groups: Group[]): void {
  let interleaved = false;
  for (let g = 1; g < groups.length && !interleaved; g++) {
    const previous = groups[g - 1]!.ids;
    interleaved = !isLaterId(groups[g]!.ids[0]!, previous[previous.length - 1]!);
  }
  if (!interleaved) {
    for (const group of groups) bus.handOverGroup(group);
    return;
  }
  const order: [Group, number][] = [];
  for (const group of groups) for (let i = 0; i < group.ids.length; i++) order.push([group, i]);
  order.sort(([a, i], [b, j]) => (isLaterId(a.ids[i]!, b.ids[j]!) ? 1 : -1));
  for (const [group, i] of order) bus.handOver(group.ids[i]!, group.userIds[i]!, group.content);
}

/**
 * The ids the bus handed over lately, to skip repeats (a catch-up after a dropped LISTEN
 * overlapping NOTIFYs, in either order). Small groups id by id (RecentStrings); a big
 * group (one transaction notifying thousands) as one block: its first and last id, and
 * its ids only when they are not consecutive. Each kind holds REMEMBERED_IDS ids at
 * most (blocks: the newest one whatever its size). Asking whether any id of a new group
 * is a repeat costs a comparison per block and none per id when nothing overlaps.
 */
export class HandedOver {
  private readonly ids = new RecentStrings(REMEMBERED_IDS);
  /** The highest id ever put in `ids` (never lowered: a bound, not a member). */
  private idsMax = '0';
  /** Oldest first. */
  private readonly blocks: Block[] = [];
  private blockedIds = 0;

  has(id: string): boolean {
    if (this.ids.has(id)) return true;
    for (let b = 0; b < this.blocks.length; b++) if (this.blocks[b]!.has(id)) return true;
    return false;
  }

  add(id: string): void {
    this.ids.add(id);
    if (isLaterId(id, this.idsMax)) this.idsMax = id;
  }

  /** Remembers ids given in ascending order (a group). */
  addSorted(ids: string[]): void {
    if (ids.length < BLOCK_MIN) {
      for (let i = 0; i < ids.length; i++) this.add(ids[i]!);
      return;
    }
    this.blocks.push(new Block(ids));
    this.blockedIds += ids.length;
    while (this.blockedIds > REMEMBERED_IDS && this.blocks.length > 1) this.blockedIds -= this.blocks.shift()!.size;
  }

  /** The positions of `ids` (ascending) handed over already; null when none (the usual answer, found without a look per id). */
  repeatsIn(ids: string[]): Set<number> | null {
    let repeats: Set<number> | null = null;
    const first = ids[0]!;
    const last = ids[ids.length - 1]!;
    if (this.ids.size && !isLaterId(first, this.idsMax)) {
      for (let i = 0; i < ids.length && !isLaterId(ids[i]!, this.idsMax); i++) if (this.ids.has(ids[i]!)) (repeats ??= new Set()).add(i);
    }
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b]!;
      if (!block.overlaps(first, last)) continue;
      for (let i = 0; i < ids.length; i++) if (block.has(ids[i]!)) (repeats ??= new Set()).add(i);
    }
    return repeats;
  }
}

/**
 * The last `capacity` strings added, for membership: a Set, with a ring to forget the oldest in
 * O(1) (a Set's first entry is not, after many deletions). HandedOver's ids, the bus's announced
 * transactions.
 */
export class RecentStrings {
  private readonly set = new Set<string>();
  private readonly ring: (string | undefined)[];
  private next = 0;

  constructor(capacity: number) {
    this.ring = new Array<string | undefined>(capacity);
  }

  get size(): number {
    return this.set.size;
  }

  has(value: string): boolean {
    return this.set.has(value);
  }

  add(value: string): void {
    const oldest = this.ring[this.next];
    if (oldest !== undefined) this.set.delete(oldest);
    this.ring[this.next] = value;
    this.next = (this.next + 1) % this.ring.length;
    this.set.add(value);
  }

  values(): string[] {
    return [...this.set];
  }
}

/** A big group's ids as HandedOver keeps them: a range, with the ids themselves only when some are missing in it. */
class Block {
  readonly first: string;
  readonly last: string;
  readonly size: number;
  /** null: every id from first to last. */
  private readonly ids: string[] | null;

  constructor(ids: string[]) {
    this.first = ids[0]!;
    this.last = ids[ids.length - 1]!;
    this.size = ids.length;
    // Consecutive ids (one statement's rows, the usual case) need no list; exact as numbers below 2^53.
    const consecutive = this.last.length <= 15 && Number(this.last) - Number(this.first) + 1 === ids.length;
    this.ids = consecutive ? null : ids;
  }

  overlaps(first: string, last: string): boolean {
    return !isLaterId(first, this.last) && !isLaterId(this.first, last);
  }

  has(id: string): boolean {
    if (isLaterId(this.first, id) || isLaterId(id, this.last)) return false;
    const ids = this.ids;
    if (!ids) return true;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = ids[middle]!;
      if (at === id) return true;
      if (isLaterId(id, at)) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}

/** A name for a prepared statement, from its text (the same text, the same statement, on every connection). */
function statementName(text: string): string {
  return `vz_bus_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

function parsePayload(text: string | null): Record<string, unknown> {
  const value: unknown = text === null ? null : JSON.parse(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
