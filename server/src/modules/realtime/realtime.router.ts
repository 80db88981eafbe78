import { tracked } from '@trpc/server';
import { z } from 'zod';
import { realtimeEventSchema, type RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { trackedEvents } from '../../realtime/tracked-output.ts';
import { authedProcedure, router } from '../../trpc.ts';

export const realtimeRouter = router({
  /**
   * The signed-in user's live events. A fresh subscriber first gets a 'ready'
   * event carrying the current cursor, so a reconnect always catches up from there.
   */
  onEvent: authedProcedure
    .input(z.object({ lastEventId: z.string().regex(/^\d+$/).nullish() }).optional())
    .output(trackedEvents(realtimeEventSchema))
    .subscription(async function* ({ ctx, input, signal }) {
      let afterId = input?.lastEventId ?? null;
      if (!afterId) {
        afterId = await ctx.deps.bus.latestIdFor(ctx.user.id);
        yield tracked(afterId, { kind: 'ready', payload: {} } satisfies RealtimeEvent);
      }
      for await (const event of ctx.deps.bus.stream(ctx.user.id, afterId, signal)) {
        yield tracked(event.id, { kind: event.kind, payload: event.payload } as RealtimeEvent);
      }
    }),
});
