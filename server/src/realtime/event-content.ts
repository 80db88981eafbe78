import { realtimeEventSchema, type PublishedEvent, type RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';

/** Kinds the server uses between instances; never sent to browsers. */
export const SYSTEM_KIND_PREFIX = 'system.';
export const CLOSE_SOCKETS_KIND = 'system.close-sockets';

/**
 * What an event carries besides its id and its person: its kind and payload. Shared by
 * the events of one reading with the same kind and payload text (one transaction
 * notifying many people): one object, one contract check and one encoding for all of
 * them (live-event-stream.ts). A catch-up's rows have one each.
 */
export interface EventContent {
  readonly kind: string;
  /** Frozen when shared by several events: it must not be changed through one of them. */
  readonly payload: Record<string, unknown>;
  /** A kind between instances (SYSTEM_KIND_PREFIX): never sent to browsers. */
  readonly system: boolean;
  /** Its contract check and encoding, made by the first stream that sends it (live-event-stream.ts). */
  checked?: CheckedContent | Error;
}

export function eventContent(kind: string, payload: Record<string, unknown>): EventContent {
  return { kind, payload, system: kind.startsWith(SYSTEM_KIND_PREFIX), checked: undefined };
}

/**
 * An event's payload as an `events` row stores it (JSON text), for code that writes its
 * rows within a statement of its own. Browsers receive only what the contract declares:
 * a payload that drifted from it fails here, at the source.
 */
export function eventPayloadText(event: PublishedEvent): string {
  return JSON.stringify(realtimeEventSchema.parse({ kind: event.kind, payload: event.payload }).payload);
}

/**
 * A local receiver of one user's events (an object, so an idle subscriber holds no
 * closure): per event its id and its content, no object made per event.
 */
export interface Subscriber {
  push(id: string, content: EventContent): void;
}

/**
 * An event's kind and payload as the contract let them through, with their encoding:
 * made once for all the events that share them (same kind, same payload text), so
 * identical for each of them by construction. Frozen: it may be shared by several
 * people's events.
 */
export class CheckedContent {
  /**
   * The transformer's encoding of `event` alone, as JSON text, when it needs no meta
   * (superjson: plain JSON values); null when it does (each event is then encoded whole);
   * undefined until the first socket sends it (live-socket-handler.ts).
   */
  json: string | null | undefined = undefined;
  readonly event: RealtimeEvent;
  constructor(event: RealtimeEvent) {
    this.event = deepFreeze(event);
  }
}

/** Frozen all the way down: an object shared by several people's events must not be changed through one of them. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
