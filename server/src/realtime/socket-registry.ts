import type { WebSocket } from 'ws';
import type { AuthUser, SessionManager } from '../auth/sessions.ts';
import { accessRefusal } from '../auth/access.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { websocketConnections } from '../observability/metrics.ts';
import type { EventBus } from './event-bus.ts';
import { CLOSE_SOCKETS_KIND } from './event-content.ts';

/** Close code the client reads as "your session changed: reconnect with a fresh context". */
export const SESSION_CHANGED_CLOSE_CODE = 4001;

/** How often one shared sweep looks for sessions that expired under a quiet socket. */
export const EXPIRY_SWEEP_MS = 30_000;
/** A session-cache entry that would age out before the next sweep (with room for a late timer) is read again now. */
const KEEP_WARM_MS = EXPIRY_SWEEP_MS + 5_000;

interface OpenSocket {
  userId: string;
  socket: WebSocket;
  sessionId: string;
  /** The session's expiry as last validated (ms on the app's clock). */
  expiresAt: number;
  /** Roles the socket's context was built with: a change means the tab must reconnect. */
  roles: string;
}

/**
 * Open websockets by user, on this instance. A tRPC websocket keeps the context of
 * its first request, so when a session ends or a user's rights change we close the
 * user's sockets on every instance (through the event bus) and the tab reconnects.
 * No timer per socket: one sweep for expiries. (A change written straight into the
 * database closes the socket at its next event or call, which re-check the session.)
 */
export class SocketRegistry {
  private readonly byUser = new Map<string, Set<OpenSocket>>();
  private readonly bySocket = new WeakMap<WebSocket, OpenSocket>();
  private sweepTimer: NodeJS.Timeout | null = null;
  /** One 'close' listener for every socket (ws calls it with the socket as `this`): no closure per socket. */
  private readonly closeListener: (this: WebSocket) => void;

  constructor(
    private readonly bus: EventBus,
    private readonly sessions?: Pick<SessionManager, 'validateId' | 'keepWarm'>,
    private readonly clock?: Pick<Clock, 'now'>,
  ) {
    const forget = (socket: WebSocket) => this.forget(socket);
    this.closeListener = function (this: WebSocket) {
      forget(this);
    };
    bus.onSystemEvent((userId, content) => {
      if (content.kind === CLOSE_SOCKETS_KIND && userId) {
        this.closeLocal(userId, (content.payload.onlySessionId as string | undefined) ?? null);
      }
    });
  }

  add(user: Pick<AuthUser, 'id' | 'roles'>, sessionId: string, socket: WebSocket, expiresAt: Date): void {
    const entry: OpenSocket = { userId: user.id, socket, sessionId, expiresAt: expiresAt.getTime(), roles: user.roles.join(',') };
    let set = this.byUser.get(user.id);
    if (!set) this.byUser.set(user.id, (set = new Set()));
    set.add(entry);
    this.bySocket.set(socket, entry);
    websocketConnections.inc();
    this.startSweeping();
    socket.on('close', this.closeListener);
  }

  private forget(socket: WebSocket): void {
    const entry = this.bySocket.get(socket);
    if (!entry) return;
    this.bySocket.delete(socket);
    websocketConnections.dec();
    const set = this.byUser.get(entry.userId);
    set?.delete(entry);
    if (set?.size === 0) this.byUser.delete(entry.userId);
  }

  count(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  private startSweeping(): void {
    if (this.sweepTimer || !this.sessions || !this.clock) return;
    // A rejected sweep in a timer would be an unhandled rejection, which ends the process; the next sweep tries again.
    this.sweepTimer = setInterval(() => void this.sweepExpired().catch(() => {}), EXPIRY_SWEEP_MS);
    this.sweepTimer.unref();
  }

  /**
   * Sockets whose session reached its expiry: the session is checked again (it may
   * have slid forward, on another tab) and the socket closed if it ended. The others'
   * sessions are kept in the session cache (read again before their entry would age
   * out before the next sweep), so an event to a quiet socket finds its session in
   * memory rather than waiting for the database: one query per thousand sockets per
   * sweep at most, off the fan-out's path.
   */
  async sweepExpired(): Promise<void> {
    if (!this.clock || !this.sessions) return;
    const now = this.clock.now().getTime();
    const due: [string, OpenSocket][] = [];
    const warming: Promise<void>[] = [];
    for (const [userId, set] of this.byUser) {
      for (const entry of set) {
        if (entry.expiresAt <= now) due.push([userId, entry]);
        else warming.push(this.sessions.keepWarm(entry.sessionId, KEEP_WARM_MS).catch(() => {}));
      }
    }
    await Promise.all([...due.map(([userId, entry]) => this.check(userId, entry)), ...warming]);
  }

  private async check(userId: string, entry: OpenSocket): Promise<void> {
    if (!this.sessions || entry.socket.readyState !== entry.socket.OPEN) return;
    try {
      const current = await this.sessions.validateId(entry.sessionId);
      if (!current || current.user.id !== userId || accessRefusal(current.user, 'active') || current.user.roles.join(',') !== entry.roles) {
        entry.socket.close(SESSION_CHANGED_CLOSE_CODE, 'session changed');
      } else {
        entry.expiresAt = current.session.expiresAt.getTime();
      }
    } catch {
      // The database is away: the next sweep or change tries again.
    }
  }

  private closeLocal(userId: string, onlySessionId: string | null): void {
    for (const entry of this.byUser.get(userId) ?? []) {
      if (onlySessionId && entry.sessionId !== onlySessionId) continue;
      entry.socket.close(SESSION_CHANGED_CLOSE_CODE, 'session changed');
    }
  }

  /** Asks every instance to close the user's sockets (or those of one session). Call inside the transaction that made the change. */
  requestClose(db: Db, userId: string, onlySessionId?: string): Promise<void> {
    return this.bus.publish(db, { userId, kind: CLOSE_SOCKETS_KIND, payload: onlySessionId ? { onlySessionId } : {} });
  }

  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
  }
}
