import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import type { AppEvent } from './event-bus.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

function notification(userId: string, title: string) {
  return { userId, kind: 'notification.created' as const, payload: { id: title, title, message: '', type: 'status_update' as const, relatedId: null } };
}

/** Live events of a user as this instance hands them over. */
async function collect(userId: string) {
  const controller = new AbortController();
  const received: AppEvent[] = [];
  const follower = app.deps.bus.follow(userId, await app.deps.bus.latestIdFor(userId), controller.signal);
  const done = (async () => {
    for (let event = await follower.next(); event; event = await follower.next()) received.push(event);
  })();
  return {
    titles: () => received.map((event) => String(event.payload.title)),
    async stop() {
      controller.abort();
      await done;
      follower.close();
    },
  };
}

describe('event housekeeping', () => {
  it('prunes events older than the cut-off and keeps recent ones', async () => {
    const user = await app.createUser();
    const oldId = await app.deps.bus.publish(app.db, { userId: user.id, kind: 'notification.changed', payload: {} });
    const recentId = await app.deps.bus.publish(app.db, { userId: user.id, kind: 'notification.changed', payload: {} });
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

  it('an event whose transaction commits after a later id was delivered still arrives (ids are read by NOTIFY, not after a cursor)', async () => {
    const person = await app.createUser();
    const stream = await collect(person.id);
    const slow = await app.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      const earlierId = await app.deps.bus.publish(connection, notification(person.id, 'earlier id, later commit'));
      const laterId = await app.deps.bus.publish(app.db, notification(person.id, 'later id, first commit'));
      await eventually(() => expect(stream.titles()).toEqual(['later id, first commit']));
      await sql`COMMIT`.execute(connection);
      return { earlierId, laterId };
    });
    expect(BigInt(slow.earlierId)).toBeLessThan(BigInt(slow.laterId));
    await eventually(() => expect(stream.titles()).toEqual(['later id, first commit', 'earlier id, later commit']));
    await stream.stop();
  });
});
