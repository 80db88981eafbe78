import { tracked } from '@trpc/server';
import { z } from 'zod';
import { realtimeEventSchema, type RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { trackedEvents } from '../../realtime/tracked-output.ts';
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
    .output(trackedEvents(realtimeEventSchema))
    .subscription(async function* ({ ctx, input, signal }) {
      const { connection } = ctx;
      if (connection && connection.subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
        throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_SUBSCRIPTIONS_MESSAGE);
      }
      if (connection) connection.subscriptions += 1;
      try {
        const rolesAtStart = ctx.user.roles.join(',');
        const stillEntitled = async () => {
          const current = await ctx.deps.sessions.validateId(ctx.session.id);
          const entitled = Boolean(current && !current.user.isSuspended && current.user.roles.join(',') === rolesAtStart);
          if (!entitled) connection?.close();
          return entitled;
        };
        let afterId = input?.lastEventId ?? null;
        if (!afterId) {
          afterId = await ctx.deps.bus.latestIdFor(ctx.user.id);
          yield tracked(afterId, { kind: 'ready', payload: {} } satisfies RealtimeEvent);
        }
        for await (const event of ctx.deps.bus.stream(ctx.user.id, afterId, signal)) {
          if (!(await stillEntitled())) return;
          yield tracked(event.id, { kind: event.kind, payload: event.payload } as RealtimeEvent);
        }
      } finally {
        if (connection) connection.subscriptions -= 1;
      }
    }),
});
