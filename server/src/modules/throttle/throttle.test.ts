import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { hit, throttleCleanupJob } from './throttle.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('throttles', () => {
  it('lets exactly the limit through a window, even when every hit arrives at once', async () => {
    const shape = { kind: 'window', limit: 7, windowMs: 60_000 } as const;
    const results = await Promise.all(Array.from({ length: 200 }, () => hit(app.deps, 'teste:janela', shape)));
    expect(results.filter((result) => result.allowed)).toHaveLength(7);
    const refused = results.find((result) => !result.allowed);
    expect(refused).toMatchObject({ retryAt: new Date(app.clock.now().getTime() + 60_000) });
  });

  it('keeps its counters in a table that writes no WAL: a hit waits for no flush to disk', async () => {
    const tables = await sql<{ relname: string; relpersistence: string }>`
      SELECT relname, relpersistence FROM pg_class WHERE relname IN ('throttles', 'throttles_pkey', 'throttles_blocked_until_idx', 'login_devices') ORDER BY relname`.execute(app.db);
    // Its indexes follow it; the device cookies (a browser's standing, for a year) stay logged.
    expect(tables.rows).toEqual([
      { relname: 'login_devices', relpersistence: 'p' },
      { relname: 'throttles', relpersistence: 'u' },
      { relname: 'throttles_blocked_until_idx', relpersistence: 'u' },
      { relname: 'throttles_pkey', relpersistence: 'u' },
    ]);
  });

  it('the cleanup job forgets keys idle for a day and keeps the others', async () => {
    const shape = { kind: 'window', limit: 1, windowMs: 60_000 } as const;
    await hit(app.deps, 'teste:antiga', shape);
    app.clock.advance(25 * 3600_000);
    await hit(app.deps, 'teste:nova', shape);
    await throttleCleanupJob.run(app.deps);
    const keys = (await app.db.selectFrom('throttles').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('teste:nova');
    expect(keys).not.toContain('teste:antiga');
  });
});
