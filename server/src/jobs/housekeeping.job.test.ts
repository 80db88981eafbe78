import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { housekeepingJob } from './housekeeping.job.ts';
import { scheduledJobs } from './scheduled-jobs.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

it('is on the queue, hourly', () => {
  expect(scheduledJobs).toContain(housekeepingJob);
  expect(housekeepingJob.cron).toMatch(/^\d+ \* \* \* \*$/);
});

it('removes login attempts older than a day, as of the app clock', async () => {
  const now = app.clock.now().getTime();
  const hours = (n: number) => new Date(now - n * 3600_000);
  await app.db
    .insertInto('login_attempts')
    .values([
      { email: 'velho@teste.com', ip: '10.0.0.1', succeeded: false, created_at: hours(25) },
      { email: 'novo@teste.com', ip: '10.0.0.1', succeeded: false, created_at: hours(23) },
    ])
    .execute();

  await housekeepingJob.run(app.deps);

  const attempts = await app.db.selectFrom('login_attempts').select('email').execute();
  expect(attempts.map((row) => row.email)).toEqual(['novo@teste.com']);
});

it("removes realtime events older than 30 days on the database's clock, which stamps them, wherever the app clock stands", async () => {
  const ago = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
  await app.db
    .insertInto('events')
    .values([
      { user_id: null, kind: 'test.old', payload: '{}', created_at: ago(31) },
      { user_id: null, kind: 'test.recent', payload: '{}', created_at: ago(29) },
      // Written just now, as the bus's rows are (the column's default).
      { user_id: null, kind: 'test.now', payload: '{}' },
    ])
    .execute();
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(app.db);
  // An app clock 90 days ahead of the database (a far CLOCK_START): an event just written is not 30 days old.
  app.clock.set(new Date(rows[0]!.now.getTime() + 90 * 24 * 3600_000));

  await housekeepingJob.run(app.deps);

  const kinds = await app.db.selectFrom('events').select('kind').where('kind', 'like', 'test.%').orderBy('id').execute();
  expect(kinds.map((row) => row.kind)).toEqual(['test.recent', 'test.now']);
});

it('removes expired sessions and keeps live ones', async () => {
  const user = await app.createUser();
  // Sessions expire on lucia's (real) clock: one long past, one far ahead, whatever today is (ids are SHA-256 hex).
  await app.db
    .insertInto('sessions')
    .values([
      { id: 'a'.repeat(64), user_id: user.id, expires_at: new Date('2000-01-01T00:00:00Z'), ip: null, user_agent: null },
      { id: 'b'.repeat(64), user_id: user.id, expires_at: new Date('2999-01-01T00:00:00Z'), ip: null, user_agent: null },
    ])
    .execute();

  await housekeepingJob.run(app.deps);

  const left = await app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
  expect(left.map((row) => row.id)).toEqual(['b'.repeat(64)]);
});
