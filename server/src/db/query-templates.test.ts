import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './schema.ts';
import { compiledOnce } from './query-templates.ts';

// Compiling needs no connection: the pool is never asked for one.
const pool = new pg.Pool({ max: 1 });
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
afterAll(() => pool.end());

const byOwner = (values: { userId: string; status: 'active' | 'paused' }) =>
  db.selectFrom('listings').select('id').where('user_id', '=', values.userId).where('status', '=', values.status).where('deleted_at', 'is', null).limit(20);

describe('a query compiled once per shape', () => {
  it("puts each call's values in the template's parameters, its constants kept, the same text as a fresh compile", () => {
    const first = { userId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', status: 'active' } as const;
    const second = { userId: '16fd2706-8baf-433b-82eb-8c7fada847da', status: 'paused' } as const;
    for (const values of [first, second]) {
      const fresh = byOwner(values).compile();
      expect(compiledOnce('test.byOwner', values, byOwner)).toMatchObject({ sql: fresh.sql, parameters: fresh.parameters });
    }
    expect(compiledOnce('test.byOwner', second, byOwner).parameters).toEqual([second.userId, 'paused', 20]);
  });

  it('refuses a builder that writes a value into the text instead of a parameter', () => {
    expect(() => compiledOnce('test.literal', { title: 'Bolo' }, (values) => db.selectFrom('listings').select('id').where('title', '=', sql.lit(values.title)))).toThrow(
      "query template 'test.literal': a value was written into the text",
    );
  });

  it('refuses a builder that reads a value to decide the shape (the decision belongs in the shape)', () => {
    const build = (values: { userId: string; search: string | null }) => {
      const query = db.selectFrom('listings').select('id').where('user_id', '=', values.userId);
      return values.search === null ? query : query.where('title', 'ilike', 'x');
    };
    expect(() => compiledOnce('test.branch', { userId: 'u', search: null }, build)).toThrow("query template 'test.branch': search did not become parameters");
  });
});
