import type { AuthSession, AuthUser } from './auth-user.ts';

/** What a validated session resolves to. */
export interface ValidatedSession {
  session: AuthSession;
  user: AuthUser;
}

/**
 * Where the cache learns that sessions or people changed on any instance: the
 * event bus (a NOTIFY per changed person, written by database triggers). `null`
 * means "anything may have changed" (the listening connection dropped or came back).
 */
export interface SessionChangeSource {
  /** Changes reach this instance now; while false the cache is bypassed. */
  readonly listening: boolean;
  onSessionChange(handler: (userId: string | null) => void): () => void;
}

export interface SessionCacheOptions {
  maxEntries: number;
  /** A safety net only: invalidation is what keeps entries right. */
  ttlMs: number;
  /** Machine time for the TTL (tests pass their own). */
  monotonicNow?: () => number;
}

export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { maxEntries: 20_000, ttlMs: 60_000 };

interface Entry {
  value: ValidatedSession;
  storedAt: number;
  /** Looked up since it was stored or last spared by eviction: spared once more (see set). */
  used: boolean;
}

/**
 * Validated sessions of this instance, by session id, dropped by person when the
 * event bus says that person's sessions, account or roles changed. Bounded in size
 * (least recently used goes first, approximately: a lookup only marks its entry, so the
 * realtime stream's check per event moves nothing in the map) and in age. The TTL counts machine time
 * (performance.now), not the app's clock: it guards memory, not a business rule;
 * session expiry itself is checked against the app's clock on every hit.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** Bumped by every invalidation: a lookup that raced one does not store what it read. */
  private generation = 0;
  private readonly monotonicNow: () => number;

  constructor(
    private readonly source: SessionChangeSource,
    private readonly options: SessionCacheOptions = SESSION_CACHE_DEFAULTS,
  ) {
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
    source.onSessionChange((userId) => (userId ? this.dropUser(userId) : this.clear()));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The generation to hand back to `set` after reading the database. */
  get version(): number {
    return this.generation;
  }

  /** The machine time the TTL is read on (for callers that read it once for many lookups: `get`'s `now`). */
  machineNow(): number {
    return this.monotonicNow();
  }

  get(sessionId: string, now?: number): ValidatedSession | undefined {
    if (!this.source.listening) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if ((now ?? this.monotonicNow()) - entry.storedAt > this.options.ttlMs) {
      this.remove(sessionId, entry.value.user.id);
      return undefined;
    }
    entry.used = true;
    return entry.value;
  }

  /**
   * Whether a session's entry will be past the TTL within `withinMs` (and so should be
   * read again now, see SessionManager.keepWarm); false when it has no entry or nothing
   * is listening.
   */
  agingWithin(sessionId: string, withinMs: number): boolean {
    if (!this.source.listening) return false;
    const entry = this.entries.get(sessionId);
    return entry !== undefined && this.monotonicNow() - entry.storedAt >= this.options.ttlMs - withinMs;
  }

  /** Stores what a lookup read, unless an invalidation arrived while it was reading (or nothing is listening). */
  set(value: ValidatedSession, versionBeforeRead: number): void {
    if (!this.source.listening || versionBeforeRead !== this.generation) return;
    const { id } = value.session;
    const userId = value.user.id;
    this.entries.delete(id);
    this.entries.set(id, { value, storedAt: this.monotonicNow(), used: false });
    let ids = this.byUser.get(userId);
    if (!ids) this.byUser.set(userId, (ids = new Set()));
    ids.add(id);
    // Oldest first; one looked up since it was stored (or last spared) moves to the young end
    // instead, unmarked ("second chance"): each turn evicts or unmarks one, so it ends.
    while (this.entries.size > this.options.maxEntries) {
      const [oldestId, oldest] = this.entries.entries().next().value!;
      if (oldest.used) {
        oldest.used = false;
        this.entries.delete(oldestId);
        this.entries.set(oldestId, oldest);
      } else {
        this.remove(oldestId, oldest.value.user.id);
      }
    }
  }

  dropUser(userId: string): void {
    this.generation += 1;
    const ids = this.byUser.get(userId);
    if (!ids) return;
    this.byUser.delete(userId);
    for (const id of ids) this.entries.delete(id);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(sessionId: string, userId: string): void {
    this.entries.delete(sessionId);
    const ids = this.byUser.get(userId);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.byUser.delete(userId);
  }
}
