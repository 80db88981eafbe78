import { isTrackedEnvelope, tracked, type TrackedEnvelope } from '@trpc/server';
import { z } from 'zod';

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * `.output()` for a subscription that yields `tracked(id, data)`: each yielded
 * event is checked against `schema` as it leaves, so the channel can only carry
 * what its contract declares (tRPC validates a subscription's output per item).
 */
export function trackedEvents<T extends z.ZodType>(schema: T) {
  return z
    .custom<AsyncIterable<TrackedEnvelope<z.input<T>>>>(isAsyncIterable, { message: 'expected an event stream' })
    .transform(async function* (events): AsyncGenerator<TrackedEnvelope<z.output<T>>> {
      for await (const event of events) {
        if (!isTrackedEnvelope(event)) throw new Error('realtime events must be tracked');
        yield tracked(event[0], schema.parse(event[1]));
      }
    });
}
