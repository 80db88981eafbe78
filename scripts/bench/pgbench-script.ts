import type { LoggedStatement } from './pg-log.ts';

// Turns captured statements into a pgbench custom script: the same SQL text,
// each `$n` replaced by a pgbench variable, so `-M prepared` / `-M extended`
// send it as a parameterised statement exactly as the app does. Parameter
// values are passed with `-D name=value` (pgbench's \set only makes numbers).

export type PgbenchScript = { script: string; defines: Record<string, string> };

/**
 * For a transaction that must not repeat itself (an order on the same listing
 * and days conflicts with the one before): the values that identify it are
 * drawn per transaction from a table of targets, one row per transaction (per
 * client counter), with one extra `SELECT ... \gset` before the captured SQL.
 */
export type Varying = {
  table: string;
  /** A captured value -> the targets table's column that replaces it (also inside longer values). */
  columns: Record<string, string>;
  /** pgbench's -c, so that client c takes rows base+c+1, base+c+1+clients, ... (both -D variables: set them per run). */
  clients: number;
};

/** The -D variables of a Varying script that each pgbench run sets: its -c, and the rows earlier runs used. */
export const varyingRunVariables = (prefix: string) => ({ clients: `${prefix}clients`, base: `${prefix}base` });

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

/**
 * `types[s][i]`: the type Postgres inferred for parameter i of statement s
 * (from PREPARE). pgbench cannot send a NULL parameter, so a NULL is written
 * inline, cast to that type so the other parameters are inferred as before.
 */
export function pgbenchScript(statements: readonly LoggedStatement[], options: { prefix: string; varying?: Varying; types?: readonly (readonly string[] | undefined)[] }): PgbenchScript {
  const defines: Record<string, string> = {};
  const drawn: string[] = [];
  const lines: string[] = [];
  const varying = options.varying;
  const known = varying ? Object.entries(varying.columns).filter(([value]) => value !== '') : [];
  statements.forEach((statement, s) => {
    const sql = replacePlaceholders(statement.sql.trim().replace(/;\s*$/, ''), (index) => {
      const value = statement.params[index];
      if (value === undefined) throw new Error(`statement ${s + 1} has no value for $${index + 1}`);
      if (value === null) {
        const type = options.types?.[s]?.[index];
        return type ? `NULL::${type}` : 'NULL';
      }
      const name = `${options.prefix}${s + 1}_${index + 1}`;
      const hits = known.filter(([candidate]) => value.includes(candidate));
      if (hits.length === 0) {
        defines[name] = value;
      } else {
        const exact = hits.find(([candidate]) => candidate === value);
        const expression = exact ? `${exact[1]}::text` : hits.reduce((text, [candidate, column]) => `replace(${text}, ${quoteLiteral(candidate)}, ${column}::text)`, quoteLiteral(value));
        drawn.push(`${expression} AS ${name}`);
      }
      return `:${name}`;
    });
    lines.push(`${sql};`);
  });
  if (varying && drawn.length > 0) {
    const counter = `${options.prefix}k`;
    const row = `${options.prefix}n`;
    const run = varyingRunVariables(options.prefix);
    defines[counter] = '0';
    defines[run.clients] = String(varying.clients);
    defines[run.base] = '0';
    lines.unshift(
      `\\set ${row} 1 + :${run.base} + :client_id + :${counter} * :${run.clients}`,
      `\\set ${counter} :${counter} + 1`,
      `SELECT ${drawn.join(', ')} FROM ${varying.table} WHERE n = :${row} \\gset`,
    );
  }
  return { script: `${lines.join('\n')}\n`, defines };
}

export type PgbenchResult = { tps: number; transactions: number; failed: number; latencyAverageMs: number; aborted: boolean };

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
