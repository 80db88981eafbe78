import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { publicFeedQuery, type FeedFilters } from './listings.repository.ts';

// The feed and the search stay fast at 100,000 listings: the real queries of
// the repository are EXPLAINed and must use the indexes, not scan the table.

const LISTINGS = 100_000;
/** One listing in 10,000 has this word in its description. */
const RARE_WORD = 'jabuticaba';
const BATCH = 10_000;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  const owners = await Promise.all(Array.from({ length: 20 }, () => app.createUser()));
  const ownerIds = owners.map((owner) => owner.id);
  // Dated from the app's clock, as the queries below read it, never from the database's now().
  const now = app.clock.now();
  await app.db.transaction().execute(async (trx) => {
    // The pool's statement timeout is 15 s; this one statement may need more on a slow machine.
    await sql`SET LOCAL statement_timeout = '120s'`.execute(trx);
    // 85% active (published one minute apart, so those older than 30 days have
    // expired), the rest pending; a third of each type. In batches: each statement
    // stays under the pool's 20 s read timeout on a busy machine.
    for (let from = 1; from <= LISTINGS; from += BATCH) {
      const to = Math.min(from + BATCH - 1, LISTINGS);
      await sql`
      INSERT INTO listings (user_id, type, title, description, price_cents, price_unit, delivery_options,
                            requires_advance_order, minimum_notice_hours, status, published_at, expires_at, created_at)
      SELECT (${sql.val(ownerIds)}::uuid[])[1 + g % ${ownerIds.length}],
             t.type,
             (ARRAY['Furadeira', 'Bolo', 'Aula', 'Bicicleta', 'Escada', 'Marmita', 'Faxina', 'Violão'])[1 + g % 8] || ' ' || g,
             'Anúncio número ' || g || ' código ' || left(md5(g::text), 12)
               || CASE WHEN g % 10000 = 0 THEN ' feito com ${sql.raw(RARE_WORD)} do quintal' ELSE ' em ótimo estado' END,
             100 + g % 50000,
             t.unit,
             '{pickup}',
             false,
             NULL,
             CASE WHEN g % 100 < 85 THEN 'active' ELSE 'pending' END,
             CASE WHEN g % 100 < 85 THEN ${now}::timestamptz - g * interval '1 minute' END,
             CASE WHEN g % 100 < 85 THEN ${now}::timestamptz - g * interval '1 minute' + interval '30 days' END,
             ${now}::timestamptz - g * interval '1 minute'
      FROM generate_series(${from}::int, ${to}::int) AS g
      CROSS JOIN LATERAL (SELECT (ARRAY['rental', 'food', 'service'])[1 + g % 3] AS type,
                                 (ARRAY['day', 'unit', 'service'])[1 + g % 3] AS unit) AS t
    `.execute(trx);
    }
  });
  await sql`ANALYZE listings`.execute(app.db);
  await sql`ANALYZE users`.execute(app.db);
}, 120_000);
afterAll(() => app.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function planOf(filters: Partial<FeedFilters>): Promise<PlanNode[]> {
  const query = publicFeedQuery(app.db, { type: null, search: null, filter: 'all', cursor: null, limit: 20, now: app.clock.now(), today: '2026-11-25', ...filters });
  const [row] = await query.explain('json');
  const plan = (row as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan;
  return nodes(plan);
}

const usesIndex = (plan: PlanNode[], nodeType: RegExp, index: string) => plan.some((node) => nodeType.test(node['Node Type']) && node['Index Name'] === index);
const scansListings = (plan: PlanNode[]) => plan.some((node) => node['Node Type'] === 'Seq Scan' && (node as { 'Relation Name'?: string })['Relation Name'] === 'listings');

describe('at 100,000 listings', () => {
  it('the search uses the trigram indexes on title and description', async () => {
    const plan = await planOf({ search: RARE_WORD.toUpperCase() });
    expect(usesIndex(plan, /^Bitmap Index Scan$/, 'listings_title_trgm_idx')).toBe(true);
    expect(usesIndex(plan, /^Bitmap Index Scan$/, 'listings_description_trgm_idx')).toBe(true);
    expect(scansListings(plan)).toBe(false);

    const typed = await planOf({ search: RARE_WORD, type: 'food' });
    expect(usesIndex(typed, /^Bitmap Index Scan$/, 'listings_description_trgm_idx')).toBe(true);
  });

  it('the search finds the word case-insensitively, newest first', async () => {
    const found = await publicFeedQuery(app.db, { type: null, search: 'JaBuTiCaBa', filter: 'all', cursor: null, limit: 20, now: app.clock.now(), today: '2026-11-25' }).execute();
    // g = 10000, 20000, ... 100000 are active, published g minutes ago; from
    // g > 43200 (30 days) they have expired and left the feed.
    expect(found.map((row) => row.title)).toEqual(['Furadeira 10000', 'Furadeira 20000', 'Furadeira 30000', 'Furadeira 40000']);
  });

  it('the plain feed walks the status/publication index, first page and next pages', async () => {
    const first = await planOf({ type: 'rental' });
    expect(usesIndex(first, /^Index Scan/, 'listings_feed_idx')).toBe(true);
    expect(scansListings(first)).toBe(false);

    const page = await publicFeedQuery(app.db, { type: 'rental', search: null, filter: 'all', cursor: null, limit: 20, now: app.clock.now(), today: '2026-11-25' }).execute();
    const cursor = page[19]!.id;
    const next = await planOf({ type: 'rental', cursor });
    expect(usesIndex(next, /^Index Scan/, 'listings_feed_idx')).toBe(true);
    expect(scansListings(next)).toBe(false);
  });

  it('sorted by price, the feed walks the status/type/price index both ways, first page and next pages', async () => {
    for (const sort of ['price_asc', 'price_desc'] as const) {
      const first = await planOf({ type: 'food', sort });
      expect(usesIndex(first, /^Index Scan/, 'listings_price_idx'), sort).toBe(true);
      expect(scansListings(first), sort).toBe(false);
      const page = await publicFeedQuery(app.db, { type: 'food', search: null, filter: 'all', sort, cursor: null, limit: 20, now: app.clock.now(), today: '2026-11-25' }).execute();
      const next = await planOf({ type: 'food', sort, cursor: page[19]!.id });
      expect(usesIndex(next, /^Index Scan/, 'listings_price_idx'), sort).toBe(true);
      expect(scansListings(next), sort).toBe(false);
    }
  });

  it('a page of the feed and a search each read a few rows of the 100,000, not the table (what keeps them quick, counted rather than timed)', async () => {
    for (const filters of [{ type: 'food' as const }, { search: RARE_WORD }]) {
      const query = publicFeedQuery(app.db, { type: null, search: null, filter: 'all', cursor: null, limit: 20, now: app.clock.now(), today: '2026-11-25', ...filters });
      const [row] = await query.explain('json', sql`analyze`);
      type Analysed = PlanNode & { 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; 'Rows Removed by Filter'?: number; 'Rows Removed by Index Recheck'?: number };
      const plan = nodes((row as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan) as Analysed[];
      // What each scan of listings looked at: the rows it returned and those its filter or recheck threw away.
      const looked = (node: Analysed) => (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'];
      const listingRowsRead = plan.filter((node) => node['Relation Name'] === 'listings').reduce((sum, node) => sum + looked(node), 0);
      expect(listingRowsRead, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(listingRowsRead, JSON.stringify(filters)).toBeLessThan(200);
    }
  });
});
