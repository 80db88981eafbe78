import { tracked, type TrackedEnvelope } from '@trpc/server';
import { trackedEventId } from '@vizinhanca/shared/realtime/live-cursor';
import { realtimeEventSchema, type RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { accessRefusal } from '../auth/access.ts';
import type { ValidatedSession } from '../auth/session-cache.ts';
import type { SessionManager } from '../auth/sessions.ts';
import type { LiveConnection } from '../context.ts';
import type { EventBus } from './event-bus.ts';
import type { Follower, FollowerSink } from './follower.ts';
import { CheckedContent, type EventContent } from './event-content.ts';

/** The channel carries only what its contract declares. */
function check(content: EventContent): CheckedContent | Error {
  const checked = realtimeEventSchema.safeParse({ kind: content.kind, payload: content.payload });
  return checked.success ? new CheckedContent(checked.data) : checked.error;
}

/**
 * The contract check, once per content: once for all the events the bus read with the
 * same kind and payload text (the check reads nothing else, so its answer is the same
 * for each of them), once per event of a catch-up (each has its own content).
 */
function checkedFor(content: EventContent): CheckedContent | Error {
  return (content.checked ??= check(content));
}

/**
 * Where a stream pushes its events (the websocket handler, or an iterator): per event
 * its id and its checked content, shared with every other event of that content (no
 * object made per event).
 */
export interface LiveSink {
  data(id: string, content: CheckedContent): void;
  /** The stream ended by itself (the session changed and the socket is closing). */
  end(): void;
  error(cause: unknown): void;
}

export interface LiveEventStreamOptions {
  bus: EventBus;
  sessions: Pick<SessionManager, 'peekId' | 'validateId'>;
  userId: string;
  sessionId: string;
  /** The roles the stream was opened with (joined): a change ends it. */
  roles: string;
  /** Its socket, told to close when the session or rights change; its subscription count is given back on stop. */
  connection: LiveConnection | undefined;
  /**
   * The tab's cursor (shared/src/realtime/live-cursor.ts): the events it missed since come
   * first. Null for a fresh subscription: a 'ready' event carrying the cursor comes first.
   */
  from: string | null;
  signal: AbortSignal | undefined;
}

/** The 'ready' event's content, the same for every subscription (its id is the cursor). */
const READY = new CheckedContent({ kind: 'ready', payload: {} });
/** The event id part of the 'ready' event's tracked id: it is no event of the person's. */
const READY_EVENT_ID = '0';

/**
 * The signed-in person's live events, pushed to one sink synchronously: per event a
 * synchronous session-cache peek (the database only on a miss, later events waiting
 * in order meanwhile), the contract check and encoding shared with every other tab.
 * No generator, no promise and no closure per event or per socket. Also an
 * AsyncIterable, for tRPC's types and for callers other than the websocket handler.
 */
export class LiveEventStream implements FollowerSink, AsyncIterable<TrackedEnvelope<RealtimeEvent>> {
  private readonly follower: Follower;
  private sink: LiveSink | null = null;
  /** Events waiting for a session read (a cache miss), in order (tracked id, content...); null when none. */
  private waiting: (string | EventContent)[] | null = null;
  /** The last session found allowed: the same cached object needs no new check. */
  private allowed: ValidatedSession | null = null;
  private stopped = false;
  private readonly sessions: LiveEventStreamOptions['sessions'];
  private readonly userId: string;
  private readonly sessionId: string;
  private readonly roles: string;
  private readonly connection: LiveConnection | undefined;
  private readonly signal: AbortSignal | undefined;

  constructor(options: LiveEventStreamOptions) {
    this.sessions = options.sessions;
    this.userId = options.userId;
    this.sessionId = options.sessionId;
    this.roles = options.roles;
    this.connection = options.connection;
    this.signal = options.signal;
    // Listening from now: nothing committed after the catch-up's snapshot is missed.
    this.follower = options.bus.follow(options.userId, options.from);
    this.signal?.addEventListener('abort', this, { once: true });
  }

  /** Starts pushing to `sink`: the 'ready' event if fresh, or the catch-up, then live events. */
  start(sink: LiveSink): void {
    if (this.sink || this.stopped) throw new Error('a live event stream starts once');
    this.sink = sink;
    this.follower.start(this);
  }

  /** Stops listening (idempotent); the sink is not told. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.waiting = null;
    this.follower.close();
    this.signal?.removeEventListener('abort', this);
    if (this.connection) this.connection.subscriptions -= 1;
  }

  /** The signal aborted (EventTarget calls handleEvent on listener objects). */
  handleEvent(): void {
    const sink = this.sink;
    this.stop();
    sink?.end();
  }

  /** From the follower, in order. */
  event(eventId: string, content: EventContent, cursor: string): void {
    if (this.stopped) return;
    const id = trackedEventId(eventId, cursor);
    if (this.waiting) {
      this.waiting.push(id, content);
      return;
    }
    const current = this.sessions.peekId(this.sessionId);
    if (current) {
      this.deliver(id, content, current);
      return;
    }
    this.waiting = [id, content];
    void this.recheck();
  }

  /** From the follower, before any event: listening from this cursor, nothing replayed. */
  ready(cursor: string): void {
    if (!this.stopped) this.sink!.data(trackedEventId(READY_EVENT_ID, cursor), READY);
  }

  fail(error: unknown): void {
    if (this.stopped) return;
    const sink = this.sink!;
    this.stop();
    sink.error(error);
  }

  /**
   * The session read for the events waiting, in order. A read covers the events that
   * arrived before it started (a change committed before an event is applied before
   * it arrives); later ones use the cache if the read could store its answer, else another read.
   */
  private async recheck(): Promise<void> {
    while (this.waiting?.length) {
      const covered = this.waiting.length;
      let current: ValidatedSession | null;
      try {
        current = await this.sessions.validateId(this.sessionId);
      } catch (error) {
        this.fail(error);
        return;
      }
      if (this.stopped) return;
      const ready = this.waiting.splice(0, covered);
      for (let i = 0; i < ready.length; i += 2) if (!this.deliver(ready[i] as string, ready[i + 1] as EventContent, current)) return;
      for (let peeked = this.sessions.peekId(this.sessionId); peeked && this.waiting.length; peeked = this.sessions.peekId(this.sessionId)) {
        const [id, content] = this.waiting.splice(0, 2) as [string, EventContent];
        if (!this.deliver(id, content, peeked)) return;
      }
    }
    this.waiting = null;
  }

  /** Hands one event over if the session still allows it; false once the stream ended. */
  private deliver(id: string, content: EventContent, current: ValidatedSession | null): boolean {
    if (!current || current !== this.allowed) {
      if (!current || current.user.id !== this.userId || accessRefusal(current.user, 'active') || current.user.roles.join(',') !== this.roles) {
        // Logout, suspension or a role change: the tab reconnects with what it may have now.
        this.connection?.close();
        const sink = this.sink!;
        this.stop();
        sink.end();
        return false;
      }
      this.allowed = current;
    }
    const checked = checkedFor(content);
    if (checked instanceof Error) {
      this.fail(checked);
      return false;
    }
    this.sink!.data(id, checked);
    return !this.stopped;
  }

  [Symbol.asyncIterator](): AsyncIterator<TrackedEnvelope<RealtimeEvent>> {
    return new PulledEvents(this);
  }
}

/** A stream read with `for await` (tRPC's callers, tests): the events wait in a queue. */
class PulledEvents implements LiveSink, AsyncIterator<TrackedEnvelope<RealtimeEvent>> {
  private readonly queue: TrackedEnvelope<RealtimeEvent>[] = [];
  private failure: unknown = null;
  private ended = false;
  private wake: (() => void) | null = null;

  constructor(private readonly stream: LiveEventStream) {
    stream.start(this);
  }

  data(id: string, content: CheckedContent): void {
    this.queue.push(tracked(id, content.event));
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  error(cause: unknown): void {
    this.failure = cause;
    this.ended = true;
    this.wake?.();
  }

  async next(): Promise<IteratorResult<TrackedEnvelope<RealtimeEvent>>> {
    for (;;) {
      const value = this.queue.shift();
      if (value) return { value, done: false };
      if (this.failure) throw this.failure;
      if (this.ended) return { value: undefined, done: true };
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  async return(): Promise<IteratorResult<TrackedEnvelope<RealtimeEvent>>> {
    this.stream.stop();
    this.ended = true;
    return { value: undefined, done: true };
  }
}
