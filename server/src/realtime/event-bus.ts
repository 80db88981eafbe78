import type { Logger } from 'pino';
import type { PublishedEvent } from '@vizinhanca/shared/realtime/realtime-event';
import type { Db } from '../db/database.ts';
import { contained } from '../contained.ts';
import type { EventContent, Subscriber } from './event-content.ts';
import { pruneEventsOlderThan } from './events.repository.ts';
import { type FollowedDelivery, Follower } from './follower.ts';
import { ListenConnection } from './listen-connection.ts';
import { LocalDelivery } from './local-delivery.ts';
import { EVENTS_CHANNEL, SESSIONS_CHANNEL, type ChangeChannel } from './notify-channels.ts';
import { publishEventLater, publishToEach, publishToStaff, type NewEvent } from './published-events.repository.ts';
import { PulledEvents, type AppEvent } from './pulled-events.ts';
import { TransactionReader } from './transaction-reader.ts';

/**
 * Events between server instances: rows in `events`, then a NOTIFY with the writing
 * transaction's id and the people its events are for (sent on commit, by a trigger:
 * event-announcement.ts). Every instance LISTENs (listen-connection.ts), reads the rows of the
 * transactions whose people listen on it (transaction-reader.ts) and hands them to its local
 * subscribers, found by user id, each once (local-delivery.ts); a subscriber that reconnects
 * catches up from the rows (follower.ts). The same connection carries session changes (see
 * SESSIONS_CHANNEL) and the other channels of notify-channels.ts.
 */
export class EventBus {
  private readonly sessionHandlers = new Set<(userId: string | null) => void>();
  private readonly channelHandlers = new Map<string, Set<(payload: string | null) => void>>();
  private readonly delivery: LocalDelivery;
  private readonly transactions: TransactionReader;
  private readonly connection: ListenConnection;
  /** What a follower needs of this instance: its subscribers, and whether a caught-up event may still come live. */
  private readonly followed: FollowedDelivery = {
    subscribe: (userId, subscriber) => this.delivery.subscribe(userId, subscriber),
    unsubscribe: (userId, subscriber) => this.delivery.unsubscribe(userId, subscriber),
    mayStillArrive: (id, transactionId) => !this.delivery.handedOver(id) && !this.transactions.wasSkipped(transactionId),
  };

  constructor(
    private readonly db: Db,
    connectionString: string,
    private readonly logger: Logger,
  ) {
    this.delivery = new LocalDelivery(logger);
    this.connection = new ListenConnection(connectionString, logger, {
      notification: (channel, payload) => {
        if (channel === SESSIONS_CHANNEL) this.sessionChanged(payload);
        else if (channel === EVENTS_CHANNEL) this.transactions.notified(payload);
        else for (const handler of this.channelHandlers.get(channel) ?? []) handler(payload);
      },
      listening: () => {
        // Session changes made while nobody listened were not heard: whatever was cached is suspect.
        this.sessionChanged(null);
        this.channelsChanged();
        this.logger.debug('listening for events');
        return this.transactions.catchUp();
      },
      lost: () => {
        this.sessionChanged(null);
        this.channelsChanged();
      },
    });
    this.transactions = new TransactionReader(db, () => this.connection.client, this.delivery, logger);
  }

  /** LISTEN is in place: events committed from now on reach this instance. */
  get listening(): boolean {
    return this.connection.client !== null;
  }

  async start(): Promise<void> {
    await this.transactions.start();
    await this.connection.connect();
  }

  private sessionChanged(userId: string | null): void {
    for (const handler of this.sessionHandlers) handler(userId);
  }

  /** The LISTEN connection dropped or came back: changes may have gone unheard on every channel. */
  private channelsChanged(): void {
    for (const handlers of this.channelHandlers.values()) for (const handler of handlers) handler(null);
  }

  /** Whether this instance has handed this event id to its subscribers (lately). */
  handedOver(id: string): boolean {
    return this.delivery.handedOver(id);
  }

  /** Writes the event in the caller's transaction (or alone); every instance receives it after commit. */
  publish(db: Db, event: NewEvent): Promise<void> {
    return publishEventLater(db, event);
  }

  /** The same event for each of these people, in the caller's transaction, with one statement. */
  publishToEach(db: Db, userIds: readonly string[], event: PublishedEvent): Promise<void> {
    return publishToEach(db, userIds, event);
  }

  /** The same event to every active administrator and moderator, in the caller's transaction. */
  publishToStaff(db: Db, event: PublishedEvent): Promise<void> {
    return publishToStaff(db, event);
  }

  /** Local hook for every system event (SYSTEM_KIND_PREFIX) this instance receives (used by the socket registry). */
  onSystemEvent(handler: (userId: string | null, content: EventContent) => void): () => void {
    return this.delivery.onSystemEvent(handler);
  }

  /** A person's sessions, account or roles changed on some instance (`null`: anyone's may have). */
  onSessionChange(handler: (userId: string | null) => void): () => void {
    // Called from the LISTEN connection's 'notification' event: a throw there would end the process.
    const safe = contained(this.logger, 'session change', handler);
    this.sessionHandlers.add(safe);
    return () => this.sessionHandlers.delete(safe);
  }

  /** A NOTIFY on one of CHANGE_CHANNELS (its payload), or `null` when the connection dropped or came back. */
  onChannel(channel: ChangeChannel, handler: (payload: string | null) => void): () => void {
    let handlers = this.channelHandlers.get(channel);
    if (!handlers) this.channelHandlers.set(channel, (handlers = new Set()));
    const safe = contained(this.logger, `channel ${channel}`, handler);
    handlers.add(safe);
    return () => handlers.delete(safe);
  }

  /** Local delivery of one user's events, live only (see follow for catch-up). */
  subscribe(userId: string, subscriber: Subscriber): void {
    this.delivery.subscribe(userId, subscriber);
  }

  unsubscribe(userId: string, subscriber: Subscriber): void {
    this.delivery.unsubscribe(userId, subscriber);
  }

  /**
   * The user's events the tab missed since its cursor (null: none, from now on), then live ones,
   * without gaps or repeats: the live subscription is in place before the catch-up query runs. Call `start`.
   */
  follow(userId: string, from: string | null): Follower {
    return new Follower(this.followed, this.db, userId, from);
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
  pruneOlderThan(before: Date): Promise<void> {
    return pruneEventsOlderThan(this.db, before);
  }

  stop(): Promise<void> {
    return this.connection.stop();
  }
}
