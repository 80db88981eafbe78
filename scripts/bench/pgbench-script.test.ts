import { describe, expect, it } from 'vitest';
import type { LoggedStatement } from './pg-log.ts';
import { fasterRun, medianRatio, pairedRatio, pairOrder, tpsAfterWarmup, withoutDrawOf, parsePgbenchOutput, pgbenchScript, quoteLiteral, replacePlaceholders, targetsSequence } from './pgbench-script.ts';

const statement = (sql: string, params: (string | null)[] = []): LoggedStatement => ({ pid: 1, application: 'vizinhanca', sql, params });

describe('pgbench script from captured SQL', () => {
  it('replaces placeholders outside literals only', () => {
    expect(replacePlaceholders(`select '$1', "$2", $1, $10 from t where x = $2`, (i) => `<${i}>`)).toBe(`select '$1', "$2", <0>, <9> from t where x = <1>`);
  });

  it('keeps the SQL text and passes each parameter as a -D variable (NULL inline, cast to the inferred type)', () => {
    const { script, defines } = pgbenchScript(
      [statement('select * from "listings" as "l" where "l"."status" = $1 and "l"."expires_at" > $2 and x = $3 limit $4', ['active', '2026-11-23T18:00:00.000+00:00', null, '21'])],
      { prefix: 'f', types: [['text', 'timestamp with time zone', 'integer', 'bigint']] },
    );
    expect(script).toBe('select * from "listings" as "l" where "l"."status" = :f1_1 and "l"."expires_at" > :f1_2 and x = NULL::integer limit :f1_4;\n');
    expect(defines).toEqual({ f1_1: 'active', f1_2: '2026-11-23T18:00:00.000+00:00', f1_4: '21' });
  });

  it('draws the values that identify a transaction from a targets table, the next row of its sequence per transaction (runs at 50 and then 10 clients never share a row)', () => {
    const { script, defines } = pgbenchScript(
      [
        statement('select * from sessions where id = $1', ['s-hash']),
        statement('insert into throttles (key, hits) values ($1, $2)', ['ordersPerUser:u-1', '1']),
        statement('begin'),
        statement('insert into orders (listing_id, renter_id, start_date) values ($1, $2, $3)', ['l-1', 'u-1', '2026-11-24']),
        statement('commit'),
      ],
      { prefix: 'o', varying: { table: 'bench_targets', columns: { 's-hash': 'session_id', 'u-1': 'renter_id', 'l-1': 'listing_id', '2026-11-24': 'start_date' } } },
    );
    expect(targetsSequence('bench_targets')).toBe('bench_targets_draws');
    expect(script.split('\n')).toEqual([
      "SELECT session_id::text AS o1_1, replace(E'ordersPerUser\\x3au-1', E'u-1', renter_id::text) AS o2_1, listing_id::text AS o4_1, renter_id::text AS o4_2, start_date::text AS o4_3 FROM bench_targets WHERE n = (SELECT nextval('bench_targets_draws')) \\gset",
      'select * from sessions where id = :o1_1;',
      'insert into throttles (key, hits) values (:o2_1, :o2_2);',
      'begin;',
      'insert into orders (listing_id, renter_id, start_date) values (:o4_1, :o4_2, :o4_3);',
      'commit;',
      '',
    ]);
    // No per-client counters: the sequence is the only state shared between transactions and runs.
    expect(defines).toEqual({ o2_2: '1' });
  });

  it('draws a value a transaction only reads at random from a numbered table, repeats allowed (a feed page\'s cursor)', () => {
    const { script, defines } = pgbenchScript(
      [statement('select * from listings where (published_at, id) < (select published_at, id from listings where id = $1) and type = $2 limit $3', ['c-1', 'rental', '21'])],
      { prefix: 'r1', varying: { table: 'bench_feed_cursors_rental', columns: { 'c-1': 'id' }, randomOf: 30_000 } },
    );
    expect(script.split('\n')).toEqual([
      '\\set r1row random(1, 30000)',
      'SELECT id::text AS r11_1 FROM bench_feed_cursors_rental WHERE n = :r1row \\gset',
      'select * from listings where (published_at, id) < (select published_at, id from listings where id = :r11_1) and type = :r11_2 limit :r11_3;',
      '',
    ]);
    expect(defines).toEqual({ r11_2: 'rental', r11_3: '21' });
  });

  it('takes the draw\'s time out of a transaction\'s: 4,000 tps with draws that run alone at 40,000 tps is about 4,444 tps without them', () => {
    expect(withoutDrawOf(40_000)(4_000)).toBeCloseTo(40_000 / 9);
    expect(withoutDrawOf(Number.POSITIVE_INFINITY)(4_000)).toBe(4_000);
  });

  it('counts the progress reports after the warm-up only (new connections prepare and load the catalog first)', () => {
    const output = [
      'progress: 1.0 s, 1500.0 tps, lat 6.6 ms stddev 2.0, 0 failed',
      'progress: 2.0 s, 2900.0 tps, lat 3.4 ms stddev 1.0, 0 failed',
      'progress: 3.0 s, 3100.0 tps, lat 3.2 ms stddev 1.0, 0 failed',
      'progress: 4.0 s, 3300.0 tps, lat 3.0 ms stddev 1.0, 0 failed',
      'tps = 2700.000000 (without initial connection time)',
    ].join('\n');
    expect(tpsAfterWarmup(output, 2, 2700)).toBe(3200);
    expect(tpsAfterWarmup(output, 4, 2700)).toBe(2700);
  });

  it('writes literals pgbench will not read variables in (no colon), that Postgres reads back as they were', () => {
    expect(quoteLiteral(`a:b'c\\d`)).toBe(`E'a\\x3ab''c\\\\d'`);
  });

  it('takes the ratio against the faster whole run: never one whose clients aborted or whose transactions failed, unless none was whole', () => {
    const at50 = { clients: 50, tps: 505, failed: 0, aborted: false };
    const at10 = { clients: 10, tps: 511, failed: 0, aborted: true };
    expect(fasterRun([at50, at10])).toEqual({ ...at50, whole: true });
    expect(fasterRun([at50, { ...at10, aborted: false }])).toEqual({ ...at10, aborted: false, whole: true });
    expect(fasterRun([{ ...at50, failed: 3 }, at10])).toEqual({ ...at10, whole: false });
  });

  it('compares rounds by their medians: the app\'s rates against each round\'s faster pgbench run', () => {
    const run = (clients: number, tps: number) => ({ clients, tps, failed: 0, aborted: false });
    const result = medianRatio([
      { appRps: 430, pgbench: [run(50, 500), run(10, 800)] },
      { appRps: 500, pgbench: [run(50, 520), run(10, 640)] },
      { appRps: 470, pgbench: [run(50, 700), run(10, 450)] },
    ]);
    expect(result).toMatchObject({ appRps: 470, pgbenchTps: 700, whole: true });
    expect(result.ratio).toBeCloseTo(470 / 700);
    expect(result.faster.map((faster) => faster.clients)).toEqual([10, 10, 50]);
    expect(medianRatio([{ appRps: 400, pgbench: [{ ...run(10, 800), failed: 2 }] }]).whole).toBe(false);
  });

  it('alternates which side of a pair runs first, and takes the median of the pairs\' own ratios', () => {
    expect(pairOrder(4)).toEqual([
      ['app', 'pgbench'],
      ['pgbench', 'app'],
      ['app', 'pgbench'],
      ['pgbench', 'app'],
    ]);
    // A machine that slows down in the middle: both sides of a pair slow together, the ratio holds.
    const result = pairedRatio([
      { appRps: 1000, pgbenchTps: 1000 },
      { appRps: 600, pgbenchTps: 580 },
      { appRps: 610, pgbenchTps: 600 },
      { appRps: 990, pgbenchTps: 1010 },
    ]);
    expect(result.each.map((ratio) => Number(ratio.toFixed(3)))).toEqual([1, 1.034, 1.017, 0.98]);
    expect(result.median).toBeCloseTo((1 + 610 / 600) / 2);
    expect(result.lowest).toBeCloseTo(990 / 1010);
    expect(result.highest).toBeCloseTo(600 / 580);
    expect(() => pairedRatio([])).toThrow('no pairs');
  });

  it('reads the summary pgbench prints', () => {
    const output = [
      'transaction type: multiple scripts',
      'number of clients: 50',
      'number of transactions actually processed: 39140',
      'number of failed transactions: 0 (0.000%)',
      'latency average = 15.332 ms',
      'initial connection time = 101.2 ms',
      'tps = 3261.219 (without initial connection time)',
    ].join('\n');
    expect(parsePgbenchOutput(output)).toEqual({ tps: 3261.219, transactions: 39140, failed: 0, latencyAverageMs: 15.332, aborted: false });
    expect(() => parsePgbenchOutput('connection refused')).toThrow(/no summary/);
  });
});
