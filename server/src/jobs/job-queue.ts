import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { ScheduledJob } from './scheduled-job.ts';
import { jobRuns, reportQueueDepthFrom } from '../observability/metrics.ts';

/** The queue's tables live in their own schema, created by pg-boss itself on first start. */
export const QUEUE_SCHEMA = 'pgboss';

/** A piece of work enqueued once (an e-mail, a push): retried with backoff until it succeeds. */
export interface OneOffJob<T extends object> {
  name: string;
  run(deps: AppDeps, data: T): Promise<void>;
  /** Seconds before the first retry (doubling after each failure); 15 unless said. */
  retryDelaySeconds?: number;
}

export interface EnqueueOptions {
  /** The same key twice enqueues one job: a retry of the caller cannot double the effect. */
  key: string;
  startAfter?: Date;
  /**
   * Seconds to wait, on the queue's (the database's) clock: a grace period such as
   * "e-mail the message if it is still unread in a while", not a domain date.
   */
  delaySeconds?: number;
}

export interface JobQueue {
  /** Enqueues in the caller's transaction: the job exists exactly when the change that caused it is committed. */
  enqueue<T extends object>(db: Db, job: OneOffJob<T>, data: T, options: EnqueueOptions): Promise<void>;
}

export interface StartOptions {
  scheduled: readonly ScheduledJob[];
  oneOff: readonly OneOffJob<never>[];
  /** Seconds between polls for new jobs (tests poll faster). */
  pollingIntervalSeconds?: number;
  /** Cron schedules on (the app) or off (tests run scheduled jobs by hand). */
  schedule?: boolean;
  /**
   * Seconds before the first retry of every one-off job this instance enqueues, in place
   * of each job's own (tests: 1, so an outage test waits a second or two, not 15 to 30).
   */
  retryDelaySeconds?: number;
}

const ONE_OFF_RETRY = { retryLimit: 12, retryDelay: 15, retryBackoff: true, expireInSeconds: 5 * 60 };
const SCHEDULED_RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 };

/** A stable job id from the idempotency key (a UUID-shaped SHA-256): pg-boss ignores an id it already holds. */
export function jobIdFor(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function executorFor(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

const pgBossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<
  'completeJobs' | 'failJobsById' | 'createQueue',
  (schema: string) => string
>;
// The statements pg-boss's workers run without awaiting (see the executor below).
const UNAWAITED_COMPLETIONS = new Set([pgBossPlans.completeJobs(QUEUE_SCHEMA), pgBossPlans.failJobsById(QUEUE_SCHEMA)]);
const CREATE_QUEUE = pgBossPlans.createQueue(QUEUE_SCHEMA);

/**
 * pg-boss creates a queue in one transaction: its row in `queue`, then a partition of `job`
 * attached for its name. An instance creating the same queue at the same moment skips it as
 * soon as it sees that row committed, and sends its first job at once. Postgres makes a commit
 * visible a moment before it tells the other sessions about the catalog change (the
 * invalidation goes out after the commit, before the locks are released), and attaching a
 * partition does not block inserts into `job`: that send could be routed with the old list of
 * partitions and fail with 'no partition of relation "job" found for row' (what job-queue.test.ts's
 * instances starting together met once, at a load average of 6-7). Each creation first takes a lock on `queue`
 * that creations conflict on, so a second creator waits until the first has released its
 * locks, by which time every session learns of the partition (taking a lock also reads the
 * invalidations). Creators taking turns also cannot deadlock on the partition's DDL, which
 * two starting instances did before.
 */
async function createQueueInTurn(db: Db, text: string, values: unknown[] | undefined): Promise<{ rows: unknown[] }> {
  return db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.table(`${QUEUE_SCHEMA}.queue`)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: result.rows as unknown[] };
  });
}

/**
 * pg-boss over the app's own connection pool. Every instance works the same
 * queues; pg-boss hands each job to one of them, schedules each cron once per
 * slot across instances, and retries failures with backoff. A job whose worker
 * died is retried after it expires, so the work itself must be idempotent.
 */
export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  /** Set once stopped: a job fetched in the last instant must not reach a pool that is closing. */
  private stopped = false;
  /** Handlers running now: stop() lets them finish while the pool is still open. */
  private running = 0;
  /** StartOptions.retryDelaySeconds: enqueued jobs carry it, overriding their queue's delay. */
  private retryDelaySeconds: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly timeZone: string,
  ) {
    const executor = executorFor(db);
    // After stop only a late job's complete/fail can come here: it is dropped (the job
    // stays 'active' and is retried once it expires), answered as "0 rows changed".
    const guarded: PgBoss.Db = {
      executeSql: (text, values) => {
        if (this.stopped) return Promise.resolve({ rows: [{ count: '0' }] });
        if (text === CREATE_QUEUE) return createQueueInTurn(db, text, values);
        const result = executor.executeSql(text, values);
        if (!UNAWAITED_COMPLETIONS.has(text)) return result;
        // pg-boss completes and fails a worked job without awaiting it: a refusal here
        // (a pool exhausted under load) would be an unhandled rejection that ends the
        // process. Logged instead; the job stays 'active' and is retried once it expires.
        return result.catch((error: unknown) => {
          logger.error({ err: error }, 'job queue could not record a job result; it will be retried');
          return { rows: [{ count: '0' }] };
        });
      },
    };
    this.boss = new PgBoss({ db: guarded, schema: QUEUE_SCHEMA, supervise: true, schedule: true, migrate: true });
    this.boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  }

  /** Creates the queue's schema when missing and the queues of these jobs (one instance at a time: createQueueInTurn), without working them. */
  async install(jobs: Pick<StartOptions, 'scheduled' | 'oneOff'>): Promise<void> {
    await this.boss.start();
    for (const job of jobs.oneOff) {
      await this.boss.createQueue(job.name, { name: job.name, ...ONE_OFF_RETRY, retryDelay: job.retryDelaySeconds ?? ONE_OFF_RETRY.retryDelay });
    }
    for (const job of jobs.scheduled) await this.boss.createQueue(job.name, { name: job.name, policy: 'singleton', ...SCHEDULED_RETRY });
  }

  async start(deps: AppDeps, options: StartOptions): Promise<void> {
    await this.install(options);
    this.retryDelaySeconds = options.retryDelaySeconds;
    const workOptions = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 };
    // pg-boss waits a polling interval after each job: a worker that just did one
    // asks again at once, so a backlog drains without waiting interval by interval.
    const work = async (name: string, handler: (data: object) => Promise<void>) => {
      let workerId = '';
      workerId = await this.boss.work<object>(name, workOptions, async ([item]) => {
        this.running += 1;
        try {
          if (item) await handler(item.data);
          jobRuns.inc({ job: name, result: 'succeeded' });
        } catch (error) {
          jobRuns.inc({ job: name, result: 'failed' });
          throw error;
        } finally {
          this.running -= 1;
          this.boss.notifyWorker(workerId);
        }
      });
    };
    for (const job of options.oneOff) await work(job.name, (data) => job.run(deps, data as never));
    const names = [...options.oneOff, ...options.scheduled].map((job) => job.name);
    reportQueueDepthFrom(async () => Object.fromEntries(await Promise.all(names.map(async (name) => [name, await this.boss.getQueueSize(name)] as const))));
    const startMinute = deps.clock.now().toISOString().slice(0, 16);
    for (const job of options.scheduled) {
      await work(job.name, async () => {
        const started = Date.now();
        await job.run(deps);
        this.logger.info({ job: job.name, ms: Date.now() - started }, 'scheduled job done');
      });
      if (options.schedule !== false) {
        await this.boss.schedule(job.name, job.cron, {}, { tz: this.timeZone });
        // A run now catches up with whatever fell due while the app was down;
        // several instances starting together still make one run per minute. The key
        // carries the app clock's minute: an app restarted on another day (CLOCK_START,
        // the e2e walks) catches up at once instead of waiting for the next real minute.
        await this.boss.send(job.name, {}, { singletonKey: `startup ${startMinute}`, singletonSeconds: 60 });
      }
    }
  }

  async enqueue<T extends object>(db: Db, job: OneOffJob<T>, data: T, options: EnqueueOptions): Promise<void> {
    await this.boss.send(job.name, data, {
      id: jobIdFor(job.name, options.key),
      ...(options.startAfter ? { startAfter: options.startAfter } : options.delaySeconds ? { startAfter: options.delaySeconds } : {}),
      ...(this.retryDelaySeconds === undefined ? {} : { retryDelay: this.retryDelaySeconds }),
      db: executorFor(db),
    });
  }

  /** Runs a scheduled job now (through the queue, once across instances). */
  async runNow(job: ScheduledJob): Promise<void> {
    await this.boss.send(job.name, {});
  }

  /** Lets running jobs finish (up to 5 s); one cut short is retried by another instance or the next start. */
  async stop(): Promise<void> {
    reportQueueDepthFrom(null);
    await this.boss.stop({ graceful: true, close: false, timeout: 5000, wait: true }).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'job queue did not stop cleanly');
    });
    // A job fetched in the last instant may still be running: give it a moment, with the pool open.
    for (let waited = 0; this.running > 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    // A job still running past this point stays 'active' in the table and is retried once it expires.
    this.stopped = true;
  }
}

export function createJobQueue(db: Db, logger: Logger, timeZone: string): PgBossQueue {
  return new PgBossQueue(db, logger, timeZone);
}
