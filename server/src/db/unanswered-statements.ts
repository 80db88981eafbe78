import type { Logger } from 'pino';
import { contained } from '../contained.ts';

/**
 * Ends the connection of a client that has waited too long for any answer to its statements.
 * Postgres ends every statement at the sessions' statement_timeout (15 s), so a client still
 * waiting past UNANSWERED_STATEMENT_MS means the server or the network is gone; ending the
 * connection fails its statements (the pool then drops the client) instead of leaving them, and
 * the request behind them, waiting forever.
 *
 * One check per pool every few seconds, not pg's query_timeout: that one sets a timer inside
 * pg's query() for every statement, and the young objects of the requests behind those statements
 * then survived the young generation's collections and filled the old one (decision 053).
 */

/** How long a client may wait with no answer at all before its connection is ended. */
export const UNANSWERED_STATEMENT_MS = 20_000;

/** What the watch needs of a pg client: ending it (pg destroys the socket of a client with a statement in flight). */
export interface Endable {
  end(): Promise<void>;
}

type Waiting = { statements: number; since: number };

export class UnansweredStatements<Client extends Endable> {
  private readonly waiting = new Map<Client, Waiting>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly limitMs: number,
    private readonly logger: Logger,
    private readonly now: () => number = () => performance.now(),
  ) {
    // A client is ended between limitMs and 1.25 times it after its last answer; a failed check is logged, never thrown.
    this.timer = setInterval(contained(logger, 'unanswered statements', () => this.endUnanswered()), Math.max(10, limitMs / 4));
    this.timer.unref();
  }

  /** Notes a statement sent on `client`; the returned function is called once, when it is answered or failed. */
  sent(client: Client): () => void {
    let entry = this.waiting.get(client);
    if (!entry) this.waiting.set(client, (entry = { statements: 0, since: this.now() }));
    entry.statements += 1;
    const waiting = entry;
    return () => {
      waiting.statements -= 1;
      // An answer restarts the wait of the statements still sent behind it (in pg's queue, answered in order).
      waiting.since = this.now();
      if (waiting.statements === 0 && this.waiting.get(client) === waiting) this.waiting.delete(client);
    };
  }

  /** Clients waiting now, for tests. */
  get size(): number {
    return this.waiting.size;
  }

  /** Ends every client whose last answer (or first statement) is older than the limit. */
  endUnanswered(): void {
    const now = this.now();
    for (const [client, entry] of this.waiting) {
      if (now - entry.since < this.limitMs) continue;
      this.waiting.delete(client);
      this.logger.warn({ waitedMs: Math.round(now - entry.since) }, 'postgres sent no answer: connection ended');
      // Its statements fail with pg's 'Connection terminated'; a failure to end is the same news.
      client.end().catch(() => {});
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
