import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { HandedOver } from './handed-over.ts';
import { EVENTS_CHANNEL } from './notify-channels.ts';
import { TransactionReader } from './transaction-reader.ts';
import type { AppEvent } from './pulled-events.ts';
import { eventContent, type EventContent } from './event-content.ts';
import { publishEvent } from './published-events.repository.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A cursor (a snapshot) under which no transaction is visible: a follower from it reads every event kept. */
const BEFORE_EVERYTHING = '1:1:';

/** A cursor taken now, as a tab holds one after reading (see shared/src/realtime/live-cursor.ts). */
async function snapshotNow(): Promise<string> {
  return (await sql<{ snapshot: string }>`SELECT pg_current_snapshot()::text AS snapshot`.execute(app.db)).rows[0]!.snapshot;
}

function notification(userId: string, title: string) {
  return { userId, kind: 'notification.created' as const, payload: { id: title, title, message: '', type: 'status_update' as const, relatedId: null } };
}

/** Live events of a user as this instance hands them over. */
async function collect(userId: string) {
  const controller = new AbortController();
  const received: AppEvent[] = [];
  const stream = app.deps.bus.stream(userId, null, controller.signal);
  const done = (async () => {
    for await (const event of stream) received.push(event);
  })();
  return {
    titles: () => received.map((event) => String(event.payload.title)),
    async stop() {
      controller.abort();
      await done;
    },
  };
}

describe('event housekeeping', () => {
  it('prunes events older than the cut-off and keeps recent ones', async () => {
    const user = await app.createUser();
    const oldId = await publishEvent(app.db, { userId: user.id, kind: 'notification.changed', payload: {} });
    const recentId = await publishEvent(app.db, { userId: user.id, kind: 'notification.changed', payload: {} });
    await app.db.updateTable('events').set({ created_at: new Date(Date.now() - 31 * 24 * 3600_000) }).where('id', '=', oldId).execute();
    await app.deps.bus.pruneOlderThan(new Date(Date.now() - 30 * 24 * 3600_000));
    const ids = (await app.db.selectFrom('events').select('id').where('user_id', '=', user.id).execute()).map((row) => row.id);
    expect(ids).toEqual([recentId]);
  });
});

describe('delivery in batches, by user', () => {
  it('one transaction notifying many people: each receives only their own events, in the order published', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => app.createUser()));
    const streams = await Promise.all(people.map((person) => collect(person.id)));
    await app.db.transaction().execute(async (trx) => {
      for (const round of [1, 2, 3]) for (const person of people) await app.deps.bus.publish(trx, notification(person.id, `${person.id}:${round}`));
    });
    await eventually(() => expect(streams.every((stream) => stream.titles().length === 3)).toBe(true));
    streams.forEach((stream, i) => expect(stream.titles()).toEqual([1, 2, 3].map((round) => `${people[i]!.id}:${round}`)));
    await Promise.all(streams.map((stream) => stream.stop()));
  });

  it('a NOTIFY names its transaction and the people of its events, and an event written by plain SQL is announced too', async () => {
    const listener = new pg.Client({ connectionString: app.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    try {
      const people = await Promise.all(Array.from({ length: 5 }, () => app.createUser()));
      const streams = await Promise.all(people.map((person) => collect(person.id)));
      const transactionId = await app.db.transaction().execute(async (trx) => {
        for (const person of people) await app.deps.bus.publish(trx, notification(person.id, `bus ${person.id}`));
        // A maintainer's insert in the same transaction, and one that writes nothing: its own NOTIFY, then none.
        await sql`INSERT INTO events (user_id, kind, payload) VALUES (${people[0]!.id}, 'notification.changed', '{}'::jsonb)`.execute(trx);
        await sql`INSERT INTO events (user_id, kind, payload) SELECT id, 'notification.changed', '{}'::jsonb FROM users WHERE false`.execute(trx);
        return (await sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`.execute(trx)).rows[0]!.id;
      });
      await eventually(() => expect(streams.every((stream) => stream.titles().length >= 1)).toBe(true));
      await eventually(() => expect(heard.filter((payload) => payload.startsWith(`${transactionId}:`))).toHaveLength(2));
      const [all, maintainer] = heard.filter((payload) => payload.startsWith(`${transactionId}:`)).map((payload) => payload.slice(transactionId.length + 1).split(','));
      // The held writes went in one statement: one NOTIFY names the five.
      expect(new Set(all)).toEqual(new Set(people.map((person) => person.id)));
      expect(maintainer).toEqual([people[0]!.id]);
      streams.forEach((stream, i) => expect(stream.titles()[0]).toBe(`bus ${people[i]!.id}`));
      await eventually(() => expect(streams[0]!.titles()).toHaveLength(2));
      await Promise.all(streams.map((stream) => stream.stop()));

      // A system event, or events for more than 50 people: the transaction alone, read by every instance.
      const many = await Promise.all(Array.from({ length: 51 }, () => app.createUser()));
      const broadcast = await app.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO events (user_id, kind, payload) SELECT id, 'notification.changed', '{}'::jsonb FROM unnest(${many.map((person) => person.id)}::uuid[]) AS id`.execute(trx);
        return (await sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`.execute(trx)).rows[0]!.id;
      });
      const system = await app.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO events (user_id, kind, payload) VALUES (${people[1]!.id}, 'system.close-sockets', '{}'::jsonb)`.execute(trx);
        return (await sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`.execute(trx)).rows[0]!.id;
      });
      await eventually(() => expect(heard).toEqual(expect.arrayContaining([broadcast, system])));
      expect(heard.filter((payload) => payload.startsWith(broadcast) || payload.startsWith(system))).toEqual([broadcast, system]);
    } finally {
      await listener.end();
    }
  });

  it('a transaction none of whose people listens on this instance is not read; a tab that comes later gets its events in its catch-up, once', async () => {
    const person = await app.createUser();
    const cursor = await snapshotNow();
    const id = await publishEvent(app.db, notification(person.id, 'while away'));
    const transactionId = await transactionOf(id);
    await eventually(() => expect(reader().wasSkipped(transactionId)).toBe(true));
    expect(app.deps.bus.handedOver(id)).toBe(false);

    const follower = app.deps.bus.follow(person.id, cursor);
    const sink = collectingSink(person.id);
    follower.start(sink);
    await eventually(() => expect(sink.titles()).toEqual(['while away']));
    // Its NOTIFY was skipped: the follower expects nothing more of it live.
    expect((follower as unknown as { expected: unknown }).expected).toBeNull();
    await app.deps.bus.publish(app.db, notification(person.id, 'live'));
    await eventually(() => expect(sink.titles()).toEqual(['while away', 'live']));
    follower.close();
  });

  it('a transaction is read when any of its NOTIFYs names someone listening here, after one that named nobody listening', async () => {
    const [away, here] = [await app.createUser(), await app.createUser()];
    const stream = await collect(here.id);
    const transactionId = await app.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO events (user_id, kind, payload) VALUES (${away.id}, 'notification.changed', '{}'::jsonb)`.execute(trx);
      await sql`INSERT INTO events (user_id, kind, payload) VALUES (${here.id}, 'notification.created', ${JSON.stringify(notification(here.id, 'read').payload)}::jsonb)`.execute(trx);
      return (await sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`.execute(trx)).rows[0]!.id;
    });
    await eventually(() => expect(stream.titles()).toEqual(['read']));
    expect(reader().wasSkipped(transactionId)).toBe(false);
    await stream.stop();
  });

  it('events of one reading with the same kind and payload share one frozen payload and content; any other content, and a catch-up, have their own', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => app.createUser()));
    const sinks = await followFromNow(people);
    const same = { id: 'n-1', title: 'para todos', message: 'igual', type: 'status_update', relatedId: null };
    await app.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO events (user_id, kind, payload) SELECT id, 'notification.created', ${JSON.stringify(same)}::jsonb FROM unnest(${people.slice(0, 3).map((person) => person.id)}::uuid[]) AS id`.execute(trx);
      await app.deps.bus.publish(trx, notification(people[3]!.id, 'só sua'));
      await app.deps.bus.publish(trx, { userId: people[0]!.id, kind: 'notification.changed', payload: {} });
    });
    await eventually(() => expect(sinks.map(({ sink }) => sink.events.length)).toEqual([2, 1, 1, 1]));
    const [first, second, third, other] = sinks.map(({ sink }) => sink.events[0]!);
    expect(new Set([first!.id, second!.id, third!.id, other!.id]).size).toBe(4);
    expect(first!.userId).toBe(people[0]!.id);
    expect(second!.payload).toBe(first!.payload);
    expect(second!.content).toBe(first!.content);
    expect(third!.content).toBe(first!.content);
    expect(first!.payload).toEqual(same);
    expect(Object.isFrozen(first!.payload)).toBe(true);
    expect(() => {
      (first!.payload as Record<string, unknown>).title = 'mudado';
    }).toThrow(TypeError);
    expect(other!.payload.title).toBe('só sua');
    expect(other!.content).not.toBe(first!.content);
    expect(sinks[0]!.sink.events[1]!.kind).toBe('notification.changed');
    expect(sinks[0]!.sink.events[1]!.content).not.toBe(first!.content);
    for (const { follower } of sinks) follower.close();

    // Read again by a catch-up: its own objects, nothing shared with the live ones.
    const later = app.deps.bus.follow(people[1]!.id, BEFORE_EVERYTHING);
    const caughtUp = collectingSink();
    later.start(caughtUp);
    await eventually(() => expect(caughtUp.titles()).toEqual(['para todos']));
    expect(caughtUp.events[0]!.content).not.toBe(first!.content);
    expect(caughtUp.events[0]!.payload).not.toBe(first!.payload);
    later.close();
  });

  it('a transaction mixing contents: the bus reads one row per content, yet each person gets their events in id order', async () => {
    const people = await Promise.all(Array.from({ length: 2 }, () => app.createUser()));
    const sinks = await followFromNow(people);
    const [first, second] = people.map((person) => person.id);
    const together = JSON.stringify({ id: 'n-2', title: 'para os dois', message: '', type: 'status_update', relatedId: null });
    const insert = (userIds: string[], kind: string, payload: string) =>
      sql`INSERT INTO events (user_id, kind, payload) SELECT id, ${kind}, ${payload}::jsonb FROM unnest(${userIds}::uuid[]) WITH ORDINALITY AS t(id, n) ORDER BY n`;
    await app.db.transaction().execute(async (trx) => {
      await insert([first!, second!], 'notification.created', together).execute(trx);
      await app.deps.bus.publish(trx, notification(first!, 'só sua'));
      await insert([second!, first!], 'notification.changed', '{}').execute(trx);
      // The first content again, after the others: its group's ids interleave with theirs.
      await insert([first!], 'notification.created', together).execute(trx);
    });
    await eventually(() => expect(sinks.map(({ sink }) => sink.events.length)).toEqual([4, 2]));
    const seen = (index: number) => sinks[index]!.sink.events.map((event) => (event.kind === 'notification.changed' ? 'changed' : String(event.payload.title)));
    expect(seen(0)).toEqual(['para os dois', 'só sua', 'changed', 'para os dois']);
    expect(seen(1)).toEqual(['para os dois', 'changed']);
    for (const { sink } of sinks) {
      const ids = sink.events.map((event) => BigInt(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    }
    // One content, one shared payload, also across the transaction's interleaved writes.
    expect(sinks[0]!.sink.events[3]!.content).toBe(sinks[0]!.sink.events[0]!.content);
    expect(sinks[1]!.sink.events[0]!.content).toBe(sinks[0]!.sink.events[0]!.content);
    for (const { follower } of sinks) follower.close();
  });

  it('an event whose transaction commits after a later id was delivered still arrives (ids are read by NOTIFY, not after a cursor)', async () => {
    const person = await app.createUser();
    const stream = await collect(person.id);
    const slow = await app.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      const earlierId = await publishEvent(connection, notification(person.id, 'earlier id, later commit'));
      const laterId = await publishEvent(app.db, notification(person.id, 'later id, first commit'));
      await eventually(() => expect(stream.titles()).toEqual(['later id, first commit']));
      await sql`COMMIT`.execute(connection);
      return { earlierId, laterId };
    });
    expect(BigInt(slow.earlierId)).toBeLessThan(BigInt(slow.laterId));
    await eventually(() => expect(stream.titles()).toEqual(['later id, first commit', 'earlier id, later commit']));
    await stream.stop();
  });
});

/**
 * Each person's events from now on, each into a sink of their own. Live once this answers: the
 * followers' catch-ups have been read, so what the test commits next reaches them live (read by the
 * bus) and not in a catch-up that started late, which would read it with its own content (on a
 * loaded machine it did).
 */
function followFromNow(people: { id: string }[]) {
  return Promise.all(
    people.map(async (person) => {
      const follower = app.deps.bus.follow(person.id, null);
      const sink = collectingSink(person.id);
      follower.start(sink);
      await eventually(() => expect((follower as unknown as { queue: unknown[] | null }).queue).toBeNull());
      return { follower, sink };
    }),
  );
}

/** A follower's sink that keeps what it is handed. */
function collectingSink(userId: string | null = null) {
  const events: AppEvent[] = [];
  return {
    events,
    titles: () => events.map((event) => String(event.payload.title)),
    readies: [] as string[],
    event: (id: string, content: EventContent, cursor: string) => events.push({ id, cursor, userId, kind: content.kind, payload: content.payload, content }),
    ready(cursor: string) {
      this.readies.push(cursor);
    },
    fail: (error: unknown) => events.push({ id: 'failed', kind: String(error) } as AppEvent),
  };
}

/** The bus's reader of announced transactions. */
function reader(): TransactionReader {
  return (app.deps.bus as unknown as { transactions: TransactionReader }).transactions;
}

/** The transaction that wrote this event (xid8, decimal). */
async function transactionOf(eventId: string): Promise<string> {
  return (await sql<{ xact_id: string }>`SELECT xact_id::text AS xact_id FROM events WHERE id = ${eventId}`.execute(app.db)).rows[0]!.xact_id;
}

/** Holds the bus's deliveries (they run one at a time) until the returned function is called. */
function holdDeliveries(): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  void (app.deps.bus as unknown as { transactions: { enqueue(task: () => Promise<void>): Promise<void> } }).transactions.enqueue(() => gate);
  return release;
}

describe('no repeats, without memory per subscriber', () => {
  it('a catch-up row whose NOTIFY is read after the catch-up is handed over once, and the follower keeps nothing afterwards', async () => {
    const person = await app.createUser();
    const cursor = await snapshotNow();
    const release = holdDeliveries();
    await app.deps.bus.publish(app.db, notification(person.id, 'one'));
    await app.deps.bus.publish(app.db, notification(person.id, 'two'));
    const follower = app.deps.bus.follow(person.id, cursor);
    const sink = collectingSink();
    follower.start(sink);
    await eventually(() => expect(sink.titles()).toEqual(['one', 'two']));
    release(); // the NOTIFYs of both now reach the follower live
    await app.deps.bus.publish(app.db, notification(person.id, 'three'));
    await eventually(() => expect(sink.titles()).toEqual(['one', 'two', 'three']));
    expect((follower as unknown as { expected: unknown }).expected).toBeNull();
    follower.close();
  });

  it('a live event arriving while the catch-up is read, and also in it, is handed over once', async () => {
    const person = await app.createUser();
    const cursor = await snapshotNow();
    // Another tab of the person's listens: the bus reads the event.
    const other = await collect(person.id);
    const id = await publishEvent(app.db, notification(person.id, 'both'));
    await eventually(() => expect(app.deps.bus.handedOver(id)).toBe(true));
    await other.stop();
    const follower = app.deps.bus.follow(person.id, cursor);
    const sink = collectingSink();
    follower.start(sink);
    // As the bus hands it over while the catch-up query runs.
    follower.push(id, eventContent('notification.created', { title: 'both' }));
    await app.deps.bus.publish(app.db, notification(person.id, 'after'));
    await eventually(() => expect(sink.titles()).toEqual(['both', 'after']));
    expect((follower as unknown as { expected: unknown }).expected).toBeNull();
    follower.close();
  });

  it('transactions read together are handed over in commit order, each one\'s events by id, whatever their ids across transactions', async () => {
    const person = await app.createUser();
    const follower = app.deps.bus.follow(person.id, null);
    const sink = collectingSink();
    follower.start(sink);
    const release = holdDeliveries();
    await app.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      // Lower ids, committed last.
      await app.deps.bus.publish(connection, notification(person.id, 'second commit, 1'));
      await app.deps.bus.publish(connection, notification(person.id, 'second commit, 2'));
      await app.db.transaction().execute(async (trx) => {
        await app.deps.bus.publish(trx, notification(person.id, 'first commit, 1'));
        await app.deps.bus.publish(trx, notification(person.id, 'first commit, 2'));
      });
      await sql`COMMIT`.execute(connection);
    });
    // Both NOTIFYs are waiting: one reading takes both transactions.
    await eventually(() => expect((app.deps.bus as unknown as { transactions: { pending: string[] } }).transactions.pending).toHaveLength(2));
    release();
    await eventually(() => expect(sink.titles()).toHaveLength(4));
    expect(sink.titles()).toEqual(['first commit, 1', 'first commit, 2', 'second commit, 1', 'second commit, 2']);
    follower.close();
  });

  it('the bus hands an id over once even when it reads it twice (its catch-up after a dropped LISTEN overlapping NOTIFYs)', async () => {
    const person = await app.createUser();
    const follower = app.deps.bus.follow(person.id, null);
    const sink = collectingSink();
    follower.start(sink);
    const id = await publishEvent(app.db, notification(person.id, 'once'));
    await eventually(() => expect(sink.titles()).toEqual(['once']));
    await (app.deps.bus as unknown as { transactions: { deliver(ids: string[]): Promise<void> } }).transactions.deliver([id]);
    await app.deps.bus.publish(app.db, notification(person.id, 'next'));
    await eventually(() => expect(sink.titles()).toEqual(['once', 'next']));
    follower.close();
  });
});

describe('catch-up after a dropped LISTEN connection', () => {
  const listenerPids = () =>
    sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE application_name = 'vizinhanca-listener' AND datname = current_database()`
      .execute(app.db)
      .then((result) => result.rows.map((row) => row.pid));

  it('delivers a transaction that took a lower id and committed while nobody listened (by transaction, not by id)', async () => {
    const person = await app.createUser();
    const events = await collect(person.id);
    // Takes its event id first, commits last.
    const late = new pg.Client({ connectionString: app.databaseUrl });
    await late.connect();
    try {
      await late.query('BEGIN');
      const payload = JSON.stringify({ id: 'late', title: 'late', message: '', type: 'status_update', relatedId: null });
      await late.query(`INSERT INTO events (user_id, kind, payload) VALUES ($1, 'notification.created', $2::jsonb)`, [person.id, payload]);
      // A later id, committed and handed over at once.
      await app.deps.bus.publish(app.db, notification(person.id, 'early'));
      await eventually(() => expect(events.titles()).toEqual(['early']));
      // Nobody listens when the first transaction commits: its NOTIFY reaches no instance.
      const before = await listenerPids();
      expect(before).toHaveLength(1);
      await sql`SELECT pg_terminate_backend(${before[0]!}::int)`.execute(app.db);
      await eventually(() => expect(app.deps.bus.listening).toBe(false));
      await late.query('COMMIT');
      await eventually(() => expect(app.deps.bus.listening).toBe(true), 10_000);
      await eventually(() => expect(events.titles()).toEqual(['early', 'late']), 10_000);
      // And nothing twice: a later event follows them alone.
      await app.deps.bus.publish(app.db, notification(person.id, 'after'));
      await eventually(() => expect(events.titles()).toEqual(['early', 'late', 'after']));
    } finally {
      await late.end();
      await events.stop();
    }
  });
});

describe("a tab's cursor is a snapshot: a lower id committing after a higher one was seen is not missed", () => {
  /**
   * A transaction that takes its event id now and commits when told: ids come from a sequence at
   * write time, so every event published meanwhile has a higher id and may be seen first.
   */
  async function lowerIdCommittingLater(userId: string, title: string) {
    const late = new pg.Client({ connectionString: app.databaseUrl });
    await late.connect();
    await late.query('BEGIN');
    const payload = JSON.stringify({ id: title, title, message: '', type: 'status_update', relatedId: null });
    const inserted = await late.query<{ id: string }>(`INSERT INTO events (user_id, kind, payload) VALUES ($1, 'notification.created', $2::jsonb) RETURNING id`, [userId, payload]);
    return {
      id: String(inserted.rows[0]!.id),
      async commit() {
        await late.query('COMMIT');
        await late.end();
      },
    };
  }

  /** A tab: a follower, and what the tab keeps of it, each event id once (the tab drops repeats by id). */
  function tab(userId: string, from: string | null) {
    const follower = app.deps.bus.follow(userId, from);
    const sink = collectingSink(userId);
    follower.start(sink);
    const shown = () => [...new Map(sink.events.map((event) => [event.id, String(event.payload.title)])).values()];
    /** The cursor the tab resumes from: the tracked one of the last event it got, else its 'ready'. */
    const cursor = () => sink.events.at(-1)?.cursor ?? sink.readies.at(-1)!;
    return { follower, sink, shown, cursor };
  }

  it('resumed after the lower id committed while the tab was away: it gets it, and each event once', async () => {
    const person = await app.createUser();
    const first = tab(person.id, null);
    await eventually(() => expect(first.sink.readies).toHaveLength(1));
    const late = await lowerIdCommittingLater(person.id, 'lower id, committed while away');
    const laterId = await publishEvent(app.db, notification(person.id, 'higher id, seen'));
    await eventually(() => expect(first.shown()).toEqual(['higher id, seen']));
    expect(BigInt(late.id)).toBeLessThan(BigInt(laterId));
    first.follower.close();
    await late.commit();

    const again = tab(person.id, first.cursor());
    await eventually(() => expect(again.shown()).toContain('lower id, committed while away'));
    await app.deps.bus.publish(app.db, notification(person.id, 'after'));
    await eventually(() => expect(again.shown().at(-1)).toBe('after'));
    const seenOnce = new Set(first.shown());
    expect(again.shown().filter((title) => !seenOnce.has(title))).toEqual(['lower id, committed while away', 'after']);
    expect(again.sink.readies).toEqual([]);
    again.follower.close();
  });

  it('resumed before the lower id commits: it arrives live', async () => {
    const person = await app.createUser();
    const first = tab(person.id, null);
    await eventually(() => expect(first.sink.readies).toHaveLength(1));
    const late = await lowerIdCommittingLater(person.id, 'lower id, committed after the return');
    await app.deps.bus.publish(app.db, notification(person.id, 'higher id, seen'));
    await eventually(() => expect(first.shown()).toEqual(['higher id, seen']));
    first.follower.close();

    const again = tab(person.id, first.cursor());
    await eventually(() => expect((again.follower as unknown as { queue: unknown[] | null }).queue).toBeNull());
    await late.commit();
    await eventually(() => expect(again.shown()).toEqual(['higher id, seen', 'lower id, committed after the return']));
    again.follower.close();
  });

  it('a fresh tab gets, live, a lower id that commits after a higher one committed before it started', async () => {
    const person = await app.createUser();
    const late = await lowerIdCommittingLater(person.id, 'lower id, committed after the tab opened');
    await app.deps.bus.publish(app.db, notification(person.id, 'higher id, before the tab'));
    const fresh = tab(person.id, null);
    await eventually(() => expect(fresh.sink.readies).toHaveLength(1));
    await late.commit();
    await eventually(() => expect(fresh.shown()).toContain('lower id, committed after the tab opened'));
    fresh.follower.close();
  });

  it('a cursor too far behind (more missed events than a catch-up replays) gets a ready instead: the tab reads its screen again', async () => {
    const person = await app.createUser();
    const from = await snapshotNow();
    const inserted = await sql<{ id: string }>`
      INSERT INTO events (user_id, kind, payload)
      SELECT ${person.id}::uuid, 'notification.changed', '{}'::jsonb FROM generate_series(1, 501) RETURNING id`.execute(app.db);
    // Announced before the tab comes back (and not read: nobody listened): nothing of them reaches it live.
    const transactionId = await transactionOf(String(inserted.rows[0]!.id));
    await eventually(() => expect(reader().wasSkipped(transactionId)).toBe(true));
    const behind = tab(person.id, from);
    await eventually(() => expect(behind.sink.readies).toHaveLength(1));
    expect(behind.sink.events).toEqual([]);
    behind.follower.close();
  });
});

describe('the reader of announced transactions', () => {
  function testReader(readAtLeastEvery: number) {
    const handedOver: string[] = [];
    const target = { listensTo: (userId: string) => userId === 'listening', handOver: (id: string) => handedOver.push(id), handOverGroup: () => {} };
    const transactions = new TransactionReader(app.db, () => null, target, pino({ level: 'silent' }), readAtLeastEvery);
    const pending = () => (transactions as unknown as { pending: string[] }).pending;
    return { transactions, pending };
  }

  it('skips a transaction whose people nobody here listens for, yet reads one in so many to keep its catch-up bound moving', () => {
    const { transactions, pending } = testReader(3);
    transactions.notified('101:away');
    transactions.notified('102:away,gone');
    expect(pending()).toEqual([]);
    transactions.notified('103:away');
    expect(pending()).toEqual(['103']);
    expect([transactions.wasSkipped('101'), transactions.wasSkipped('102'), transactions.wasSkipped('103')]).toEqual([true, true, false]);
    transactions.notified('104:away,listening');
    transactions.notified('105');
    transactions.notified('106:');
    expect(pending()).toEqual(['103', '104', '105']);
  });

  it('reads a transaction once whatever its number of NOTIFYs, even when its first named nobody listening', () => {
    const { transactions, pending } = testReader(100);
    transactions.notified('201:away');
    transactions.notified('201:listening');
    transactions.notified('201:listening,other');
    transactions.notified('201');
    expect(pending()).toEqual(['201']);
    expect(transactions.wasSkipped('201')).toBe(false);
  });

  it('ignores a NOTIFY of an unknown form (made by hand) instead of failing the reading of the others', () => {
    const { transactions, pending } = testReader(100);
    transactions.notified('not a transaction');
    transactions.notified('301:');
    transactions.notified('302');
    expect(pending()).toEqual(['302']);
  });
});

describe('repeats of a big transaction, remembered by range', () => {
  /** A transaction writing `count` events for one person (ids consecutive, as one statement writes them); their ids. */
  async function bigTransaction(userId: string, count: number, title: string): Promise<string[]> {
    const payload = JSON.stringify({ id: title, title, message: '', type: 'status_update', relatedId: null });
    const rows = await sql<{ id: string }>`
      INSERT INTO events (user_id, kind, payload)
      SELECT ${userId}::uuid, 'notification.created', ${payload}::jsonb FROM generate_series(1, ${count}::int) RETURNING id`.execute(app.db);
    return rows.rows.map((row) => String(row.id)).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  }
  const deliver = (ids: string[]) => (app.deps.bus as unknown as { transactions: { deliver(ids: string[]): Promise<void> } }).transactions.deliver(ids);

  it('an id handed over in a big transaction is not handed over again by a catch-up, nor the other way round, also in part', async () => {
    const person = await app.createUser();
    const follower = app.deps.bus.follow(person.id, null);
    const sink = collectingSink(person.id);
    follower.start(sink);

    // Live first (one block of 150 ids), then read again by a catch-up.
    const first = await bigTransaction(person.id, 150, 'live first');
    await eventually(() => expect(sink.events).toHaveLength(150));
    await deliver(first);
    await deliver(first.slice(40, 45));

    // A catch-up first (part of it, 30 ids, then another 100 as a block), then its NOTIFY.
    const release = holdDeliveries();
    const second = await bigTransaction(person.id, 200, 'caught up first');
    await deliver(second.slice(0, 30));
    await deliver(second.slice(60, 160));
    await eventually(() => expect(sink.events).toHaveLength(280));
    release();
    await app.deps.bus.publish(app.db, notification(person.id, 'next'));
    await eventually(() => expect(sink.titles().at(-1)).toBe('next'));
    expect(sink.events).toHaveLength(351);
    const ids = sink.events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set([...first, ...second, ids.at(-1)]));
    follower.close();
  });
});

describe('HandedOver', () => {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

  it('finds the repeats of a group among small groups and blocks, consecutive or not, and forgets the oldest blocks past its bound', () => {
    const handed = new HandedOver();
    handed.addSorted(range(1000, 1099)); // a consecutive block
    const gapped = range(2000, 2199).filter((id) => Number(id) % 10 !== 0); // a block with gaps
    handed.addSorted(gapped);
    handed.addSorted(['3005', '3007']); // a small group, id by id
    expect(['999', '1000', '1050', '1099', '1100', '2010', '2011', '3005', '3006'].map((id) => handed.has(id))).toEqual([false, true, true, true, false, false, true, true, false]);
    expect(handed.repeatsIn(range(1100, 1999))).toBeNull();
    expect(handed.repeatsIn(['1098', '1099', '1100', '2009', '2010', '3007', '3008'])).toEqual(new Set([0, 1, 3, 5]));

    // Blocks hold 20,000 ids at most: the oldest go first.
    for (let start = 10_000; start < 30_000; start += 5_000) handed.addSorted(range(start, start + 4_999));
    expect(handed.has('1050')).toBe(false);
    expect(handed.has('2011')).toBe(false);
    expect(handed.has('10000')).toBe(true);
    expect(handed.has('3005')).toBe(true);
  });
});
