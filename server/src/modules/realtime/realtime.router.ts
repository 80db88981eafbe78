import { tracked, type TrackedEnvelope } from '@trpc/server';
import { z } from 'zod';
import { realtimeEventSchema, type RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { accessRefusal } from '../../auth/access.ts';
import { AppError } from '../../errors.ts';
import { authedProcedure, router } from '../../trpc.ts';

/** Subscriptions one websocket may hold at once (the app opens one). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 5;
export const TOO_MANY_SUBSCRIPTIONS_MESSAGE = 'Muitas conexões abertas ao mesmo tempo. Recarregue a página.';

export const realtimeRouter = router({
  /**
   * The signed-in user's live events. A fresh subscriber first gets a 'ready'
   * event carrying the current cursor, so a reconnect always catches up from there.
   * Each event is handed over only after the session and account are checked
   * again: a logout, suspension or role change ends the stream and closes the socket.
   */
  onEvent: authedProcedure
    .input(z.object({ lastEventId: z.string().regex(/^\d{1,18}$/, 'Identificador de evento inválido').nullish() }).optional())
    // One generator per subscription, nothing around it: an idle socket must cost a few KiB (issue 12).
    .subscription(async function* ({ ctx, input, signal }): AsyncGenerator<TrackedEnvelope<RealtimeEvent>> {
      const { connection, deps } = ctx;
      if (connection && connection.subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
        throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_SUBSCRIPTIONS_MESSAGE);
      }
      if (connection) connection.subscriptions += 1;
      const userId = ctx.user.id;
      const sessionId = ctx.session.id;
      const rolesAtStart = ctx.user.roles.join(',');
      try {
        let afterId = input?.lastEventId ?? null;
        if (!afterId) {
          afterId = await deps.bus.latestIdFor(userId);
          yield tracked(afterId, { kind: 'ready', payload: {} } satisfies RealtimeEvent);
        }
        for await (const event of deps.bus.stream(userId, afterId, signal)) {
          // From this instance's session cache (dropped on any change, on every instance): no query per event.
          const current = await deps.sessions.validateId(sessionId);
          if (!current || accessRefusal(current.user, 'active') || current.user.roles.join(',') !== rolesAtStart) {
            connection?.close();
            return;
          }
          // The channel carries only what its contract declares: checked as each event leaves.
          yield tracked(event.id, realtimeEventSchema.parse({ kind: event.kind, payload: event.payload }));
        }
      } finally {
        if (connection) connection.subscriptions -= 1;
      }
    }),
});
