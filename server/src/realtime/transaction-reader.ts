import type { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { parseEventAnnouncement } from './event-announcement.ts';
import { isLaterId } from './event-ids.ts';
import {
  currentSnapshotXmin,
  eventsOfTransactions,
  eventsWithIds,
  readEventGroups,
  streamEventGroups,
  transactionsWithEventsFrom,
  type EventGroupRow,
} from './events.repository.ts';
import { Reading, type HandOverTarget } from './reading.ts';
import { RecentStrings } from './recent-strings.ts';

/** Transactions read in one query at most (a bigger burst takes several). */
const MAX_BATCH = 1000;
/** Notified transaction ids remembered, so that a catch-up does not read them again (see catchUp). */
const REMEMBERED_TRANSACTIONS = 4096;
/**
 * Transactions skipped one after another (none of their people listens here) before one is read
 * anyway: readings move the catch-up's lower bound (announcedBelow), which must stay within the
 * transactions remembered as announced.
 */
const READ_AT_LEAST_EVERY = 512;

/** Where the reader hands events over, and whether it has anyone to hand a person's events to. */
export interface ReaderTarget extends HandOverTarget {
  /** Whether someone on this instance listens for this person's events. */
  listensTo(userId: string): boolean;
}

/**
 * Reads the events of each transaction the LISTEN connection announces, and after a
 * (re)connection those committed while nobody listened, one reading at a time in commit
 * order, and hands them over (to local-delivery.ts, which skips repeats).
 */
export class TransactionReader {
  /**
   * Every transaction below this id (xid8, decimal) had ended and been announced to this
   * reader: the snapshot xmin of the reading before its last one on the LISTEN connection (see
   * readAndHandOver). A catch-up reads the transactions from here on that it was not told of.
   */
  private announcedBelow = '0';
  /** The snapshot xmin of the last reading on the LISTEN connection: announcedBelow after the next one. */
  private lastReadingXmin = '0';
  /** Transaction ids lately announced by NOTIFY, skipped by a catch-up. */
  private readonly announced = new RecentStrings(REMEMBERED_TRANSACTIONS);
  /** Announced transactions not read, nobody here listening for their people: their events will never be handed over. */
  private readonly skipped = new RecentStrings(REMEMBERED_TRANSACTIONS);
  /** Transactions skipped since the last one queued for reading (see READ_AT_LEAST_EVERY). */
  private skippedInARow = 0;
  /** The transaction last queued: a transaction's NOTIFYs (one per set of people) arrive one after another. */
  private lastQueued: string | null = null;
  /** Notified transaction ids not read yet, in arrival (commit) order. */
  private pending: string[] = [];
  private draining = false;
  /** Deliveries run one at a time, in arrival order (see enqueue). */
  private deliveries: Promise<void> = Promise.resolve();

  /** `listener`: the LISTEN connection's client while it listens (readings run on it), else null. */
  constructor(
    private readonly db: Db,
    private readonly listener: () => pg.Client | null,
    private readonly target: ReaderTarget,
    private readonly logger: Logger,
    private readonly readAtLeastEvery = READ_AT_LEAST_EVERY,
  ) {}

  /** Before the first LISTEN: events committed from here on come from transactions at or above this snapshot's xmin. */
  async start(): Promise<void> {
    this.announcedBelow = this.lastReadingXmin = await currentSnapshotXmin(this.db);
  }

  /**
   * A NOTIFY per committed transaction and set of people (however many events it wrote);
   * under load many in one burst: transaction ids pile up and are read together, one query
   * per batch, as soon as the burst has been parsed (setImmediate runs after the socket's data
   * was handled). A transaction none of whose people listens here is not read: someone who
   * starts listening after this moment reads it in their follower's catch-up, whose snapshot
   * is taken later (follower.ts).
   */
  notified(payload: string): void {
    const announcement = parseEventAnnouncement(payload);
    if (!announcement) {
      this.logger.warn({ payload: payload.slice(0, 80) }, 'an event announcement of an unknown form: ignored');
      return;
    }
    const { transactionId, people } = announcement;
    if (!this.announced.has(transactionId)) this.announced.add(transactionId);
    if (transactionId === this.lastQueued) return;
    if (people && !people.some((person) => this.target.listensTo(person)) && this.skippedInARow + 1 < this.readAtLeastEvery) {
      this.skippedInARow += 1;
      if (!this.skipped.has(transactionId)) this.skipped.add(transactionId);
      return;
    }
    this.skippedInARow = 0;
    // An earlier NOTIFY of the transaction, naming other people, was skipped: it is read after all.
    this.skipped.delete(transactionId);
    this.lastQueued = transactionId;
    this.pending.push(transactionId);
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => void this.enqueue(() => this.drain()));
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length) {
        await this.deliverTransactions(this.pending.splice(0, MAX_BATCH));
      }
    } finally {
      this.draining = false;
      // Arrived after the loop's last look: start another round.
      if (this.pending.length) {
        this.draining = true;
        void this.enqueue(() => this.drain());
      }
    }
  }

  /** Whether this transaction was announced and not read (nobody here listened for its people): its events will not be handed over. */
  wasSkipped(transactionId: string): boolean {
    return this.skipped.has(transactionId);
  }

  /** After LISTEN: a transaction committing from now on is announced, one committed before is read here. */
  catchUp(): Promise<void> {
    return this.enqueue(() => this.readUnannounced());
  }

  /**
   * At start and after a dropped LISTEN connection: deliver what was committed while nobody
   * listened, by transaction. Not by event id: ids come from a sequence when a transaction
   * writes, not when it commits, so one that took a lower id and committed during the outage
   * was missed by reading the ids above the last one seen. Every transaction that committed
   * unannounced is at or above `announcedBelow` (the ones below had ended and been announced
   * before the last reading's answer); those announced lately are skipped, and the delivery
   * skips repeats of the rest. In commit order as far as the ids tell (by each one's first id).
   */
  private async readUnannounced(): Promise<void> {
    const missed = await transactionsWithEventsFrom(this.db, this.announcedBelow, this.announced.values());
    for (let i = 0; i < missed.length; i += MAX_BATCH) await this.deliverTransactions(missed.slice(i, i + MAX_BATCH));
  }

  /**
   * Reads the events of the notified transactions in one query and hands them over
   * transaction by transaction in NOTIFY (commit) order, each transaction's in the
   * order it wrote them (by id; ids come from a sequence, so within one transaction
   * they follow its inserts, while across transactions they do not follow commits).
   */
  private deliverTransactions(transactionIds: string[]): Promise<void> {
    return this.readAndHandOver(eventsOfTransactions(this.db, transactionIds));
  }

  /**
   * NOTIFYs arrive in commit order (a transaction's events in the order it published them).
   * Reading batches in parallel could hand them to subscribers out of order, and a
   * subscriber skips anything older than what it already has: so one read at a time.
   */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.deliveries.then(task);
    this.deliveries = run.catch(() => {});
    return run;
  }

  /** Reads these events again, as one part handed over by id (the tests' re-read overlapping NOTIFYs). */
  private deliver(ids: string[]): Promise<void> {
    return this.readAndHandOver(eventsWithIds(this.db, ids));
  }

  /**
   * One grouped reading (events.repository.ts), each part handed over as soon as its rows are
   * in, its events by id whatever their contents (see Reading). On the LISTEN connection (no
   * wait for the pool, a statement prepared once). A missing row (pruned meanwhile) is simply not there.
   */
  private async readAndHandOver(query: CompiledQuery<EventGroupRow>): Promise<void> {
    const reading = new Reading(this.target);
    const client = this.listener();
    try {
      if (!client) {
        // Between a dropped connection and its return: announced transactions (the catch-up skips them).
        for (const row of await readEventGroups(this.db, query)) reading.group(row);
        reading.end();
        return;
      }
      let xmin: string | null = null;
      await streamEventGroups(
        client,
        query,
        (row) => {
          xmin ??= row.xmin;
          // Inside pg's parsing of the connection's data: a throw must not reach it.
          try {
            reading.group(row);
          } catch (error) {
            this.logger.error({ err: error }, 'could not hand an event over');
          }
        },
        () => {
          try {
            reading.end();
          } catch (error) {
            this.logger.error({ err: error }, 'could not hand an event over');
          }
        },
      );
      if (xmin !== null && this.listener() === client) this.readingEnded(xmin);
    } catch (error) {
      this.logger.error({ err: error }, 'could not read events');
    }
  }

  /**
   * A reading on the LISTEN connection has its whole answer: Postgres sends the NOTIFYs of the
   * transactions that committed before a statement's snapshot ahead of the statement's end, so
   * every transaction below its snapshot's xmin has been announced. Taken one reading late, in
   * case a committing transaction signals the listener a moment after it stopped running.
   */
  private readingEnded(xmin: string): void {
    if (!isLaterId(xmin, this.lastReadingXmin)) return;
    this.announcedBelow = this.lastReadingXmin;
    this.lastReadingXmin = xmin;
  }
}
