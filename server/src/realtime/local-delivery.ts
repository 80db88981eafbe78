import type { Logger } from 'pino';
import { contained } from '../contained.ts';
import type { EventContent, Subscriber } from './event-content.ts';
import { HandedOver } from './handed-over.ts';
import type { Group, HandOverTarget } from './reading.ts';

/**
 * The events this instance read, handed to its local subscribers (found by user id) and system
 * hooks, each event id once: a repeat of an earlier reading (a catch-up overlapping NOTIFYs) is skipped.
 */
export class LocalDelivery implements HandOverTarget {
  /** Local subscribers by user id (a few each: an array, walked without an iterator): an event costs one map lookup, whatever the number of sockets. */
  private readonly byUser = new Map<string, Subscriber[]>();
  private readonly systemHandlers = new Set<(userId: string | null, content: EventContent) => void>();
  /** Ids handed over lately, to skip repeats. */
  private readonly handedOverIds = new HandedOver();

  constructor(private readonly logger: Logger) {}

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

  /** Whether this instance has handed this event id to its subscribers (lately: see HandedOver). */
  handedOver(id: string): boolean {
    return this.handedOverIds.has(id);
  }

  /** Whether someone on this instance listens for this person's events. */
  listensTo(userId: string): boolean {
    return this.byUser.has(userId);
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

  /** Local hook for every system event (SYSTEM_KIND_PREFIX) this instance receives. */
  onSystemEvent(handler: (userId: string | null, content: EventContent) => void): () => void {
    const safe = contained(this.logger, 'system event', handler);
    this.systemHandlers.add(safe);
    return () => this.systemHandlers.delete(safe);
  }

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
}
