import type { Db } from '../db/database.ts';
import { eventContent, type EventContent, type Subscriber } from './event-content.ts';
import { readMissedEvents, type MissedEvents } from './events.repository.ts';

/** What a Follower needs of this instance's delivery of events (local-delivery.ts). */
export interface FollowedDelivery {
  subscribe(userId: string, subscriber: Subscriber): void;
  unsubscribe(userId: string, subscriber: Subscriber): void;
  /**
   * Whether this event may still be handed over live: not handed over yet, and its transaction
   * not skipped by the bus (announced while nobody here listened for its people: never read).
   */
  mayStillArrive(id: string, transactionId: string): boolean;
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
    private readonly delivery: FollowedDelivery,
    private readonly db: Db,
    private readonly userId: string,
    private readonly from: string | null,
  ) {
    delivery.subscribe(userId, this);
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
      missed = await readMissedEvents(this.db, this.userId, this.from, CATCH_UP_LIMIT + 1);
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
    const caughtUp = new Map<string, string>();
    for (let i = 0; i < replayed.length; i++) {
      const row = replayed[i]!;
      const id = String(row.id);
      caughtUp.set(id, row.transactionId);
      // The snapshot holds once the last one is in: a tab gone before it resumes from its old cursor.
      const cursor = i === replayed.length - 1 ? missed.snapshot : this.from!;
      this.sink!.event(id, eventContent(row.kind, (row.payload ?? {}) as Record<string, unknown>), cursor);
      if (this.closed) return;
    }
    const seenLive = new Set<string>();
    for (let i = 0; i < queued.length; i += 2) seenLive.add(queued[i] as string);
    // Not handed over by the bus yet: its NOTIFY is still on the way.
    for (const [id, transactionId] of caughtUp) if (!seenLive.has(id) && this.delivery.mayStillArrive(id, transactionId)) (this.expected ??= new Set()).add(id);
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
    this.delivery.unsubscribe(this.userId, this);
  }
}
