import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateColumns } from '../../test/date-columns.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemoIfEmpty } from './seed.ts';

// The app's clock (CLOCK_START) years away from the machine's: a seeded date the database's now()
// or the machine's Date filled lands years from it.
const APP_NOW = new Date('2031-03-10T15:00:00Z');
const DAY_MS = 86_400_000;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { now: APP_NOW });
});
afterAll(() => app.close());

describe('the demo seed under the app clock', () => {
  it("writes every date from the app clock, never the database's or the machine's day", async () => {
    expect(await seedDemoIfEmpty(app.deps)).toBe(true);
    const far: string[] = [];
    let checked = 0;
    for (const { table_name: table, column_name: column } of await dateColumns(app.db)) {
      const { rows } = await sql<{ value: Date | string }>`SELECT ${sql.ref(column)}::timestamptz AS value FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL`.execute(app.db);
      for (const { value } of rows) {
        checked += 1;
        const days = (new Date(value).getTime() - APP_NOW.getTime()) / DAY_MS;
        // The demo's past and future: the oldest sign-ups 40 days back, listings expiring within a month.
        if (days < -60 || days > 60) far.push(`${table}.${column}: ${new Date(value).toISOString()}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(far).toEqual([]);
  });

  it("dates the pending listings' submission ('Enviado em') on the app clock's day", async () => {
    const pending = await app.db.selectFrom('listings').select(['created_at', 'updated_at']).where('status', '=', 'pending').execute();
    expect(pending.length).toBeGreaterThan(0);
    for (const listing of pending) {
      expect(Math.abs(listing.updated_at.getTime() - APP_NOW.getTime())).toBeLessThan(DAY_MS);
      expect(listing.updated_at.getTime()).toBeGreaterThanOrEqual(listing.created_at.getTime());
    }
  });
});
