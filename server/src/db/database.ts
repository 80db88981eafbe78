import { createHash } from 'node:crypto';
import { type Compilable, CompiledQuery, Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Logger } from 'pino';
import { trackPool } from '../observability/metrics.ts';
import { combineWrites, HELD_PARAMETER, type HeldWrite, isHoldable, isMarkedHeld } from './held-writes.ts';
import type { Database } from './schema.ts';
import { timestamptzParser } from './timestamp-text.ts';
import { UNANSWERED_STATEMENT_MS, UnansweredStatements } from './unanswered-statements.ts';

// Calendar dates stay 'YYYY-MM-DD' strings (no shifting through Date);
// bigint ids and counts arrive as strings and are converted where used.
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);
// Instants in a UTC session's form read without pg's regular expressions; any other form by pg's parser.
const TIMESTAMPTZ_OID = 1184;
pg.types.setTypeParser(TIMESTAMPTZ_OID, timestamptzParser(pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text')));

export type Db = Kysely<Database>;

/**
 * Streamed reads (CSV exports) keep one cursor open while a slow connection
 * reads 100,000 rows: a cursor is submitted to pg's client directly, outside the
 * pool's watch on unanswered statements, and gets 30 minutes of pg's own read
 * timeout (pg reads query_timeout from the submitted query).
 */
class ExportCursor<Row> extends Cursor<Row> {
  readonly query_timeout = 30 * 60 * 1000;
}

/**
 * Named (prepared) statements for the hot queries. Postgres parses a named statement
 * once per connection and, after five runs, keeps a generic plan when its estimated cost is
 * no more than the custom plans' (the feed's pages never passed: FEED_SESSION_OPTIONS).
 * Kysely sends every query unnamed, so a repository marks a query with `prepared` (its
 * SQL text, a stable key: the same query shape compiles to the same text) and the pool's
 * clients send a marked text under a name derived from it. Not for queries whose best
 * plan depends on the values (search: a generic plan of ILIKE '%term%' was 3x slower at
 * 10,000 listings).
 */
const statementNames = new Map<string, string>();
/** Texts come from code, a handful per query shape; the bound only stops a mistake from growing the map. */
const MAX_NAMED_STATEMENTS = 500;

function nameText(text: string): void {
  if (!statementNames.has(text) && statementNames.size < MAX_NAMED_STATEMENTS) {
    statementNames.set(text, `vz_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
  }
}

/** Runs the query (or its compiled text, see `compiledOnce`) as a named statement; its rows. */
export async function prepared<O>(db: Db, query: Compilable<O> | CompiledQuery<O>): Promise<O[]> {
  const compiled = 'compile' in query ? query.compile() : query;
  nameText(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}

/**
 * A text of code outside the repositories (the job queue's), named as `prepared` does when it has
 * parameters: it is then one statement already (sent with Parse and Bind), while a text without them
 * may be several (pg-boss installs its schema in one) and is sent as it is.
 */
export function preparedWhenParameterised(text: string, values: readonly unknown[]): CompiledQuery {
  if (values.length > 0) nameText(text);
  return CompiledQuery.raw(text, [...values]);
}

/**
 * Runs a single INSERT whose result the caller does not read (a live event, a delivery job, an
 * audit entry). In a transaction it is held and sent with the transaction's other held writes as
 * one statement before the transaction's next statement or its commit (held-writes.ts): a failure
 * then surfaces there, and the whole transaction rolls back as it would have. Outside a transaction,
 * or for a text that cannot be held, it runs now.
 */
export async function writeLater(db: Db, query: CompiledQuery): Promise<void> {
  if (db.isTransaction && isHoldable(query.sql)) {
    await db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters, HELD_PARAMETER]));
    return;
  }
  nameText(query.sql);
  await db.executeQuery(query);
}

/** How a pool client sends a text: under its name when `prepared` named it. */
type Send = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * One client's transaction as Kysely runs it: 'begin' (or 'start transaction ...'), statements,
 * then 'commit' or 'rollback', on the same client. Writes marked by `writeLater` are held and
 * sent together before the next other statement (a savepoint included) or the commit. The
 * 'begin' itself waits for the first statement that must be sent: a transaction that made only
 * held writes is then one statement, atomic by itself, with no BEGIN and COMMIT round trips
 * (Postgres takes a transaction's snapshot at its first statement, not at BEGIN, so sending
 * BEGIN later changes nothing it reads).
 */
class HeldWrites {
  /** 'begin' received and not sent: its text. */
  private beginText: string | null = null;
  /** A transaction is open on the server: a ROLLBACK must reach it. */
  private begun = false;
  private writes: HeldWrite[] = [];

  run(send: Send, text: string, values: unknown[] | undefined): Promise<pg.QueryResult> {
    if (isMarkedHeld(values)) {
      const write = { text, values: values.slice(0, -1) };
      if (this.beginText === null && !this.begun) return send(write.text, write.values);
      this.writes.push(write);
      return answered('INSERT');
    }
    if (text === 'begin' || text.startsWith('start transaction')) {
      this.reset();
      this.beginText = text;
      return answered('BEGIN');
    }
    if (text === 'commit') return this.commit(send);
    if (text === 'rollback') {
      const begun = this.begun;
      this.reset();
      return begun ? send(text, values) : answered('ROLLBACK');
    }
    // Kysely's 'rollback to "name"': whatever is held came after that savepoint (the savepoint's own statement sent what came before).
    if (text.startsWith('rollback to ')) this.writes = [];
    if (this.beginText === null && this.writes.length === 0) return send(text, values);
    return this.sendBefore(send).then(() => send(text, values));
  }

  /** A cursor is sent synchronously: the 'begin' and what is held go first on the client's queue (a failure there fails the cursor's transaction). */
  beforeCursor(send: Send): void {
    const { begin, statements } = this.takeWaiting();
    // Submitted now, in order (pg's client runs its queue in order), not one after another's answer.
    Promise.all([...(begin ? [send(begin)] : []), ...statements.map((statement) => sendNamed(send, statement))]).catch(() => {});
  }

  reset(): void {
    this.beginText = null;
    this.begun = false;
    this.writes = [];
  }

  /**
   * What must reach Postgres before another statement: the waiting 'begin' (null when it was sent),
   * then what is held, as statements. Taken: the transaction counts as open from here (a failure
   * leaves the rollback to Kysely, and the rollback must be sent).
   */
  private takeWaiting(): { begin: string | null; statements: HeldWrite[] } {
    const waiting = { begin: this.beginText, statements: combineWrites(this.writes) };
    this.writes = [];
    if (waiting.begin !== null) {
      this.beginText = null;
      this.begun = true;
    }
    return waiting;
  }

  private async sendBefore(send: Send, waiting = this.takeWaiting()): Promise<void> {
    if (waiting.begin !== null) await send(waiting.begin);
    for (const statement of waiting.statements) await sendNamed(send, statement);
  }

  private async commit(send: Send): Promise<pg.QueryResult> {
    const waiting = this.takeWaiting();
    // Nothing sent yet, and at most one statement held: it is the whole transaction, with no BEGIN and no COMMIT.
    if (waiting.begin !== null && waiting.statements.length <= 1) {
      this.reset();
      const [only] = waiting.statements;
      if (only) await sendNamed(send, only);
      return answered('COMMIT');
    }
    await this.sendBefore(send, waiting);
    // A failed COMMIT ends the transaction too: nothing is left to roll back.
    this.reset();
    return send('commit');
  }
}

/** Sends a statement under its name (held statements, combined or not, are named like `prepared`'s). */
function sendNamed(send: Send, statement: HeldWrite): Promise<pg.QueryResult> {
  nameText(statement.text);
  return send(statement.text, [...statement.values]);
}

/** What a statement that was not sent (a held write, a waiting 'begin') answers: nothing read, nothing counted. */
function answered(command: string): Promise<pg.QueryResult> {
  return Promise.resolve({ command, rowCount: 0, rows: [], fields: [], oid: 0 } as pg.QueryResult);
}

/** The pool as Kysely sees it: each client sends the texts `prepared` marked under their names, and holds `writeLater`'s writes. */
function namingPool(pool: pg.Pool, watch: UnansweredStatements<pg.PoolClient>): PostgresPool {
  // One wrapper per pg client, kept as long as the client lives: Kysely keeps its connection object per client too.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // pg's callback form: its promise form made the young objects of the request awaiting a statement outlive
    // the young generation's collections (decision 053).
    const send: Send = (text, values) => {
      const name = statementNames.get(text);
      const answered = watch.sent(client);
      return new Promise((resolve, reject) => {
        const callback = (error: Error | null, result: pg.QueryResult) => {
          answered();
          if (error) reject(error);
          else resolve(result);
        };
        try {
          if (name) client.query({ name, text, values }, callback);
          else client.query(text, values ?? [], callback);
        } catch (error) {
          answered();
          reject(error);
        }
      });
    };
    const held = new HeldWrites();
    return {
      query: ((textOrCursor: string | Cursor, values?: unknown[]) => {
        if (typeof textOrCursor === 'string') return held.run(send, textOrCursor, values);
        held.beforeCursor(send);
        return client.query(textOrCursor);
      }) as PostgresPoolClient['query'],
      release: () => {
        // Kysely commits or rolls back before it releases; a client released mid-transaction (its connection lost) holds nothing more.
        held.reset();
        client.release();
      },
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

export interface DatabaseHandle {
  db: Db;
  /** The public feed's pages without a search, on a pool of their own (FEED_SESSION_OPTIONS). */
  feedDb: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * The feed pool's sessions plan each named statement once, for any values. Under Postgres's own
 * choice a feed page was planned again on every request (a page's generic plan is costed with
 * default guesses for expires_at > $1, above its custom plans), and planning took longer than
 * running it. The pages sent here run as fast on a generic plan, their constants being literals
 * in the text (decision 048).
 */
export const FEED_SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan';
/** Feed pages are one short statement each: fewer connections serve them than the rest of the app. */
const FEED_POOL_MAX = 5;

/** A pool that survives Postgres restarts: idle-client errors are logged, never thrown. */
function createPool(connectionString: string, logger: Logger, options: { max: number; sessionOptions?: string }): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Postgres ends a statement past this; a connection that stays silent longer is ended by UnansweredStatements.
    statement_timeout: 15_000,
    application_name: 'vizinhanca',
    ...(options.sessionOptions ? { options: options.sessionOptions } : {}),
  });
  pool.on('error', (error: Error & { code?: string }) => logger.warn({ error: error.message, code: error.code }, 'postgres pool client error'));
  // A client checked out between two statements (inside a transaction, say) has no
  // pool listener: a Postgres restart then emitted an unhandled 'error' that killed
  // the process. Its next statement fails on its own; here it is only logged.
  pool.on('connect', (client) => {
    client.on('error', (error: Error & { code?: string }) => logger.warn({ error: error.message, code: error.code }, 'postgres client error'));
  });
  return pool;
}

export function createDatabase(
  connectionString: string,
  logger: Logger,
  options: { max?: number; unansweredStatementMs?: number } = {},
): DatabaseHandle {
  const pool = createPool(connectionString, logger, { max: options.max ?? 10 });
  const feedPool = createPool(connectionString, logger, { max: FEED_POOL_MAX, sessionOptions: FEED_SESSION_OPTIONS });
  const watches = [pool, feedPool].map(() => new UnansweredStatements<pg.PoolClient>(options.unansweredStatementMs ?? UNANSWERED_STATEMENT_MS, logger));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool, watches[0]!), cursor: ExportCursor }) });
  const feedDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(feedPool, watches[1]!) }) });
  const untrack = [trackPool(pool), trackPool(feedPool)];
  return {
    db,
    feedDb,
    pool,
    async close() {
      for (const stop of untrack) stop();
      for (const watch of watches) watch.stop();
      await Promise.all([db.destroy(), feedDb.destroy()]);
    },
  };
}
