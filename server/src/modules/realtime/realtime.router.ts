import { cursorOf } from '@vizinhanca/shared/realtime/live-cursor';
import { liveEventsInputSchema } from '@vizinhanca/shared/realtime/live-events.schema';
import { LiveEventStream } from '../../realtime/live-event-stream.ts';
import { AppError } from '../../errors.ts';
import { authedProcedure, router } from '../../trpc.ts';

/** Subscriptions one websocket may hold at once (the app opens one). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 5;
export const TOO_MANY_SUBSCRIPTIONS_MESSAGE = 'Muitas conexões abertas ao mesmo tempo. Recarregue a página.';

export const realtimeRouter = router({
  /**
   * The signed-in user's live events. A fresh subscriber first gets a 'ready'
   * event carrying the current cursor, so a reconnect always catches up from there
   * (`lastEventId`: the tracked id of the last event the tab has, see live-cursor.ts).
   * Each event is handed over only after the session and account are checked
   * again: a logout, suspension or role change ends the stream and closes the socket.
   * Returns a push-based stream (also an AsyncIterable) that the websocket handler
   * drives without a generator per socket: an idle socket must cost a few KiB.
   */
  onEvent: authedProcedure
    .input(liveEventsInputSchema)
    .subscription(({ ctx, input, signal }) => {
      const { connection, deps } = ctx;
      if (connection && connection.subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
        throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_SUBSCRIPTIONS_MESSAGE);
      }
      // Counted at once (starts on one socket run concurrently); the stream gives it back when it stops.
      if (connection) connection.subscriptions += 1;
      try {
        const lastEventId = input?.lastEventId;
        return new LiveEventStream({
          bus: deps.bus,
          sessions: deps.sessions,
          userId: ctx.user.id,
          sessionId: ctx.session.id,
          roles: ctx.user.roles.join(','),
          connection,
          // An older tab's bare event id says nothing of transactions: it starts afresh.
          from: lastEventId ? cursorOf(lastEventId) : null,
          signal,
        });
      } catch (error) {
        if (connection) connection.subscriptions -= 1;
        throw error;
      }
    }),
});
