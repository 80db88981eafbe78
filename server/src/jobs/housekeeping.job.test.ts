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

it('removes login attempts older than a day and events older than 30 days, as of the app clock', async () => {
  const now = app.clock.now().getTime();
  const hours = (n: number) => new Date(now - n * 3600_000);
  await app.db
    .insertInto('login_attempts')
    .values([
      { email: 'velho@teste.com', ip: '10.0.0.1', succeeded: false, created_at: hours(25) },
      { email: 'novo@teste.com', ip: '10.0.0.1', succeeded: false, created_at: hours(23) },
    ])
    .execute();
  await app.db
    .insertInto('events')
    .values([
      { user_id: null, kind: 'test.old', payload: '{}', created_at: hours(31 * 24) },
      { user_id: null, kind: 'test.recent', payload: '{}', created_at: hours(29 * 24) },
    ])
    .execute();

  await housekeepingJob.run(app.deps);

  const attempts = await app.db.selectFrom('login_attempts').select('email').execute();
  expect(attempts.map((row) => row.email)).toEqual(['novo@teste.com']);
  const kinds = await app.db.selectFrom('events').select('kind').where('kind', 'like', 'test.%').execute();
  expect(kinds.map((row) => row.kind)).toEqual(['test.recent']);
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
