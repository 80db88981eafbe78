// Reads the statements the app sent from Postgres's own log (log_statement =
// 'all'): the exact text and parameters, not a retyped copy.
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

/**
 * Each log line starts with this prefix (log_line_prefix, set for the capture)
 * so the reader knows the backend and the application; a statement's text may
 * span lines after it.
 */
export const LOG_LINE_PREFIX = '@@vz@@%p@@%a@@ ';
const ENTRY = /^@@vz@@(\d+)@@([^@\n]*)@@ ([A-Z]+): {2}/gm;

type LogEntry = { pid: number; application: string; severity: string; text: string };

function entries(text: string): LogEntry[] {
  const found: LogEntry[] = [];
  const heads = [...text.matchAll(ENTRY)];
  heads.forEach((head, i) => {
    const start = head.index + head[0].length;
    const end = i + 1 < heads.length ? heads[i + 1]!.index : text.length;
    found.push({ pid: Number(head[1]), application: head[2]!, severity: head[3]!, text: text.slice(start, end).replace(/\n$/, '') });
  });
  return found;
}

/** Postgres's log (stderr format, LOG_LINE_PREFIX) -> the statements it logged, with their parameters. */
export function parseLog(text: string): LoggedStatement[] {
  const statements: LoggedStatement[] = [];
  let last: (LoggedStatement & { open: boolean }) | undefined;
  for (const entry of entries(text)) {
    if (entry.severity === 'DETAIL' && last?.open && last.pid === entry.pid && /^parameters:/i.test(entry.text)) {
      last.params = parseParameters(entry.text);
      last.open = false;
      continue;
    }
    if (last) last.open = false;
    const match = entry.severity === 'LOG' ? /^(?:statement|execute [^:]*): ([\s\S]*)$/.exec(entry.text) : null;
    if (!match) continue;
    last = { pid: entry.pid, application: entry.application, sql: match[1]!, params: [], open: true };
    statements.push(last);
  }
  return statements.map(({ pid, application, sql, params }) => ({ pid, application, sql, params }));
}

/** The statements logged between the begin and end markers of `label` (markers excluded). */
export function between(statements: readonly LoggedStatement[], label: string): LoggedStatement[] {
  const begin = statements.findIndex((statement) => statement.sql === markerSql(label, 'begin'));
  const end = statements.findIndex((statement) => statement.sql === markerSql(label, 'end'));
  if (begin < 0 || end < begin) throw new Error(`markers of "${label}" not found in the Postgres log`);
  return statements.slice(begin + 1, end);
}

/**
 * The job queue's own statements (its polling, its idle check, its maintenance): through the app's pool,
 * part of no request. The schema is written bare by pg-boss and quoted by the app's own queue code.
 */
export const JOB_QUEUE_STATEMENT = /(?:\bpgboss|"pgboss")\./;

const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end)\b/i;
/**
 * The app's held writes sent as one statement (server/src/db/held-writes.ts). A transaction that made
 * only held writes is that one statement, with no BEGIN and COMMIT: it is a transaction of its own here.
 */
const HELD_STATEMENT = /^\s*WITH held_\d+ AS \(/;

/**
 * The statements one request made, from its first statement that carries
 * `firstParam` (the session lookup: every signed-in request starts with it);
 * the app's connections only; background work dropped: statements matching
 * `ignore` (the job queue's polling) outside transactions, and transactions
 * with no statement matching `anchor` (a job's notice committed meanwhile); a
 * statement of held writes is a transaction of its own. For a mutation, nothing
 * after its last transaction ended (the event bus reading the rows it notified is
 * fan-out, not the request).
 */
export function requestStatements(
  statements: readonly LoggedStatement[],
  options: { application: string; firstParam?: string; ignore?: RegExp; anchor?: RegExp; mutation?: boolean },
): LoggedStatement[] {
  const open = new Map<number, LoggedStatement[]>();
  const kept: LoggedStatement[] = [];
  /** How many of `kept` there were when the last transaction kept ended: a mutation's statements end there. */
  let endOfLastTransaction = -1;
  const app = statements.filter((statement) => statement.application === options.application);
  const first = options.firstParam === undefined ? 0 : app.findIndex((statement) => statement.params.includes(options.firstParam!));
  for (const statement of app.slice(Math.max(0, first))) {
    const block = open.get(statement.pid);
    if (TRANSACTION_START.test(statement.sql)) {
      open.set(statement.pid, [statement]);
    } else if (block) {
      block.push(statement);
      if (TRANSACTION_END.test(statement.sql)) {
        open.delete(statement.pid);
        if (!options.anchor || block.some((entry) => options.anchor!.test(entry.sql))) {
          kept.push(...block);
          endOfLastTransaction = kept.length;
        }
      }
    } else if (HELD_STATEMENT.test(statement.sql)) {
      if (!options.anchor || options.anchor.test(statement.sql)) {
        kept.push(statement);
        endOfLastTransaction = kept.length;
      }
    } else if (!options.ignore?.test(statement.sql)) {
      kept.push(statement);
    }
  }
  if (!options.mutation || endOfLastTransaction < 0) return kept;
  return kept.slice(0, endOfLastTransaction);
}

/**
 * The statements of one request in the state the load measures: its person's session already
 * in the app's session cache (the bench sends that session one request before the capture), so
 * the request reads no session. A statement carrying `sessionId` means the capture is of a
 * cold session, whose lookup the measured requests never make: refused, not kept.
 */
export function cachedSessionStatements(
  statements: readonly LoggedStatement[],
  options: { application: string; sessionId: string; ignore?: RegExp; anchor?: RegExp; mutation?: boolean },
): LoggedStatement[] {
  const { sessionId, ...rest } = options;
  const kept = requestStatements(statements, rest);
  const lookup = kept.find((statement) => statement.params.includes(sessionId));
  if (lookup) throw new Error(`the captured request read its session (${lookup.sql.replace(/\s+/g, ' ').slice(0, 80)}): the session was not in the app's cache`);
  return kept;
}
