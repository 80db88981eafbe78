// The feed's query is compiled once per shape and reused with each request's values
// (compiledFeedQuery): for every shape the feed and the search can take, the text and the
// parameters must be what Kysely compiles for that request from scratch.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTING_FILTERS, LISTING_SORTS, LISTING_TYPES } from '@vizinhanca/shared/listings/listing.schema';
import type { Database } from '../../db/schema.ts';
import { compiledFeedQuery, type FeedFilters, publicFeedQuery } from './listings.repository.ts';

// Compiling needs no connection: the pool is never asked for one.
const pool = new pg.Pool({ max: 1 });
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
afterAll(() => pool.end());

const CURSOR = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OWNER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function* everyShape(): Generator<FeedFilters> {
  for (const type of [null, ...LISTING_TYPES])
    for (const filter of LISTING_FILTERS)
      for (const sort of [undefined, ...LISTING_SORTS])
        for (const cursor of [null, CURSOR])
          for (const search of [null, 'furadeira 50% de_sconto \\ ok'])
            for (const ownerId of [null, OWNER]) {
              yield { type, filter, sort, cursor, search, ownerId, limit: 20, now: new Date('2026-11-28T12:00:00.123Z'), today: '2026-11-28' };
            }
}

describe('the feed query compiled once per shape', () => {
  it('is the text and the parameters Kysely compiles for each request, every shape, asked twice with other values', () => {
    let shapes = 0;
    for (const filters of everyShape()) {
      shapes += 1;
      const fresh = publicFeedQuery(db, filters).compile();
      expect(compiledFeedQuery(db, filters)).toMatchObject({ sql: fresh.sql, parameters: fresh.parameters });
      // The same shape again, every value different: the template is reused, the values are the request's.
      const other: FeedFilters = {
        ...filters,
        type: filters.type === null ? null : filters.type === 'food' ? 'service' : 'food',
        cursor: filters.cursor && '3fa85f64-5717-4562-b3fc-2c963f66afa6',
        search: filters.search && 'bolo',
        ownerId: filters.ownerId && '16fd2706-8baf-433b-82eb-8c7fada847da',
        limit: 7,
        now: new Date('2027-01-02T03:04:05.006Z'),
        today: '2027-01-02',
      };
      const otherFresh = publicFeedQuery(db, other).compile();
      expect(compiledFeedQuery(db, other)).toMatchObject({ sql: otherFresh.sql, parameters: otherFresh.parameters });
    }
    expect(shapes).toBeGreaterThan(500);
  });
});
