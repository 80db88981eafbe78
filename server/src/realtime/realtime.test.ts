// Live events end to end: two real server instances on one database, real websockets and the real tRPC client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { sql } from 'kysely';
import superjson from 'superjson';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { createTestDatabase, eventually, insertTestUser } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { ACCOUNT_CHANGED_KIND, NOTIFICATION_CREATED_KIND } from '@vizinhanca/shared/realtime/realtime-event';
import type { AppRouter } from '../router.ts';
import { startServer, type RunningServer } from '../server.ts';
import type { ApprovalStatus, Role } from '@vizinhanca/shared/users/user.types';
import { eventIdOf } from '@vizinhanca/shared/realtime/live-cursor';
import type { RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { publishEvent, type NewEvent } from './published-events.repository.ts';
import { CLOSE_SOCKETS_KIND } from './event-content.ts';
import { SUBSCRIPTIONS_ONLY_MESSAGE } from './live-socket-handler.ts';
import { SESSION_CHANGED_CLOSE_CODE } from './socket-registry.ts';

interface Instance {
  server: RunningServer;
  /** http://127.0.0.1:PORT: also the Origin a browser on this instance sends. */
  base: string;
  wsUrl: string;
}

interface TestUser {
  id: string;
  email: string;
  password: string;
}

interface ReceivedEvent {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
}


let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let a: Instance;
let b: Instance;
const openClients: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vz-realtime-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  const instance = async (): Promise<Instance> => {
    const server = await startServer(config);
    return { server, base: `http://127.0.0.1:${server.port}`, wsUrl: `ws://127.0.0.1:${server.port}/trpc` };
  };
  a = await instance();
  b = await instance();
});

afterAll(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
  await a?.server.close();
  await b?.server.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// Each test closes what it opened, so a reconnecting client never outlives its test.
afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

const createUser = (options: { status?: ApprovalStatus; roles?: Role[]; suspended?: boolean } = {}): Promise<TestUser> => insertTestUser(a.server.deps.db, options);

/** A tRPC call over HTTP, as the browser makes it (same Origin, session cookie). */
async function post(instance: Instance, procedure: string, input: unknown, cookie?: string) {
  const response = await fetch(`${instance.base}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: instance.base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ json: input }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as unknown, setCookie: response.headers.getSetCookie() };
}

/** Logs in over HTTP and returns the `vz_session=...` cookie pair. */
async function login(instance: Instance, user: TestUser): Promise<string> {
  const response = await post(instance, 'auth.login', { email: user.email, password: user.password });
  expect(response.status).toBe(200);
  const cookie = response.setCookie.find((header) => header.startsWith('vz_session='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

/** tRPC's websocket client on `ws`, which lets us send the cookie and Origin a browser would send. */
function browserLikeWsClient(instance: Instance, cookie: string, on: { onOpen?: () => void; onClose: (code: number) => void }) {
  class BrowserLikeWebSocket extends WebSocket {
    constructor(url: string | URL) {
      super(url, { headers: { cookie, origin: instance.base } });
    }
  }
  return createWSClient({
    url: instance.wsUrl,
    WebSocket: BrowserLikeWebSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 200,
    onOpen: on.onOpen,
    onClose: (cause) => on.onClose(cause?.code ?? -1),
  });
}

/**
 * The real tRPC websocket client, as the browser uses it, subscribed to `realtime.onEvent`
 * on one instance. `ws` lets us send the cookie and Origin a browser would send.
 */
/**
 * Events made up for these tests travel as real notifications (the channel only
 * carries its contract's kinds), labelled by their title; `n` rides in the message.
 */
function testEvent(userId: string, label: `test.${string}`, n?: number): NewEvent {
  return { userId, kind: 'notification.created', payload: { id: label, title: label, message: String(n ?? ''), type: 'status_update', relatedId: null } };
}

function received(id: string, event: RealtimeEvent): ReceivedEvent {
  if (event.kind === 'notification.created' && event.payload.title.startsWith('test.')) {
    return { id, kind: event.payload.title, payload: { n: Number(event.payload.message) } };
  }
  return { id, kind: event.kind, payload: event.payload };
}

function subscribe(instance: Instance, cookie: string, input?: { lastEventId?: string }) {
  const events: ReceivedEvent[] = [];
  const errors: unknown[] = [];
  const closeCodes: number[] = [];
  let opens = 0;
  const wsClient = browserLikeWsClient(instance, cookie, {
    onOpen: () => {
      opens += 1;
    },
    onClose: (code) => closeCodes.push(code),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  const subscription = client.realtime.onEvent.subscribe(input, {
    onData: (event) => events.push(received(event.id, event.data)),
    onError: (error) => errors.push(error),
  });

  const handle = {
    events,
    errors,
    closeCodes,
    get opens() {
      return opens;
    },
    kinds: () => events.map((event) => event.kind),
    /** What the tab handles: each event id once (it drops a replay of one it has, see use-realtime-events.ts). */
    shown: () => [...new Map(events.map((event) => [eventIdOf(event.id), event.kind])).values()],
    /** The 'ready' event: the server has the subscription and its cursor. */
    ready: () =>
      eventually(() => {
        const ready = events.find((event) => event.kind === 'ready');
        if (!ready) throw new Error(`no 'ready' event yet (errors: ${errors.map(String).join(', ')})`);
        return ready;
      }),
    /** Waits until an event of this kind arrives. */
    received: (kind: string, timeoutMs = 5000) =>
      eventually(() => {
        const event = events.find((candidate) => candidate.kind === kind);
        if (!event) throw new Error(`no '${kind}' event; got [${handle.kinds().join(', ')}]`);
        return event;
      }, timeoutMs),
    async close() {
      subscription.unsubscribe();
      await wsClient.close();
    },
  };
  openClients.push(handle);
  return handle;
}

/** A raw upgrade to /trpc: resolves with the HTTP status of a refusal, or 101 when the socket opens. */
function upgradeStatus(instance: Instance, headers: Record<string, string>, pathname = '/trpc'): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${instance.server.port}${pathname}`, { headers, handshakeTimeout: 5000 });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', (error) => reject(error));
  });
}

describe('cross-instance delivery', () => {
  it('a pending resident subscribed on instance B learns of the approval made on instance A', async () => {
    const resident = await createUser({ status: 'pending' });
    const admin = await createUser({ roles: ['admin'] });
    const residentCookie = await login(b, resident);
    const adminCookie = await login(a, admin);

    const residentEvents = subscribe(b, residentCookie);
    await residentEvents.ready();
    expect(b.server.deps.sockets.count(resident.id)).toBe(1);
    expect(a.server.deps.sockets.count(resident.id)).toBe(0);

    const approval = await post(a, 'admin.approveUser', { userId: resident.id }, adminCookie);
    expect(approval.status).toBe(200);

    const changed = await residentEvents.received(ACCOUNT_CHANGED_KIND);
    expect(changed.payload).toEqual({ approvalStatus: 'approved' });
    const notification = await residentEvents.received(NOTIFICATION_CREATED_KIND);
    expect(notification.payload).toMatchObject({ type: 'account_approved', title: 'Cadastro aprovado! 🎉' });
    // In commit order, each once, with increasing cursors.
    expect(residentEvents.kinds()).toEqual(['ready', NOTIFICATION_CREATED_KIND, ACCOUNT_CHANGED_KIND]);
    expect(BigInt(eventIdOf(notification.id))).toBeLessThan(BigInt(eventIdOf(changed.id)));
    expect(residentEvents.errors).toEqual([]);
  });

  it('a user only receives their own events', async () => {
    const alice = await createUser();
    const bob = await createUser();
    const aliceEvents = subscribe(b, await login(b, alice));
    const bobEvents = subscribe(a, await login(a, bob));
    await Promise.all([aliceEvents.ready(), bobEvents.ready()]);

    await publishEvent(a.server.deps.db, testEvent(alice.id, 'test.for-alice'));
    await publishEvent(b.server.deps.db, testEvent(bob.id, 'test.for-bob'));

    await aliceEvents.received('test.for-alice');
    await bobEvents.received('test.for-bob');
    expect(aliceEvents.kinds()).toEqual(['ready', 'test.for-alice']);
    expect(bobEvents.kinds()).toEqual(['ready', 'test.for-bob']);
  });
});

describe('catch-up', () => {
  it('a subscriber that comes back with its lastEventId receives the events it missed, then live ones', async () => {
    const user = await createUser();
    const cookie = await login(b, user);

    const first = subscribe(b, cookie);
    const ready = await first.ready();
    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.seen', 0));
    const seen = await first.received('test.seen');
    await first.close();
    await eventually(() => expect(b.server.deps.sockets.count(user.id)).toBe(0));

    // While it is away: two events of its own, one of someone else's and one internal one.
    const other = await createUser();
    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.missed', 1));
    await publishEvent(a.server.deps.db, testEvent(other.id, 'test.not-mine'));
    await publishEvent(a.server.deps.db, { userId: user.id, kind: CLOSE_SOCKETS_KIND, payload: { onlySessionId: 'nenhuma' } });
    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.missed', 2));

    const again = subscribe(b, cookie, { lastEventId: seen.id });
    // The seen one may come again (its transaction committed after the cursor): the tab drops it by id.
    const missed = () => again.events.filter((event) => eventIdOf(event.id) !== eventIdOf(seen.id));
    await eventually(() => expect(missed().map((event) => event.payload.n)).toEqual([1, 2]));
    expect(missed().map((event) => event.kind)).toEqual(['test.missed', 'test.missed']); // no 'ready', nothing internal, nobody else's

    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.live', 3));
    await again.received('test.live');
    expect(missed().map((event) => event.payload.n)).toEqual([1, 2, 3]);
    expect(ready.id).toMatch(/^0@/);
  });

  it('catch-up from the cursor of the ready event includes everything published after it', async () => {
    const user = await createUser();
    const cookie = await login(a, user);
    const first = subscribe(a, cookie);
    const ready = await first.ready();
    await first.close();

    await publishEvent(b.server.deps.db, testEvent(user.id, 'test.while-away'));
    const again = subscribe(b, cookie, { lastEventId: ready.id });
    await again.received('test.while-away');
    expect(again.kinds()).toEqual(['test.while-away']);
  });
});

describe('a lower id committing after a higher one was seen', () => {
  it("reaches a tab whose socket dropped meanwhile, once the client comes back with its lastEventId; nothing it had is shown twice", async () => {
    const user = await createUser();
    const cookie = await login(b, user);
    const tab = subscribe(b, cookie);
    await tab.ready();
    // Takes its event id first and holds it; ids come from a sequence at write time.
    const late = new pg.Client({ connectionString: database.url });
    await late.connect();
    try {
      await late.query('BEGIN');
      const { payload } = testEvent(user.id, 'test.lower-id');
      await late.query(`INSERT INTO events (user_id, kind, payload) VALUES ($1, 'notification.created', $2::jsonb)`, [user.id, JSON.stringify(payload)]);
      await publishEvent(a.server.deps.db, testEvent(user.id, 'test.higher-id'));
      await tab.received('test.higher-id');

      await b.server.deps.sockets.requestClose(b.server.deps.db, user.id);
      await eventually(() => expect(tab.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE));
      await late.query('COMMIT');
      await tab.received('test.lower-id');
      await eventually(() => expect(tab.opens).toBe(2));
      await publishEvent(a.server.deps.db, testEvent(user.id, 'test.after'));
      await tab.received('test.after');
      expect(tab.shown()).toEqual(['ready', 'test.higher-id', 'test.lower-id', 'test.after']);
    } finally {
      await late.end();
    }
  });
});

describe('websocket upgrade', () => {
  it('is refused without a session cookie (401)', async () => {
    await expect(upgradeStatus(b, { origin: b.base })).resolves.toBe(401);
    await expect(upgradeStatus(b, { origin: b.base, cookie: 'vz_session=nao-existe' })).resolves.toBe(401);
  });

  it('is refused from a foreign Origin even with a valid session (403)', async () => {
    const user = await createUser();
    const cookie = await login(b, user);
    await expect(upgradeStatus(b, { origin: 'http://evil.example', cookie })).resolves.toBe(403);
    await expect(upgradeStatus(b, { origin: b.base, cookie })).resolves.toBe(101);
  });

  it('is answered 404 on any path other than /trpc, never left hanging', async () => {
    const user = await createUser();
    const cookie = await login(b, user);
    await expect(upgradeStatus(b, { origin: b.base, cookie }, '/outra-coisa')).resolves.toBe(404);
  });
});

describe('closing sockets when a session ends', () => {
  it('logout on instance A closes that user’s socket on instance B with 4001; another user’s stays open', async () => {
    const leaving = await createUser();
    const staying = await createUser();
    const leavingCookie = await login(a, leaving);
    const leavingEvents = subscribe(b, leavingCookie);
    const stayingEvents = subscribe(b, await login(b, staying));
    await Promise.all([leavingEvents.ready(), stayingEvents.ready()]);
    expect(b.server.deps.sockets.count(leaving.id)).toBe(1);

    const logout = await post(a, 'auth.logout', undefined, leavingCookie);
    expect(logout.status).toBe(200);

    await eventually(() => expect(leavingEvents.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE));
    await eventually(() => expect(b.server.deps.sockets.count(leaving.id)).toBe(0));
    // The client reconnects at once, but the ended session no longer opens a socket.
    await expect(upgradeStatus(b, { origin: b.base, cookie: leavingCookie })).resolves.toBe(401);

    await publishEvent(a.server.deps.db, testEvent(staying.id, 'test.still-here'));
    await stayingEvents.received('test.still-here');
    expect(stayingEvents.closeCodes).toEqual([]);
    expect(stayingEvents.opens).toBe(1);
    expect(b.server.deps.sockets.count(staying.id)).toBe(1);
  });

  it('logout closes only the sockets of the session that ended, not the same user’s other devices', async () => {
    const user = await createUser();
    const phoneCookie = await login(a, user);
    const laptopCookie = await login(b, user);
    const phone = subscribe(b, phoneCookie);
    const laptop = subscribe(b, laptopCookie);
    await Promise.all([phone.ready(), laptop.ready()]);
    expect(b.server.deps.sockets.count(user.id)).toBe(2);

    expect((await post(a, 'auth.logout', undefined, phoneCookie)).status).toBe(200);
    await eventually(() => expect(phone.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE));

    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.laptop'));
    await laptop.received('test.laptop');
    expect(laptop.closeCodes).toEqual([]);
  });
});

describe('who may subscribe', () => {
  it('a logged-out or suspended session cannot subscribe and receives no data', async () => {
    const loggedOut = await createUser();
    const suspended = await createUser({ suspended: true });
    const control = await createUser();
    const loggedOutCookie = await login(a, loggedOut);
    expect((await post(a, 'auth.logout', undefined, loggedOutCookie)).status).toBe(200);
    const suspendedCookie = await login(a, suspended);

    await expect(upgradeStatus(b, { origin: b.base, cookie: loggedOutCookie })).resolves.toBe(401);
    await expect(upgradeStatus(b, { origin: b.base, cookie: suspendedCookie })).resolves.toBe(403);

    const loggedOutEvents = subscribe(b, loggedOutCookie);
    const suspendedEvents = subscribe(b, suspendedCookie);
    const controlEvents = subscribe(b, await login(b, control));
    await controlEvents.ready();

    await publishEvent(a.server.deps.db, testEvent(loggedOut.id, 'test.secret'));
    await publishEvent(a.server.deps.db, testEvent(suspended.id, 'test.secret'));
    await publishEvent(a.server.deps.db, testEvent(control.id, 'test.after'));
    // Events reach instance B in order: once the control user has the last one, the others would have arrived.
    await controlEvents.received('test.after');
    expect(loggedOutEvents.events).toEqual([]);
    expect(suspendedEvents.events).toEqual([]);
    expect(loggedOutEvents.opens + suspendedEvents.opens).toBe(0);
    expect(b.server.deps.sockets.count(loggedOut.id) + b.server.deps.sockets.count(suspended.id)).toBe(0);
  });
});

describe('event listener resilience', () => {
  it('re-establishes the LISTEN connection after it is dropped, so events keep arriving', async () => {
    const user = await createUser();
    const events = subscribe(b, await login(b, user));
    await events.ready();

    const listeners = () =>
      sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE application_name = 'vizinhanca-listener' AND datname = current_database()`
        .execute(a.server.deps.db)
        .then((result) => result.rows.map((row) => row.pid));
    const before = await listeners();
    expect(before).toHaveLength(2); // one per instance

    const terminated = await sql<{ ok: boolean }>`
      SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
      WHERE application_name = 'vizinhanca-listener' AND datname = current_database()`.execute(a.server.deps.db);
    expect(terminated.rows.map((row) => row.ok)).toEqual([true, true]);

    // Published while the listeners may still be down: delivered by the catch-up after reconnecting.
    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.during-outage'));
    await events.received('test.during-outage', 10_000);

    // Both instances listen again on fresh connections; a later event arrives through NOTIFY.
    await eventually(async () => {
      const after = await listeners();
      expect(after).toHaveLength(2);
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    }, 10_000);
    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.after-outage'));
    await events.received('test.after-outage', 10_000);
    expect(events.kinds()).toEqual(['ready', 'test.during-outage', 'test.after-outage']);
    expect(events.closeCodes).toEqual([]);
  });
});

/**
 * The real tRPC client with every call over one websocket (queries and mutations too),
 * as an attacker holding a stolen session would use it.
 */
function socketClient(instance: Instance, cookie: string) {
  const closeCodes: number[] = [];
  const wsClient = browserLikeWsClient(instance, cookie, { onClose: (code) => closeCodes.push(code) });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  const handle = { client, closeCodes, close: () => wsClient.close() };
  openClients.push(handle);
  return handle;
}

/** The error code of a call that must fail, or 'ok' if it succeeded. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return (error as { data?: { code?: string } }).data?.code ?? String(error);
  }
}

/**
 * A subscription start on the socket: 'ok' once its first event arrives (then it stops),
 * the error code if one comes, 'nothing' if neither within the wait.
 */
async function startOutcome(socket: ReturnType<typeof socketClient>, waitMs = 3000): Promise<string> {
  let subscription: { unsubscribe(): void } | null = null;
  try {
    return await new Promise<string>((resolve) => {
      subscription = socket.client.realtime.onEvent.subscribe(undefined, {
        onData: () => resolve('ok'),
        onError: (error) => resolve(error.data?.code ?? error.message),
      });
      setTimeout(() => resolve('nothing'), waitMs);
    });
  } finally {
    subscription!.unsubscribe();
  }
}

describe('an open socket keeps only the rights its session has now', () => {
  it('a pending resident subscribes to learn of the approval; queries and mutations on the socket are refused in pt-BR, never answered', async () => {
    const pending = await createUser({ status: 'pending' });
    const socket = socketClient(b, await login(a, pending));
    expect(await startOutcome(socket)).toBe('ok');
    for (const call of [socket.client.notifications.list.query(), socket.client.auth.me.query(), socket.client.notifications.markAllRead.mutate()]) {
      const error = await call.then(
        () => null,
        (failure: { message: string; data?: { code?: string; reason?: string } }) => failure,
      );
      expect(error?.data?.code).toBe('METHOD_NOT_SUPPORTED');
      expect(error?.message).toBe(SUBSCRIPTIONS_ONLY_MESSAGE);
    }
  });

  it('after a suspension written anywhere, a subscription start on the socket is refused and no event reaches the subscriber', async () => {
    const user = await createUser();
    const cookie = await login(a, user);
    const events = subscribe(b, cookie);
    await events.ready();
    const socket = socketClient(b, cookie);
    expect(await startOutcome(socket)).toBe('ok');

    // Straight in the database, as another instance or a maintainer script would: no close request is sent.
    await a.server.deps.db.updateTable('users').set({ is_suspended: true }).where('id', '=', user.id).execute();
    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.after-suspension'));
    await eventually(() => expect(events.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE));
    expect(events.kinds()).toEqual(['ready']);
    // Refused by closing the socket (the tab reconnects, and the upgrade then refuses it): never data.
    expect(await startOutcome(socket)).not.toBe('ok');
    expect(socket.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE);
  });

  it('after the session is deleted, a subscription start on the socket is refused and the subscriber receives nothing', async () => {
    const user = await createUser();
    const cookie = await login(a, user);
    const events = subscribe(b, cookie);
    await events.ready();
    const socket = socketClient(b, cookie);
    expect(await startOutcome(socket)).toBe('ok');

    await a.server.deps.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.after-logout'));
    await eventually(() => expect(events.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE));
    expect(events.kinds()).toEqual(['ready']);
    expect(await startOutcome(socket)).not.toBe('ok');
    expect(socket.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE);
  });

  it('after a role is removed, the stream opened with the role ends and the tab reconnects with its new rights', async () => {
    const moderator = await createUser({ roles: ['moderator'] });
    const cookie = await login(a, moderator);
    const events = subscribe(b, cookie);
    await events.ready();

    await a.server.deps.db.deleteFrom('user_roles').where('user_id', '=', moderator.id).execute();
    await publishEvent(a.server.deps.db, testEvent(moderator.id, 'test.after-role-change'));
    // The stream opened as a moderator closes instead of delivering; the tab reconnects with its new rights.
    await eventually(() => expect(events.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE));
    expect(events.events.slice(0, 1).map((event) => event.kind)).toEqual(['ready']);
    expect(events.events.filter((event) => event.kind === 'test.after-role-change').length).toBeLessThanOrEqual(1);
    // Back with the current rights: the reconnect resumes from its last id and gets the event once.
    await events.received('test.after-role-change');
    expect(events.opens).toBeGreaterThanOrEqual(2);
  });

  it('refuses login and reset calls on the socket: they are counted one HTTP request at a time', async () => {
    const user = await createUser();
    const socket = socketClient(b, await login(a, user));
    expect(await outcome(socket.client.auth.login.mutate({ email: user.email, password: user.password }))).toBe('METHOD_NOT_SUPPORTED');
    expect(await outcome(socket.client.auth.requestPasswordReset.mutate({ email: user.email }))).toBe('METHOD_NOT_SUPPORTED');
  });

  it('refuses subscriptions over Server-Sent Events: the live stream exists only on the websocket', async () => {
    const user = await createUser();
    const cookie = await login(a, user);
    const response = await fetch(`${b.base}/trpc/realtime.onEvent?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, {
      headers: { cookie, accept: 'text/event-stream', origin: b.base },
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).not.toMatch(/event-stream/);
    expect(await response.text()).toMatch(/Método não permitido/);
  });

  it('caps the subscriptions one socket may hold', async () => {
    const user = await createUser();
    const socket = socketClient(b, await login(a, user));
    const outcomes: string[] = [];
    const subscriptions = Array.from({ length: 8 }, () =>
      socket.client.realtime.onEvent.subscribe(undefined, {
        onData: () => outcomes.push('data'),
        onError: (error) => outcomes.push(error.message),
      }),
    );
    await eventually(() => expect(outcomes.length).toBeGreaterThanOrEqual(8));
    expect(outcomes.filter((entry) => entry === 'data')).toHaveLength(5);
    expect(outcomes.filter((entry) => entry === 'Muitas conexões abertas ao mesmo tempo. Recarregue a página.')).toHaveLength(3);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });
});

describe('suspension', () => {
  it('an administrator on instance A suspends a resident: their socket on B closes, cannot come back, and receives nothing after', async () => {
    const admin = await createUser({ roles: ['admin'] });
    const resident = await createUser();
    const control = await createUser();
    const adminCookie = await login(a, admin);
    const residentCookie = await login(b, resident);
    const residentEvents = subscribe(b, residentCookie);
    const controlEvents = subscribe(b, await login(b, control));
    await Promise.all([residentEvents.ready(), controlEvents.ready()]);

    const query = encodeURIComponent(JSON.stringify({ json: { userId: resident.id } }));
    const read = await fetch(`${a.base}/trpc/admin.users.byId?input=${query}`, { headers: { cookie: adminCookie } });
    const user = superjson.deserialize<Record<string, unknown>>(((await read.json()) as { result: { data: never } }).result.data);
    const update = await fetch(`${a.base}/trpc/admin.users.update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.base, cookie: adminCookie },
      // superjson: the version the dialog read travels as a Date.
      body: superjson.stringify({
        userId: resident.id,
        expectedUpdatedAt: user.updatedAt,
        fullName: user.fullName,
        phone: user.phone,
        block: user.block,
        apartment: user.apartment,
        bio: '',
        approvalStatus: 'approved',
        isSuspended: true,
        roles: [],
        reason: 'Teste de suspensão',
      }),
    });
    expect(update.status).toBe(200);

    await eventually(() => expect(residentEvents.closeCodes).toContain(SESSION_CHANGED_CLOSE_CODE));
    await eventually(() => expect(b.server.deps.sockets.count(resident.id)).toBe(0));
    // Every session ended: the tab's reconnect is refused, so it leaves the app.
    await expect(upgradeStatus(b, { origin: b.base, cookie: residentCookie })).resolves.toBe(401);
    const countBefore = residentEvents.events.length;

    await publishEvent(a.server.deps.db, testEvent(resident.id, 'test.after-suspension'));
    await publishEvent(a.server.deps.db, testEvent(control.id, 'test.after'));
    await controlEvents.received('test.after');
    expect(residentEvents.events.slice(countBefore)).toEqual([]);
    expect(residentEvents.kinds()).not.toContain('test.after-suspension');
  });
});

/** A bare websocket speaking tRPC's wire protocol by hand, as the stock wsLink does. */
async function rawSocket(instance: Instance, cookie: string, query = '') {
  const socket = new WebSocket(`${instance.wsUrl}${query}`, { headers: { cookie, origin: instance.base } });
  const messages: string[] = [];
  let closeCode: number | null = null;
  socket.on('message', (data) => messages.push(data.toString()));
  socket.on('close', (code) => (closeCode = code));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const handle = {
    socket,
    messages,
    get closeCode() {
      return closeCode;
    },
    send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    /** Waits for the first message (parsed when JSON) that matches. */
    waitFor: <T = Record<string, unknown>>(matches: (message: T) => boolean) =>
      eventually(() => {
        for (const text of messages) {
          let message: T;
          try {
            message = JSON.parse(text) as T;
          } catch {
            message = text as T;
          }
          if (matches(message)) return message;
        }
        throw new Error(`no such message; got ${messages.join(' | ')}`);
      }),
    async close() {
      socket.terminate();
    },
  };
  openClients.push(handle);
  return handle;
}

const start = (id: number, input: unknown = {}, lastEventId?: string) => ({ id, method: 'subscription', params: { path: 'realtime.onEvent', input: { json: input }, lastEventId } });
type Wire = { id: number | null; method?: string; result?: { type: string; id?: string; data?: { json: { id: string; data: RealtimeEvent } } }; error?: { json: { message: string; data: { code: string; reason: string } } } };

describe('the wire protocol (tRPC v11 wsLink)', () => {
  it('answers PING, refuses a malformed frame, starts a batch of subscriptions, stops one on request and refuses bad input in pt-BR', async () => {
    const user = await createUser();
    const raw = await rawSocket(b, await login(b, user));

    raw.send('PING');
    await raw.waitFor<string>((message) => message === 'PONG');

    raw.send('{não é json');
    const parseError = await raw.waitFor<Wire>((message) => message.id === null && !!message.error);
    expect(parseError.error!.json).toMatchObject({ message: 'Não foi possível ler a requisição.', data: { code: 'PARSE_ERROR' } });

    raw.send([start(1), start(2)]);
    for (const id of [1, 2]) {
      await raw.waitFor<Wire>((message) => message.id === id && message.result?.type === 'started');
      const ready = await raw.waitFor<Wire>((message) => message.id === id && message.result?.type === 'data');
      // Tracked: the event id beside the data (the client's lastEventId) and inside it.
      expect(ready.result!.id).toMatch(/^0@\d+:\d+:[\d,]*$/);
      expect(ready.result!.data!.json).toEqual({ id: ready.result!.id, data: { kind: 'ready', payload: {} } });
    }

    raw.send({ id: 1, method: 'subscription.stop' });
    await raw.waitFor<Wire>((message) => message.id === 1 && message.result?.type === 'stopped');
    await publishEvent(a.server.deps.db, testEvent(user.id, 'test.after-stop'));
    await raw.waitFor<Wire>((message) => message.id === 2 && message.result?.data?.json.data.kind === 'notification.created');
    expect(raw.messages.filter((text) => text.includes('test.after-stop'))).toHaveLength(1);

    raw.send(start(3, {}, 'abc'));
    const invalid = await raw.waitFor<Wire>((message) => message.id === 3 && !!message.error);
    expect(invalid.error!.json).toMatchObject({ message: 'Identificador de evento inválido', data: { code: 'BAD_REQUEST', reason: 'INVALID_INPUT' } });

    raw.send(start(2));
    const duplicate = await raw.waitFor<Wire>((message) => message.id === 2 && !!message.error);
    expect(duplicate.error!.json.data.code).toBe('BAD_REQUEST');
  });

  it('one transaction, one content for many people and another for one: each socket gets its own event id and content, encoded as superjson encodes it', async () => {
    const people = await Promise.all([createUser(), createUser(), createUser()]);
    const sockets = await Promise.all(people.map(async (person) => rawSocket(b, await login(b, person))));
    for (const raw of sockets) {
      raw.send(start(1));
      await raw.waitFor<Wire>((message) => message.id === 1 && message.result?.data?.json.data.kind === 'ready');
    }
    const shared = { id: 'aviso-1', title: 'Aviso para todos', message: 'Mesmo texto', type: 'status_update', relatedId: null };
    const own = { id: 'aviso-2', title: 'Só para você', message: 'Outro texto', type: 'status_update', relatedId: 'x' };
    const ids = await b.server.deps.db.transaction().execute(async (trx) => {
      const rows = await sql<{ id: string; user_id: string }>`
        INSERT INTO events (user_id, kind, payload)
        VALUES (${people[0]!.id}, 'notification.created', ${JSON.stringify(shared)}::jsonb),
               (${people[1]!.id}, 'notification.created', ${JSON.stringify(shared)}::jsonb),
               (${people[2]!.id}, 'notification.created', ${JSON.stringify(own)}::jsonb)
        RETURNING id, user_id`.execute(trx);
      return new Map(rows.rows.map((row) => [row.user_id, String(row.id)]));
    });
    const expected = [shared, shared, own];
    for (const [index, raw] of sockets.entries()) {
      const message = await raw.waitFor<Wire>((candidate) => candidate.id === 1 && candidate.result?.data?.json.data.kind === 'notification.created');
      const id = message.result!.id!;
      expect(eventIdOf(id)).toBe(ids.get(people[index]!.id));
      const event = { kind: 'notification.created', payload: expected[index] };
      // Exactly what tRPC's own encoding of a tracked event gives, decoded as the client decodes it.
      expect(JSON.stringify(message.result)).toBe(JSON.stringify({ type: 'data', id, data: superjson.serialize({ id, data: event }) }));
      expect(superjson.deserialize(message.result!.data as never)).toEqual({ id, data: event });
      expect(raw.messages.filter((text) => text.includes('notification.created'))).toHaveLength(1);
    }
  });

  it('reads the connectionParams message the client announces in the URL before anything else', async () => {
    const user = await createUser();
    const cookie = await login(b, user);
    const raw = await rawSocket(b, cookie, '?connectionParams=1');
    raw.send({ method: 'connectionParams', data: { tela: 'inicio' } });
    raw.send(start(1));
    await raw.waitFor<Wire>((message) => message.id === 1 && message.result?.data?.json.data.kind === 'ready');

    const malformed = await rawSocket(b, cookie, '?connectionParams=1');
    malformed.send({ method: 'connectionParams', data: { tela: 1 } });
    const refused = await malformed.waitFor<Wire>((message) => message.id === null && !!message.error);
    expect(refused.error!.json.data.code).toBe('PARSE_ERROR');
    await eventually(() => expect(malformed.closeCode).not.toBeNull());
  });

  it('tells open sockets to reconnect when the instance shuts down', async () => {
    const server = await startServer(loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir }));
    const instance = { server, base: `http://127.0.0.1:${server.port}`, wsUrl: `ws://127.0.0.1:${server.port}/trpc` };
    const user = await createUser();
    const raw = await rawSocket(instance, await login(instance, user));
    raw.send(start(1));
    await raw.waitFor<Wire>((message) => message.id === 1 && message.result?.type === 'data');
    await server.close({ drainMs: 0 });
    await raw.waitFor<Wire>((message) => message.id === null && message.method === 'reconnect');
    await eventually(() => expect(raw.closeCode).toBe(1012));
  });
});
