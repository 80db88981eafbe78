import { type DatabaseSession, type DatabaseUser, Lucia, TimeSpan } from 'lucia';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { AuthUser } from './auth-user.ts';
import { generateToken, sha256Hex } from './crypto.ts';
import { deleteSessions, insertSession, KyselySessionAdapter } from './sessions.repository.ts';
import { SESSION_CACHE_DEFAULTS, SessionCache, type SessionCacheOptions, type SessionChangeSource, type ValidatedSession } from './session-cache.ts';

// The only module that knows about lucia (v3 is no longer developed upstream), with the
// adapter it reads and writes sessions through (sessions.repository.ts): replacing it touches these two files alone.

// The signed-in person and session live in auth-user.ts, so the session cache needs nothing of this file.
export type { AuthSession, AuthUser } from './auth-user.ts';

export const SESSION_COOKIE_NAME = 'vz_session';
/** Sliding inactivity window: a session unused for this long ends. */
export const SESSION_IDLE_DAYS = 7;
/** Absolute lifetime: even an active session ends after this, and the user signs in again. */
export const SESSION_ABSOLUTE_DAYS = 30;

interface SessionAttributes {
  created_at: Date;
  ip: string | null;
  user_agent: string | null;
}
type UserAttributes = Omit<AuthUser, 'id'>;

declare module 'lucia' {
  interface Register {
    Lucia: Lucia<SessionAttributes, UserAttributes>;
    DatabaseSessionAttributes: SessionAttributes;
    DatabaseUserAttributes: UserAttributes;
  }
}

/** Session ids read in one query at most. */
const MAX_READ_BATCH = 1000;

type StoredSession = [DatabaseSession | null, DatabaseUser | null];

/**
 * Database lookups of sessions, gathered over one turn of the event loop and read
 * together. A transaction notifying a thousand people whose cache entries aged out
 * re-checks a thousand sessions at once: one query, not a thousand through a pool of
 * ten (which queued past the pool's timeout and failed the streams).
 */
class SessionReader {
  private pending: Map<string, { resolve: (stored: StoredSession) => void; reject: (error: unknown) => void }[]> | null = null;

  constructor(private readonly adapter: KyselySessionAdapter) {}

  read(sessionId: string): Promise<StoredSession> {
    if (!this.pending) {
      this.pending = new Map();
      setImmediate(() => void this.flush());
    }
    const waiters = this.pending.get(sessionId) ?? [];
    if (!waiters.length) this.pending.set(sessionId, waiters);
    return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
  }

  private async flush(): Promise<void> {
    const batch = this.pending!;
    this.pending = null;
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_READ_BATCH) {
      const chunk = ids.slice(start, start + MAX_READ_BATCH);
      try {
        const found = await this.adapter.getSessionsAndUsers(chunk);
        for (const id of chunk) for (const waiter of batch.get(id)!) waiter.resolve(found.get(id) ?? [null, null]);
      } catch (error) {
        for (const id of chunk) for (const waiter of batch.get(id)!) waiter.reject(error);
      }
    }
  }
}

const DAY_MS = 24 * 3600 * 1000;

/** The validated shape of what the database holds (expiresAt: after a slide, if any). */
function toValidated(stored: DatabaseSession, storedUser: DatabaseUser, expiresAt: Date, fresh: boolean): ValidatedSession {
  const { attributes } = storedUser;
  return {
    session: { id: stored.id, userId: stored.userId, expiresAt, createdAt: new Date(stored.attributes.created_at), fresh },
    user: {
      id: storedUser.id,
      email: attributes.email,
      fullName: attributes.fullName,
      approvalStatus: attributes.approvalStatus,
      isSuspended: attributes.isSuspended,
      roles: attributes.roles,
      blockedIds: attributes.blockedIds,
      blockedByIds: attributes.blockedByIds,
    },
  };
}
const IDLE_MS = SESSION_IDLE_DAYS * DAY_MS;
const ABSOLUTE_MS = SESSION_ABSOLUTE_DAYS * DAY_MS;

/**
 * A session the cache may answer for without the database: not expired, not past its
 * absolute lifetime, and not yet due for the sliding extension (which writes, so it
 * goes through the database).
 */
function answerableFromCache(cached: ValidatedSession, now: number): boolean {
  const { expiresAt, createdAt } = cached.session;
  return expiresAt.getTime() - IDLE_MS / 2 > now && now - createdAt.getTime() <= ABSOLUTE_MS;
}

export type SessionManager = ReturnType<typeof createSessionManager>;

export interface SessionManagerOptions {
  /** Expiry, sliding and the absolute lifetime are read on the app's clock. */
  clock: Pick<Clock, 'now'>;
  /** With a change source (the event bus), validated sessions are kept in memory and dropped on every change. */
  changes?: SessionChangeSource;
  cache?: SessionCacheOptions;
}

export function createSessionManager(db: Db, options: SessionManagerOptions) {
  const { clock } = options;
  const adapter = new KyselySessionAdapter(db);
  const lucia = new Lucia<SessionAttributes, UserAttributes>(adapter, {
    sessionExpiresIn: new TimeSpan(SESSION_IDLE_DAYS, 'd'),
    sessionCookie: { name: SESSION_COOKIE_NAME, expires: true, attributes: { sameSite: 'lax', path: '/' } },
    getSessionAttributes: (attributes) => attributes,
    getUserAttributes: (attributes) => attributes,
  });
  const cache = options.changes ? new SessionCache(options.changes, options.cache ?? SESSION_CACHE_DEFAULTS) : null;
  const reader = new SessionReader(adapter);

  function cookieHeader(value: string | null, secure: boolean): string {
    const cookie = value === null ? lucia.createBlankSessionCookie() : lucia.createSessionCookie(value);
    cookie.attributes.secure = secure;
    cookie.attributes.httpOnly = true;
    return cookie.serialize();
  }

  /**
   * The database's answer (lucia's rules, on the app's clock): an expired session or one
   * past its absolute lifetime is deleted; one past half its idle window slides forward.
   */
  async function readId(sessionId: string): Promise<ValidatedSession | null> {
    const version = cache?.version ?? 0;
    const [stored, storedUser] = await reader.read(sessionId);
    if (!stored || !storedUser) return null;
    const now = clock.now().getTime();
    const createdAt = new Date(stored.attributes.created_at);
    if (stored.expiresAt.getTime() <= now || now - createdAt.getTime() > ABSOLUTE_MS) {
      await adapter.deleteSession(sessionId);
      return null;
    }
    let expiresAt = stored.expiresAt;
    const fresh = expiresAt.getTime() - IDLE_MS / 2 <= now;
    if (fresh) {
      expiresAt = new Date(now + IDLE_MS);
      await adapter.updateSessionExpiration(sessionId, expiresAt);
    }
    const validated = toValidated(stored, storedUser, expiresAt, fresh);
    // A slide just wrote the row: its own NOTIFY will drop what we would store, so store nothing.
    if (cache && !fresh) cache.set(validated, version);
    return validated;
  }

  /** The session and user for a session id: from memory when this instance validated it since the last change, else the database. */
  async function validateId(sessionId: string): Promise<ValidatedSession | null> {
    const cached = cache?.get(sessionId);
    if (cached && answerableFromCache(cached, clock.now().getTime())) return cached;
    return readId(sessionId);
  }

  /**
   * The cache's answer alone, synchronously (undefined: ask validateId): the realtime
   * stream's per-event check. A fan-out peeks once per socket in one synchronous pass:
   * the clocks are read once per pass (see peekTime), not once per socket.
   */
  function peekId(sessionId: string): ValidatedSession | undefined {
    if (!cache) return undefined;
    const time = peekTime();
    const cached = cache.get(sessionId, time.machine);
    return cached && answerableFromCache(cached, time.app) ? cached : undefined;
  }

  /**
   * The app's clock and the machine's (the cache's TTL) as the peeks of one synchronous
   * pass read them: read at its first peek, forgotten when the pass ends (a microtask
   * runs after it). A pass lasts milliseconds, far below the times compared (a TTL of
   * a minute, expiries of days); revocation does not depend on it (it drops entries).
   */
  let peekClock: { app: number; machine: number } | null = null;
  const forgetPeekClock = () => {
    peekClock = null;
  };
  function peekTime(): { app: number; machine: number } {
    if (!peekClock) {
      peekClock = { app: clock.now().getTime(), machine: cache!.machineNow() };
      queueMicrotask(forgetPeekClock);
    }
    return peekClock;
  }

  /**
   * Reads a cached session again before its entry ages out of the cache (within
   * `withinMs`), so the next event to an open socket finds it in memory instead of
   * waiting for the database (SocketRegistry's sweep calls it for every open socket).
   * Only an entry the cache could answer for: nothing is deleted or slid here (an idle
   * open tab does not keep its session alive); those cases go through validateId as
   * before. Invalidation is untouched: a change arriving during the read (version) keeps
   * the answer out, as in readId. Batched with the other reads of the turn (SessionReader).
   */
  async function keepWarm(sessionId: string, withinMs: number): Promise<void> {
    if (!cache?.agingWithin(sessionId, withinMs) || !peekId(sessionId)) return;
    const version = cache.version;
    const [stored, storedUser] = await reader.read(sessionId);
    if (!stored || !storedUser) return;
    const validated = toValidated(stored, storedUser, stored.expiresAt, false);
    if (answerableFromCache(validated, clock.now().getTime())) cache.set(validated, version);
  }

  /** Sessions this instance changed itself are dropped at once, before the NOTIFY comes back. */
  const dropLocal = (userId: string) => cache?.dropUser(userId);

  return {
    /**
     * A new token for a new session, written in the caller's transaction (or on the
     * pool when there is none to join); the database keeps only its SHA-256 as the session id.
     */
    async create(trx: Db, userId: string, meta: { ip: string | null; userAgent: string | null }) {
      const token = generateToken();
      const sessionId = sha256Hex(token);
      const now = clock.now();
      await insertSession(trx, {
        id: sessionId,
        userId,
        expiresAt: new Date(now.getTime() + IDLE_MS),
        createdAt: now,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      return { token, sessionId };
    },

    /** The session and user for a cookie token, or null when missing, expired or past its absolute lifetime. */
    validate: (token: string) => validateId(sha256Hex(token)),

    validateId,

    peekId,

    keepWarm,

    /** Always the database (and refreshes the cache): for calls made over a websocket, where a change must count at once. */
    revalidateId: readId,

    /** Ends one session (logout) inside the caller's transaction. */
    async revoke(trx: Db, session: { id: string; userId: string }) {
      dropLocal(session.userId);
      await deleteSessions(trx, { sessionId: session.id });
    },

    /**
     * Ends every session of the user, or all but one (the one that changed the password),
     * inside the caller's transaction: it happens with the change (suspension, new password) or not at all.
     */
    async revokeAll(trx: Db, userId: string, exceptSessionId?: string) {
      dropLocal(userId);
      await deleteSessions(trx, { userId, exceptSessionId });
    },

    /**
     * People whose session contents (blocks, roles, account) a committed write of this
     * instance just changed: their next request here reads the database instead of an
     * entry the NOTIFY has not dropped yet (it comes back asynchronously, later under load).
     */
    forgetPeople(userIds: readonly string[]) {
      for (const userId of userIds) dropLocal(userId);
    },

    deleteExpired: () => adapter.deleteExpiredAt(clock.now()),

    /** Entries in this instance's cache (for tests and the bench). */
    cachedCount: () => cache?.size ?? 0,

    readToken: (cookieHeaderValue: string | undefined) => (cookieHeaderValue ? lucia.readSessionCookie(cookieHeaderValue) : null),
    sessionCookie: (token: string, secure: boolean) => cookieHeader(token, secure),
    blankCookie: (secure: boolean) => cookieHeader(null, secure),
  };
}
