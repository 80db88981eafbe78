import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureTree, removeFixtureTrees } from './lib/fixture-tree.ts';
import { kyselyCallsOutsideRepositories } from './kysely-calls.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The database layer: the connection, the migrator, the seed's lock and the query pieces repositories share. */
const DATABASE_LAYER = ['db/'];

afterEach(removeFixtureTrees);

describe('Kysely only in repositories', () => {
  it('names each query built or run outside a repository, and passes repositories, tests and the allowed folders', () => {
    const dir = fixtureTree({
      'jobs/housekeeping.job.ts': "const { rows } = await sql<{ before: Date }>`SELECT now()`.execute(db);\n",
      'http/app.ts': "app.get('/health', () => {\n  await sql`SELECT 1`.execute(db);\n});\n",
      'auth/sessions.ts': "await db.deleteFrom('sessions').execute();\nawait trx.selectFrom('users').execute();\n",
      'auth/sessions.repository.ts': "await db.deleteFrom('sessions').execute();\n",
      'auth/sessions.test.ts': "await sql`DELETE FROM sessions`.execute(db);\n",
      'db/paging.ts': 'query.where(sql<boolean>`true`);\n',
      'modules/listings/listings.service.ts': "import { sql } from 'kysely';\nexport const x = 1;\n",
    });
    expect(kyselyCallsOutsideRepositories(dir, DATABASE_LAYER)).toEqual(['auth/sessions.ts:1', 'auth/sessions.ts:2', 'http/app.ts:2', 'jobs/housekeeping.job.ts:1']);
  });

  it('holds for server/src: outside the database layer, only repositories talk to Kysely', () => {
    expect(kyselyCallsOutsideRepositories(path.join(root, 'server/src'), DATABASE_LAYER)).toEqual([]);
  });
});
