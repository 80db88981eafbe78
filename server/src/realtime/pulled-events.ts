import type { EventContent } from './event-content.ts';
import type { FollowerSink } from './follower.ts';

/** One event as a whole (the pull API, EventBus.stream): the bus hands its subscribers the id and the content only. */
export interface AppEvent {
  id: string;
  /** The cursor its tab holds once it has it (see FollowerSink). */
  cursor: string;
  userId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  content: EventContent;
}

/** A Follower read one event at a time (`next()` answers null once closed): for scripts and tests. */
export class PulledEvents implements FollowerSink {
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
