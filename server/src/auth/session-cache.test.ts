import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { SESSION_CHANGED_CLOSE_CODE, SocketRegistry } from '../realtime/socket-registry.ts';
import { SessionCache, type SessionChangeSource, type ValidatedSession } from './session-cache.ts';
import { createSessionManager, SESSION_IDLE_DAYS } from './sessions.ts';

const DAY_MS = 24 * 3600 * 1000;

function fakeSource() {
  const handlers = new Set<(userId: string | null) => void>();
  const source: SessionChangeSource & { listening: boolean; change(userId: string | null): void } = {
    listening: true,
    onSessionChange(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    change(userId) {
      for (const handler of handlers) handler(userId);
    },
  };
  return source;
}

function validated(sessionId: string, userId: string): ValidatedSession {
  const at = new Date('2026-11-23T15:00:00Z');
  return {
    session: { id: sessionId, userId, expiresAt: new Date(at.getTime() + 7 * DAY_MS), createdAt: at, fresh: false },
    user: { id: userId, email: `${userId}@teste.com`, fullName: userId, approvalStatus: 'approved', isSuspended: false, roles: [], blockedIds: [], blockedByIds: [] },
  };
}

describe('the session cache', () => {
  it('drops a person’s sessions when the bus says they changed, and everything when it lost track', () => {
    const source = fakeSource();
    const cache = new SessionCache(source, { maxEntries: 10, ttlMs: 60_000 });
    cache.set(validated('s1', 'ana'), cache.version);
    cache.set(validated('s2', 'ana'), cache.version);
    cache.set(validated('s3', 'bruno'), cache.version);
    source.change('ana');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, undefined]);
    expect(cache.get('s3')?.user.id).toBe('bruno');
    source.change(null);
    expect(cache.size).toBe(0);
  });

  it('does not store what a lookup read while an invalidation arrived', () => {
    const source = fakeSource();
    const cache = new SessionCache(source, { maxEntries: 10, ttlMs: 60_000 });
    const before = cache.version;
    source.change('ana'); // arrives while the lookup is reading the database
    cache.set(validated('s1', 'ana'), before);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('answers nothing and keeps nothing while the bus is not listening', () => {
    const source = fakeSource();
    const cache = new SessionCache(source, { maxEntries: 10, ttlMs: 60_000 });
    cache.set(validated('s1', 'ana'), cache.version);
    source.listening = false;
    expect(cache.get('s1')).toBeUndefined();
    cache.set(validated('s2', 'ana'), cache.version);
    source.listening = true;
    expect(cache.get('s2')).toBeUndefined();
  });

  it('is bounded: the least recently used goes first, and entries older than the TTL are not answered', () => {
    let now = 0;
    const cache = new SessionCache(fakeSource(), { maxEntries: 2, ttlMs: 1000, monotonicNow: () => now });
    cache.set(validated('s1', 'ana'), cache.version);
    cache.set(validated('s2', 'bruno'), cache.version);
    expect(cache.get('s1')).toBeDefined(); // s2 is now the least recently used
    cache.set(validated('s3', 'carla'), cache.version);
    expect([cache.get('s1') !== undefined, cache.get('s2') !== undefined, cache.get('s3') !== undefined]).toEqual([true, false, true]);
    now += 1001;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

describe('sessions on the app clock, through the cache', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('refuses a cached session once the fixed clock passes its expiry, with nothing written anywhere', async () => {
    const user = await app.createUser();
    const { token } = await app.deps.sessions.create(app.db, user.id, { ip: null, userAgent: null });
    expect(await app.deps.sessions.validate(token)).not.toBeNull();
    expect(app.deps.sessions.cachedCount()).toBeGreaterThan(0);
    app.clock.advance(SESSION_IDLE_DAYS * DAY_MS + 1000);
    try {
      expect(await app.deps.sessions.validate(token)).toBeNull();
    } finally {
      app.clock.advance(-(SESSION_IDLE_DAYS * DAY_MS + 1000));
    }
  });

  it('lookups that miss the cache together are read together, each with its own answer', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => app.createUser({ suspended: i === 7 })));
    const created = await Promise.all(people.map((person) => app.deps.sessions.create(app.db, person.id, { ip: null, userAgent: null })));
    // Not cached yet: every one of these goes to the database, in the same turn of the event loop.
    const answers = await Promise.all([...created.map((session) => app.deps.sessions.validate(session.token)), app.deps.sessions.validate('nao-existe'), app.deps.sessions.validate(created[3]!.token)]);
    expect(answers.slice(0, 30).map((answer) => answer?.user.id)).toEqual(people.map((person) => person.id));
    expect(answers.slice(0, 30).map((answer) => answer?.session.id)).toEqual(created.map((session) => session.sessionId));
    expect(answers[7]?.user.isSuspended).toBe(true);
    expect(answers[30]).toBeNull();
    expect(answers[31]?.session.id).toBe(created[3]!.sessionId);
  });

  it('a pass of peeks (a fan-out) reads the clocks once; the next pass reads them again and sees an expiry', async () => {
    let appReads = 0;
    let machineReads = 0;
    const clock = {
      now: () => {
        appReads += 1;
        return app.clock.now();
      },
    };
    const sessions = createSessionManager(app.db, {
      clock,
      changes: fakeSource(),
      cache: { maxEntries: 100, ttlMs: 60_000, monotonicNow: () => (machineReads += 1) },
    });
    const user = await app.createUser();
    const { sessionId } = await app.deps.sessions.create(app.db, user.id, { ip: null, userAgent: null });
    const stored = await sessions.validateId(sessionId);
    const [appBefore, machineBefore] = [appReads, machineReads];
    for (let i = 0; i < 1000; i++) expect(sessions.peekId(sessionId)).toBe(stored);
    expect([appReads - appBefore, machineReads - machineBefore]).toEqual([1, 1]);
    await Promise.resolve();
    app.clock.advance(SESSION_IDLE_DAYS * DAY_MS);
    try {
      expect(sessions.peekId(sessionId)).toBeUndefined();
      expect(appReads - appBefore).toBe(2);
    } finally {
      app.clock.advance(-SESSION_IDLE_DAYS * DAY_MS);
    }
  });

  it('slides a session used past half its idle window, on the app clock', async () => {
    const user = await app.createUser();
    const { token, sessionId } = await app.deps.sessions.create(app.db, user.id, { ip: null, userAgent: null });
    const first = await app.deps.sessions.validate(token);
    app.clock.advance(4 * DAY_MS);
    try {
      const slid = await app.deps.sessions.validate(token);
      expect(slid?.session.fresh).toBe(true);
      expect(slid!.session.expiresAt.getTime()).toBe(app.clock.now().getTime() + SESSION_IDLE_DAYS * DAY_MS);
      expect(slid!.session.expiresAt.getTime()).toBeGreaterThan(first!.session.expiresAt.getTime());
      const row = await app.db.selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
      expect(row.expires_at.getTime()).toBe(slid!.session.expiresAt.getTime());
    } finally {
      app.clock.advance(-4 * DAY_MS);
    }
  });

  it('closes a quiet socket whose session expired, at the shared sweep; one whose session slid stays open', async () => {
    const leaving = await app.createUser();
    const staying = await app.createUser();
    const fakeSocket = () => Object.assign(new EventEmitter(), { OPEN: 1, readyState: 1, closedWith: null as number | null, close(code: number) { this.closedWith = code; } });
    const sockets = [fakeSocket(), fakeSocket()];
    const sessions = await Promise.all([leaving, staying].map((user) => app.deps.sessions.create(app.db, user.id, { ip: null, userAgent: null })));
    const validated = await Promise.all(sessions.map((session) => app.deps.sessions.validate(session.token)));
    [leaving, staying].forEach((user, i) => app.deps.sockets.add({ id: user.id, roles: [] }, sessions[i]!.sessionId, sockets[i] as unknown as WebSocket, validated[i]!.session.expiresAt));

    app.clock.advance(4 * DAY_MS);
    await app.deps.sessions.validate(sessions[1]!.token); // the other tab keeps this one alive
    app.clock.advance(3 * DAY_MS + 1000);
    try {
      await app.deps.sockets.sweepExpired();
      expect(sockets.map((socket) => socket.closedWith)).toEqual([SESSION_CHANGED_CLOSE_CODE, null]);
    } finally {
      app.clock.advance(-(7 * DAY_MS + 1000));
      for (const socket of sockets) socket.emit('close');
    }
  });

  it('keeps the sessions of open sockets in the cache ahead of its TTL, without sliding them and without weakening invalidation', async () => {
    let machineNow = 0;
    const source = fakeSource();
    let reads = 0;
    const counted = app.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') reads += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    sessionReads = () => reads;
    const sessions = createSessionManager(counted, { clock: app.clock, changes: source, cache: { maxEntries: 100, ttlMs: 60_000, monotonicNow: () => machineNow } });
    const registry = new SocketRegistry(app.deps.bus, sessions, app.clock);
    const people = await Promise.all([app.createUser(), app.createUser()]);
    const created = await Promise.all(people.map((person) => app.deps.sessions.create(app.db, person.id, { ip: null, userAgent: null })));
    const validated = await Promise.all(created.map((session) => sessions.validate(session.token)));
    const fakeSocket = () => Object.assign(new EventEmitter(), { OPEN: 1, readyState: 1, close() {} });
    const sockets = [fakeSocket(), fakeSocket()];
    // Only the first person's tab is open.
    registry.add({ id: people[0]!.id, roles: [] }, created[0]!.sessionId, sockets[0] as unknown as WebSocket, validated[0]!.session.expiresAt);
    try {
      machineNow += 20_000;
      await registry.sweepExpired(); // young entries: nothing read
      expect(await countSessionReads(() => registry.sweepExpired())).toBe(0);
      machineNow += 20_000; // 40 s old: it would age out before the next sweep
      expect(await countSessionReads(() => registry.sweepExpired())).toBe(1);
      machineNow += 40_000; // 80 s after the first read, 40 s after the sweep's
      expect(sessions.peekId(created[0]!.sessionId)?.user.id).toBe(people[0]!.id);
      expect(sessions.peekId(created[1]!.sessionId)).toBeUndefined(); // no open socket: aged out

      // Invalidation still drops it at once, and a read racing an invalidation stores nothing.
      source.change(people[0]!.id);
      expect(sessions.peekId(created[0]!.sessionId)).toBeUndefined();
      await sessions.validateId(created[0]!.sessionId);
      machineNow += 40_000;
      const racing = registry.sweepExpired();
      source.change(people[0]!.id);
      await racing;
      expect(sessions.peekId(created[0]!.sessionId)).toBeUndefined();

      // A session due to slide is left to validateId: the sweep neither reads nor writes it.
      await sessions.validateId(created[0]!.sessionId);
      machineNow += 40_000;
      app.clock.advance(4 * DAY_MS);
      const before = await app.db.selectFrom('sessions').select('expires_at').where('id', '=', created[0]!.sessionId).executeTakeFirstOrThrow();
      expect(await countSessionReads(() => registry.sweepExpired())).toBe(0);
      const after = await app.db.selectFrom('sessions').select('expires_at').where('id', '=', created[0]!.sessionId).executeTakeFirstOrThrow();
      expect(after.expires_at.getTime()).toBe(before.expires_at.getTime());
    } finally {
      app.clock.advance(-4 * DAY_MS);
      registry.stop();
      for (const socket of sockets) socket.emit('close');
    }
  });

  /** Session reads (the batched SELECT of sessions with their people) while `run` runs. */
  let sessionReads = () => 0;
  async function countSessionReads(run: () => Promise<void>): Promise<number> {
    const before = sessionReads();
    await run();
    return sessionReads() - before;
  }
});
