// The feed's pool (database.ts, FEED_SESSION_OPTIONS): its sessions plan a named feed page once for
// any values, while the app's main pool leaves the choice to Postgres, which planned a feed page
// again on every run.
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_FILTERS, LISTING_SORTS } from '@vizinhanca/shared/listings/listing.schema';
import { createTestDatabase } from '../../test/harness.ts';
import { type FeedFilters, listPublic, readsOnFeedPool } from '../modules/listings/listings.repository.ts';
import { createDatabase, type Db, type DatabaseHandle } from './database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDatabase(database.url, pino({ level: 'silent' }), { max: 2 });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

const planCacheMode = async (db: Db) => (await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(db)).rows[0]!.plan_cache_mode;

/** Each feed statement this connection prepared, with how often Postgres planned it for the values and generically. */
async function feedPlans(connection: Db) {
  const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
    SELECT statement, generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE statement LIKE '%from "listings" as "l"%'`.execute(connection);
  return rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
}

/** Six runs of a page of rentals and of every type, in every filter and sort, after a cursor and without one, on one connection of `db`. */
async function runEveryFeedShape(db: Db) {
  return db.connection().execute(async (connection) => {
    for (const type of ['rental', null] as const)
      for (const filter of LISTING_FILTERS)
        for (const sort of LISTING_SORTS)
          for (const cursor of [null, '0f8fad5b-d9cb-469f-a165-70867728950e'])
            for (let run = 0; run < 6; run++) {
              const now = new Date(Date.UTC(2026, 10, 28, 12, run));
              await listPublic(connection, { type, search: null, filter, sort, cursor, limit: 20, now, today: '2026-11-28' });
            }
    return feedPlans(connection);
  });
}

describe('the feed pool', () => {
  it("plans every named statement generically; the main pool keeps Postgres's choice", async () => {
    expect(await planCacheMode(handle.feedDb)).toBe('force_generic_plan');
    expect(await planCacheMode(handle.db)).toBe('auto');
  });

  it('serves every page without a search, of one type, of one neighbour or of every type, in every sort', () => {
    for (const sort of [...LISTING_SORTS, undefined]) {
      const pages: Pick<FeedFilters, 'search' | 'type' | 'ownerId' | 'sort'>[] = [
        { search: null, type: 'rental', ownerId: null, sort },
        { search: null, type: null, ownerId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', sort },
        { search: null, type: null, ownerId: null, sort },
      ];
      for (const page of pages) {
        expect(readsOnFeedPool(page)).toBe(true);
        expect(readsOnFeedPool({ ...page, search: 'bolo' })).toBe(false);
      }
    }
  });

  it('plans each feed page once for any values, where the main pool planned it for each run', async () => {
    const onFeedPool = await runEveryFeedShape(handle.feedDb);
    expect(onFeedPool).toHaveLength(2 * LISTING_FILTERS.length * LISTING_SORTS.length * 2);
    for (const plans of onFeedPool) expect(plans).toEqual({ generic: 6, custom: 0 });
    // The same statements on the main pool: Postgres plans each of the first five runs for its values.
    const onMainPool = await runEveryFeedShape(handle.db);
    expect(onMainPool).toHaveLength(onFeedPool.length);
    for (const plans of onMainPool) expect(plans.custom).toBeGreaterThanOrEqual(5);
  });
});
