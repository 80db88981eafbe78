// Reads the statements the app sent from Postgres's own log (jsonlog with
// log_statement = 'all'): the exact text and parameters, not a retyped copy.
// The bench brackets each captured request between two marker statements sent
// on its own connection, so one log holds several captures in order.

export type LoggedStatement = {
  pid: number;
  application: string;
  sql: string;
  /** Bound parameters as Postgres received them (text), null for SQL NULL. */
  params: (string | null)[];
};

const MARKER_PREFIX = 'vz-bench';

/** The statement the bench runs before (`begin`) and after (`end`) the request it captures. */
export function markerSql(label: string, edge: 'begin' | 'end'): string {
  return `SELECT '${MARKER_PREFIX}:${edge}:${label.replace(/'/g, '')}'`;
}

/** `$1 = 'a''b', $2 = NULL` -> ["a'b", null]. */
export function parseParameters(detail: string): (string | null)[] {
  const params: (string | null)[] = [];
  const text = detail.replace(/^\s*parameters:\s*/i, '');
  let i = 0;
  while (i < text.length) {
    const head = /^\s*,?\s*\$(\d+) = /.exec(text.slice(i));
    if (!head) break;
    const index = Number(head[1]) - 1;
    i += head[0].length;
    if (text.startsWith('NULL', i)) {
      params[index] = null;
      i += 4;
      continue;
    }
    if (text[i] !== "'") throw new Error(`unexpected parameter text at ${i}: ${text.slice(i, i + 40)}`);
    let value = '';
    i += 1;
    for (;;) {
      const quote = text.indexOf("'", i);
      if (quote < 0) throw new Error('unterminated parameter value in the log');
      value += text.slice(i, quote);
      if (text[quote + 1] === "'") {
        value += "'";
        i = quote + 2;
      } else {
        i = quote + 1;
        break;
      }
    }
    params[index] = value;
  }
  return params;
}

/** One jsonlog line -> the statement it logged, or null for any other message. */
export function parseLogLine(line: string): LoggedStatement | null {
  if (!line.trim()) return null;
  const entry = JSON.parse(line) as { pid?: number; application_name?: string; message?: string; detail?: string };
  const match = /^(?:statement|execute [^:]*): ([\s\S]*)$/.exec(entry.message ?? '');
  if (!match) return null;
  return {
    pid: entry.pid ?? 0,
    application: entry.application_name ?? '',
    sql: match[1]!,
    params: entry.detail && /^\s*parameters:/i.test(entry.detail) ? parseParameters(entry.detail) : [],
  };
}

export function parseLog(text: string): LoggedStatement[] {
  return text.split('\n').flatMap((line) => parseLogLine(line) ?? []);
}

/** The statements logged between the begin and end markers of `label` (markers excluded). */
export function between(statements: readonly LoggedStatement[], label: string): LoggedStatement[] {
  const begin = statements.findIndex((statement) => statement.sql === markerSql(label, 'begin'));
  const end = statements.findIndex((statement) => statement.sql === markerSql(label, 'end'));
  if (begin < 0 || end < begin) throw new Error(`markers of "${label}" not found in the Postgres log`);
  return statements.slice(begin + 1, end);
}

const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end)\b/i;

/**
 * The statements one request made: the app's connections only; background work
 * (`ignore`, e.g. the job queue's polling) dropped unless it ran inside a
 * transaction; for a mutation, nothing after its last transaction ended (the
 * event bus reading the rows it notified is fan-out, not the request).
 */
export function requestStatements(
  statements: readonly LoggedStatement[],
  options: { application: string; ignore?: RegExp; mutation?: boolean },
): LoggedStatement[] {
  const inTransaction = new Set<number>();
  const kept: LoggedStatement[] = [];
  for (const statement of statements) {
    if (statement.application !== options.application) continue;
    const open = inTransaction.has(statement.pid);
    if (TRANSACTION_START.test(statement.sql)) inTransaction.add(statement.pid);
    if (TRANSACTION_END.test(statement.sql)) inTransaction.delete(statement.pid);
    if (!open && options.ignore?.test(statement.sql) && !TRANSACTION_START.test(statement.sql)) continue;
    kept.push(statement);
  }
  if (!options.mutation) return kept;
  const lastEnd = kept.findLastIndex((statement) => TRANSACTION_END.test(statement.sql));
  return lastEnd < 0 ? kept : kept.slice(0, lastEnd + 1);
}
