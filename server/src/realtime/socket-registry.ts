import type { WebSocket } from 'ws';
import type { SessionManager } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { websocketConnections } from '../observability/metrics.ts';
import { CLOSE_SOCKETS_KIND, type EventBus } from './event-bus.ts';

/** setTimeout's ceiling is ~24.8 days; a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Close code the client reads as "your session changed: reconnect with a fresh context". */
export const SESSION_CHANGED_CLOSE_CODE = 4001;

/**
 * Open websockets by user, on this instance. A tRPC websocket keeps the context of
 * its first request, so when a session ends or a user's rights change we close the
 * user's sockets on every instance (through the event bus) and the tab reconnects.
 */
export class SocketRegistry {
  private readonly byUser = new Map<string, Set<{ socket: WebSocket; sessionId: string }>>();

  constructor(
    private readonly bus: EventBus,
    private readonly sessions?: Pick<SessionManager, 'validateId'>,
  ) {
    bus.onAny((event) => {
      if (event.kind === CLOSE_SOCKETS_KIND && event.userId) {
        this.closeLocal(event.userId, (event.payload.onlySessionId as string | undefined) ?? null);
      }
    });
  }

  add(userId: string, sessionId: string, socket: WebSocket, expiresAt?: Date): void {
    const entry = { socket, sessionId };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(entry);
    websocketConnections.inc();
    const expiry: { timer: NodeJS.Timeout | null } = { timer: null };
    if (expiresAt) this.watchExpiry(socket, sessionId, expiresAt, expiry);
    socket.once('close', () => {
      websocketConnections.dec();
      if (expiry.timer) clearTimeout(expiry.timer);
      expiry.timer = null;
      set.delete(entry);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    });
  }

  /**
   * A session that expires while its socket is quiet: at its expiry the session is
   * checked again (it may have slid forward), and the socket closed if it ended.
   */
  private watchExpiry(socket: WebSocket, sessionId: string, expiresAt: Date, expiry: { timer: NodeJS.Timeout | null }): void {
    const sessions = this.sessions;
    if (!sessions) return;
    const delay = Math.min(Math.max(expiresAt.getTime() - Date.now(), 0) + 1000, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      sessions.validateId(sessionId).then(
        (current) => {
          if (socket.readyState !== socket.OPEN) return;
          if (!current) socket.close(SESSION_CHANGED_CLOSE_CODE, 'session ended');
          else this.watchExpiry(socket, sessionId, current.session.expiresAt, expiry);
        },
        () => {},
      );
    }, delay);
    timer.unref();
    expiry.timer = timer;
  }

  count(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  private closeLocal(userId: string, onlySessionId: string | null): void {
    for (const entry of this.byUser.get(userId) ?? []) {
      if (onlySessionId && entry.sessionId !== onlySessionId) continue;
      entry.socket.close(SESSION_CHANGED_CLOSE_CODE, 'session changed');
    }
  }

  /** Asks every instance to close the user's sockets (or those of one session). Call inside the transaction that made the change. */
  requestClose(db: Db, userId: string, onlySessionId?: string): Promise<string> {
    return this.bus.publish(db, { userId, kind: CLOSE_SOCKETS_KIND, payload: onlySessionId ? { onlySessionId } : {} });
  }
}
