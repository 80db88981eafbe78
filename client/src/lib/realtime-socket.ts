import { createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/src/router.ts';

/**
 * The websocket client and link, loaded on the first subscription (lib/trpc.ts) so
 * the first screen does not download them (docs/decisions/013-first-screen.md).
 */

/** Close code the server uses when a user's session or rights changed (server/src/realtime/socket-registry.ts). */
const SESSION_CHANGED_CLOSE_CODE = 4001;

function websocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/trpc`;
}

/**
 * The server refuses websocket upgrades without a session, so the socket opens
 * only while a subscription runs (signed-in users) and closes shortly after it ends.
 * A close (4001 when the session or the user's rights changed) reconnects and
 * resubscribes from the last event id; each reconnect refreshes the session.
 */
export function createRealtimeSocket(onSessionMayHaveChanged: () => void) {
  let hasConnectedBefore = false;
  const client = createWSClient({
    url: websocketUrl,
    lazy: { enabled: true, closeMs: 3_000 },
    retryDelayMs: (attempt) => Math.min(500 * 2 ** attempt, 15_000),
    keepAlive: { enabled: true, intervalMs: 25_000, pongTimeoutMs: 5_000 },
    onOpen: () => {
      if (hasConnectedBefore) onSessionMayHaveChanged();
      hasConnectedBefore = true;
    },
    onClose: (cause) => {
      if (cause?.code === SESSION_CHANGED_CLOSE_CODE) onSessionMayHaveChanged();
    },
  });
  return { client, link: wsLink<AppRouter>({ client, transformer: superjson }) };
}

export type RealtimeSocket = ReturnType<typeof createRealtimeSocket>;
