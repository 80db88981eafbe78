import type { LoggedStatement } from './pg-log.ts';
import { median, ratiosOfPairs } from './stats.ts';

// Turns captured statements into a pgbench custom script: the same SQL text,
// each `$n` replaced by a pgbench variable, so `-M prepared` / `-M extended`
// send it as a parameterised statement exactly as the app does. Parameter
// values are passed with `-D name=value` (pgbench's \set only makes numbers).

export type PgbenchScript = { script: string; defines: Record<string, string> };

/**
 * For a transaction that must not repeat itself (an order on the same listing
 * and days conflicts with the one before): the values that identify it are
 * drawn per transaction from a table of targets, with one extra `SELECT ... \gset`
 * before the captured SQL. Each transaction takes the table's next row from a
 * sequence (`targetsSequence`), so no two transactions share a row, whatever
 * the clients' pace and however many runs follow one another.
 */
export type Varying = {
  table: string;
  /** A captured value -> the targets table's column that replaces it (also inside longer values). */
  columns: Record<string, string>;
  /**
   * Rows numbered 1..rows drawn at random (pgbench's `random()`), with repeats, instead of the next row
   * of the sequence: for values a transaction only reads (a feed page's cursor), so a run may take more
   * transactions than the table has rows.
   */
  randomOf?: number;
};

/** The sequence a Varying script draws its rows from: create it with the targets table (`CREATE SEQUENCE <this>`), numbering rows from 1. */
export const targetsSequence = (table: string) => `${table}_draws`;

/**
 * A string literal without a colon: pgbench reads `:name` as a variable even
 * inside quotes, so ':' is written as the escape \x3a of an E'' literal.
 */
export const quoteLiteral = (value: string) => `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\x3a')}'`;

/** Replaces `$n` placeholders outside quoted literals and identifiers. */
export function replacePlaceholders(sql: string, replace: (index: number) => string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    if (char === "'" || char === '"') {
      const close = sql.indexOf(char, i + 1);
      const end = close < 0 ? sql.length : close + 1;
      out += sql.slice(i, end);
      i = end;
      continue;
    }
    const placeholder = char === '$' ? /^\$(\d+)/.exec(sql.slice(i)) : null;
    if (placeholder) {
      out += replace(Number(placeholder[1]) - 1);
      i += placeholder[0].length;
      continue;
    }
    out += char;
    i += 1;
  }
  return out;
}

/** Where one parameter of a captured statement comes from: the value the app sent, or a value drawn per transaction (its name in the draw's select list). */
export type ParameterSource = { value: string | null } | { drawn: string };

/**
 * Captured statements with each parameter's source: the captured value, or with `varying` the targets
 * table's column (or a replace() of the captured text by it) selected per transaction under a name
 * `<prefix><statement>_<parameter>`. `drawn`: that select list, empty when nothing varies. Shared by the
 * pgbench script and the bare endpoint's orders, so both run the same values.
 */
export function drawnStatements(statements: readonly LoggedStatement[], options: { prefix: string; varying?: Varying }): { drawn: string[]; statements: { sql: string; params: ParameterSource[] }[] } {
  const drawn: string[] = [];
  const known = options.varying ? Object.entries(options.varying.columns).filter(([value]) => value !== '') : [];
  const planned = statements.map((statement, s) => {
    const sql = statement.sql.trim().replace(/;\s*$/, '');
    const params = statement.params.map((value, index): ParameterSource => {
      const hits = value === null ? [] : known.filter(([candidate]) => value.includes(candidate));
      if (hits.length === 0) return { value };
      const name = `${options.prefix}${s + 1}_${index + 1}`;
      const exact = hits.find(([candidate]) => candidate === value);
      const expression = exact ? `${exact[1]}::text` : hits.reduce((text, [candidate, column]) => `replace(${text}, ${quoteLiteral(candidate)}, ${column}::text)`, quoteLiteral(value!));
      drawn.push(`${expression} AS ${name}`);
      return { drawn: name };
    });
    return { sql, params };
  });
  return { drawn, statements: planned };
}

/**
 * `types[s][i]`: the type Postgres inferred for parameter i of statement s
 * (from PREPARE). pgbench cannot send a NULL parameter, so a NULL is written
 * inline, cast to that type so the other parameters are inferred as before.
 */
export function pgbenchScript(statements: readonly LoggedStatement[], options: { prefix: string; varying?: Varying; types?: readonly (readonly string[] | undefined)[] }): PgbenchScript {
  const defines: Record<string, string> = {};
  const varying = options.varying;
  const plan = drawnStatements(statements, options);
  const lines = plan.statements.map((statement, s) => {
    const sql = replacePlaceholders(statement.sql, (index) => {
      const source = statement.params[index];
      if (source === undefined) throw new Error(`statement ${s + 1} has no value for $${index + 1}`);
      if ('drawn' in source) return `:${source.drawn}`;
      if (source.value === null) {
        const type = options.types?.[s]?.[index];
        return type ? `NULL::${type}` : 'NULL';
      }
      const name = `${options.prefix}${s + 1}_${index + 1}`;
      defines[name] = source.value;
      return `:${name}`;
    });
    return `${sql};`;
  });
  if (varying && plan.drawn.length > 0) {
    const random = `${options.prefix}row`;
    // A scalar subquery: nextval runs once per transaction (in WHERE it would run per row scanned).
    const row = varying.randomOf === undefined ? `(SELECT nextval('${targetsSequence(varying.table)}'))` : `:${random}`;
    lines.unshift(`SELECT ${plan.drawn.join(', ')} FROM ${varying.table} WHERE n = ${row} \\gset`);
    if (varying.randomOf !== undefined) lines.unshift(`\\set ${random} random(1, ${varying.randomOf})`);
  }
  return { script: `${lines.join('\n')}\n`, defines };
}

export type PgbenchResult = { tps: number; transactions: number; failed: number; latencyAverageMs: number; aborted: boolean };

/**
 * The run a line's ratio is against: the faster of the runs at different client counts (the app is
 * not flattered by pgbench's worse count), among those that ran to the end. A run with failed
 * transactions or aborted clients measured less than the statements' work, so it is taken only
 * when no run was whole, and then the line says so (`whole: false`).
 */
export function fasterRun<T extends { tps: number; failed: number; aborted: boolean }>(runs: readonly T[]): T & { whole: boolean } {
  const whole = runs.filter((run) => !run.aborted && run.failed === 0 && Number.isFinite(run.tps));
  const pool = whole.length > 0 ? whole : runs;
  const faster = pool.reduce((best, run) => (run.tps > best.tps ? run : best));
  return { ...faster, whole: whole.length > 0 };
}

/**
 * Rounds of the app's load and of pgbench, alternated: the median of the app's rates against the
 * median of each round's faster pgbench run (`fasterRun`). On one hot row pgbench read anywhere from
 * 400 to 800 tps from run to run, a spread wider than a target's margin: a median of rounds is not
 * one lucky or unlucky run on either side.
 */
export function medianRatio<T extends { tps: number; failed: number; aborted: boolean }>(
  rounds: readonly { appRps: number; pgbench: readonly T[] }[],
): { appRps: number; pgbenchTps: number; ratio: number; whole: boolean; faster: (T & { whole: boolean })[] } {
  const faster = rounds.map((round) => fasterRun(round.pgbench));
  const appRps = median(rounds.map((round) => round.appRps));
  const pgbenchTps = median(faster.map((run) => run.tps));
  return { appRps, pgbenchTps, ratio: appRps / pgbenchTps, whole: faster.every((run) => run.whole), faster };
}

/**
 * Which side runs first in each of `rounds` adjacent pairs: the app, then pgbench, then the other way
 * round, so neither side always meets the machine after the other's load.
 */
export function pairOrder(rounds: number): ('app' | 'pgbench')[][] {
  return Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? ['app', 'pgbench'] : ['pgbench', 'app']));
}

/**
 * The ratio of adjacent rounds, the app's load and pgbench seconds apart: each pair's own ratio, and
 * their median. This machine's speed drifts by a third within a minute with nothing else running (a
 * fixed loop took 57 to 98 ms from one second to another): a ratio of two runs a minute apart reads that
 * drift, while the two runs of a pair meet nearly the same machine.
 */
export function pairedRatio(pairs: readonly { appRps: number; pgbenchTps: number }[]): { each: number[]; median: number; lowest: number; highest: number } {
  return ratiosOfPairs(pairs.map((pair) => ({ of: pair.appRps, to: pair.pgbenchTps })));
}

/**
 * A pgbench rate without a per-transaction draw (a `SELECT ... \\gset` of its cursor): with the cores busy
 * either way, a transaction's time is the draw's (1 / the rate of the draws alone) plus the rest.
 */
export const withoutDrawOf = (drawTps: number) => (tps: number) => 1 / (1 / tps - 1 / drawTps);

/**
 * The mean rate of pgbench's per-second progress reports (`-P 1`: "progress: 3.0 s, 2871.9 tps, ...")
 * after the first `warmupSeconds`; `whole` (the summary's) when there is none after them.
 */
export function tpsAfterWarmup(output: string, warmupSeconds: number, whole: number): number {
  const rates = [...output.matchAll(/^progress: ([\d.]+) s, ([\d.]+) tps/gm)].filter((match) => Number(match[1]) > warmupSeconds).map((match) => Number(match[2]));
  return rates.length ? rates.reduce((sum, rate) => sum + rate, 0) / rates.length : whole;
}

/** The figures of pgbench's summary (PostgreSQL 13+ output). */
export function parsePgbenchOutput(output: string): PgbenchResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output);
    return match ? Number(match[1]) : Number.NaN;
  };
  const transactions = number(/number of transactions actually processed: (\d+)/);
  if (Number.isNaN(transactions)) throw new Error(`pgbench printed no summary:\n${output.slice(-2000)}`);
  return {
    tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
    transactions,
    failed: number(/number of failed transactions: (\d+)/) || 0,
    latencyAverageMs: number(/latency average = ([\d.]+) ms/),
    aborted: /aborted|Run was aborted/i.test(output),
  };
}
