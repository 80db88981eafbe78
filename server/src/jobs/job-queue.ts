import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppDeps, EnqueueOptions, JobQueue, OneOffJob } from '../context.ts';
import type { Db } from '../db/database.ts';
import { type CronSchedule, isDue, localMinuteOf, msUntilNextCheck, parseCron } from './cron.ts';
import type { ScheduledJob } from './scheduled-job.ts';
import { jobRuns, reportQueueDepthFrom } from '../observability/metrics.ts';
import { createFetchOrderIndex, executorFor, heldExecutorFor, inQueueCreationTurn, QUEUE_SCHEMA, queuesWithJobsDue } from './job-queue.repository.ts';

export interface StartOptions {
  scheduled: readonly ScheduledJob[];
  oneOff: readonly OneOffJob<never>[];
  /** Seconds between polls for new jobs (tests poll faster). */
  pollingIntervalSeconds?: number;
  /** Cron schedules on (the app) or off (tests run scheduled jobs by hand, or call sendDue). */
  schedule?: boolean;
  /**
   * Seconds before the first retry of every one-off job this instance enqueues, in place
   * of each job's own (tests: 1, so an outage test waits a second or two, not 15 to 30).
   */
  retryDelaySeconds?: number;
}

const ONE_OFF_RETRY = { retryLimit: 12, retryDelay: 15, retryBackoff: true, expireInSeconds: 5 * 60 };
/**
 * One-off jobs a worker loop takes at once: a backlog (every order's notification, which sends its
 * e-mail) costs one fetch and one completion per batch instead of two statements (two commits)
 * per job. The batch's jobs run side by side, so a crash leaves none done but unrecorded longer
 * than one job runs.
 */
export const ONE_OFF_BATCH_SIZE = 10;
const SCHEDULED_RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 };

/** A stable job id from the idempotency key (a UUID-shaped SHA-256): pg-boss ignores an id it already holds. */
export function jobIdFor(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Creates a queue in a transaction of ours, one creator at a time across instances (see inQueueCreationTurn). */
async function createQueueInTurn(db: Db, name: string, options: PgBoss.Queue): Promise<void> {
  await inQueueCreationTurn(db, async (trx) => {
    // A pg-boss that is never started, only to run createQueue on this transaction.
    const inTransaction = new PgBoss({ db: executorFor(trx), schema: QUEUE_SCHEMA, supervise: false, schedule: false, migrate: false });
    await inTransaction.createQueue(name, options);
  });
}

/**
 * pg-boss over the app's own connection pool. Every instance works the same
 * queues; pg-boss hands each job to one of them and retries failures with
 * backoff. Each instance checks the cron schedules itself (sendDue) and pg-boss
 * keeps one run per schedule and minute across instances. A job whose worker
 * died is retried after it expires, so the work itself must be idempotent.
 * Only pg-boss's public API: its workers are our own loops over fetch, complete
 * and fail, so every result is awaited and a refusal is ours to handle.
 */
export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  /** Set once stop() begins: the loops fetch nothing more. */
  private stopping = false;
  /** Set once stopped: a late job's result is not recorded. */
  private stopped = false;
  /** The worker loops, awaited by stop(). */
  private readonly loops: Promise<void>[] = [];
  /** Ends the pause of every idle loop (stop). */
  private readonly wakeups = new Set<() => void>();
  /** The worker loops waiting for a job due in their queue, by queue name: each one's wake-up. */
  private readonly waiting = new Map<string, () => void>();
  /** StartOptions.retryDelaySeconds: enqueued jobs carry it, overriding their queue's delay. */
  private retryDelaySeconds: number | undefined;
  /** The scheduled jobs with their cron expressions read (start). */
  private schedules: { job: ScheduledJob; schedule: CronSchedule }[] = [];

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly timeZone: string,
  ) {
    const executor = executorFor(db, (error) => logger.warn({ err: error }, 'job queue statement failed'));
    // Not pg-boss's cron (schedule: false): its reader blocked the process for 60-250 ms at each check (cron.ts).
    this.boss = new PgBoss({ db: executor, schema: QUEUE_SCHEMA, supervise: true, schedule: false, migrate: true });
    this.boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  }

  /** Creates the queue's schema when missing and the queues of these jobs (one instance at a time: createQueueInTurn), without working them. */
  async install(jobs: Pick<StartOptions, 'scheduled' | 'oneOff'>): Promise<void> {
    await this.boss.start();
    // Before the queues, so each partition attached now has the index too. Without it the queue works, only slower.
    await createFetchOrderIndex(this.db).catch((error: unknown) => this.logger.warn({ err: error }, 'job queue fetch index not created; fetches read the whole queue'));
    for (const job of jobs.oneOff) {
      await createQueueInTurn(this.db, job.name, { name: job.name, ...ONE_OFF_RETRY, retryDelay: job.retryDelaySeconds ?? ONE_OFF_RETRY.retryDelay });
    }
    for (const job of jobs.scheduled) await createQueueInTurn(this.db, job.name, { name: job.name, policy: 'singleton', ...SCHEDULED_RETRY });
  }

  async start(deps: AppDeps, options: StartOptions): Promise<void> {
    await this.install(options);
    this.retryDelaySeconds = options.retryDelaySeconds;
    const intervalMs = (options.pollingIntervalSeconds ?? 2) * 1000;
    this.watch(intervalMs);
    for (const job of options.oneOff) this.work(job.name, ONE_OFF_BATCH_SIZE, (data) => job.run(deps, data as never));
    const names = [...options.oneOff, ...options.scheduled].map((job) => job.name);
    reportQueueDepthFrom(async () => Object.fromEntries(await Promise.all(names.map(async (name) => [name, await this.boss.getQueueSize(name)] as const))));
    const startMinute = deps.clock.now().toISOString().slice(0, 16);
    // Read before any job is worked: a wrong expression stops the start, as pg-boss's schedule() did.
    this.schedules = options.scheduled.map((job) => ({ job, schedule: parseCron(job.cron) }));
    for (const job of options.scheduled) {
      this.work(job.name, 1, async () => {
        const started = Date.now();
        await job.run(deps);
        this.logger.info({ job: job.name, ms: Date.now() - started }, 'scheduled job done');
      });
      if (options.schedule !== false) {
        if (job.catchUpAtStart === false) continue;
        // A run now catches up with whatever fell due while the app was down;
        // several instances starting together still make one run per minute. The key
        // carries the app clock's minute: an app restarted on another day (CLOCK_START,
        // the e2e walks) catches up at once instead of waiting for the next real minute.
        await this.boss.send(job.name, {}, { singletonKey: `startup ${startMinute}`, singletonSeconds: 60 });
      }
    }
    if (options.schedule !== false) this.keepTime();
  }

  /**
   * Sends each scheduled job due in the minute `at` falls in (the condominium's clock), once per job and
   * minute across checks and instances: pg-boss keeps one job per key and 60 s slot of the database's
   * clock, as its own cron did. Says which were due.
   */
  async sendDue(at: Date): Promise<string[]> {
    const minute = localMinuteOf(at, this.timeZone);
    const due = this.schedules.filter(({ schedule }) => isDue(schedule, minute)).map(({ job }) => job.name);
    for (const name of due) {
      await this.boss.send(name, {}, { singletonKey: name, singletonSeconds: 60 }).catch((error: unknown) => {
        this.logger.error({ err: error, job: name }, 'job queue could not send a scheduled job due now (a later check in the same minute sends it again)');
      });
    }
    return due;
  }

  /** Checks the schedules twice a minute, at 15 s and 45 s past it (msUntilNextCheck), until stop(). */
  private keepTime(): void {
    const loop = async () => {
      while (!this.stopping) {
        await this.pause(msUntilNextCheck(Date.now()));
        if (this.stopping) break;
        // A check that throws is logged: the loop, and the process, go on.
        await this.sendDue(new Date()).catch((error: unknown) => this.logger.error({ err: error }, 'job queue could not check the schedules'));
      }
    };
    this.loops.push(loop());
  }

  /**
   * One worker loop: up to `batchSize` jobs at a time; after a batch it asks again at once, so a backlog
   * drains without waiting interval by interval. With nothing to take, it waits until the watcher finds a
   * job due in its queue.
   */
  private work(name: string, batchSize: number, handler: (data: object) => Promise<void>): void {
    const loop = async () => {
      while (!this.stopping) {
        const jobs = await this.boss.fetch<object>(name, { batchSize }).catch((error: unknown) => {
          this.logger.error({ err: error, job: name }, 'job queue could not fetch a job');
          return [];
        });
        if (jobs.length) await this.runJobs(name, jobs, handler);
        else await this.untilDue(name);
      }
    };
    this.loops.push(loop());
  }

  /** Resolves when the watcher finds a job due in the queue, or at stop(). */
  private untilDue(name: string): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.set(name, () => {
        this.waiting.delete(name);
        resolve();
      });
    });
  }

  /**
   * Every `intervalMs`, one statement asks which of the waiting queues have a job due and wakes their
   * loops: an idle instance polled each of its 21 queues with a fetch every interval, planned each time
   * (a fetch's UPDATE over the partitioned table costs Postgres more to plan than to run), about 3% of a
   * core between the app and Postgres doing nothing.
   */
  private watch(intervalMs: number): void {
    const loop = async () => {
      while (!this.stopping) {
        await this.pause(intervalMs);
        if (this.stopping || this.waiting.size === 0) continue;
        const due = await queuesWithJobsDue(this.db, [...this.waiting.keys()]).catch((error: unknown) => {
          this.logger.error({ err: error }, 'job queue could not look for jobs due');
          return [];
        });
        for (const name of due) this.waiting.get(name)?.();
      }
    };
    this.loops.push(loop());
  }

  /** Runs a batch side by side; the jobs that succeeded are recorded in one statement, each failure on its own (its message, its retry). */
  private async runJobs(name: string, jobs: PgBoss.Job<object>[], handler: (data: object) => Promise<void>): Promise<void> {
    const outcomes = await Promise.all(
      jobs.map(async (job) => {
        try {
          await withinSeconds(handler(job.data), job.expireInSeconds);
          jobRuns.inc({ job: name, result: 'succeeded' });
          return { job, failure: null };
        } catch (error) {
          jobRuns.inc({ job: name, result: 'failed' });
          this.logger.error({ err: error, job: name }, 'job failed; the queue retries it with backoff');
          return { job, failure: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    // A job that outlived stop() must not reach a pool that is closing: it stays 'active' and is retried once it expires.
    if (this.stopped) return;
    // A refusal here (a pool exhausted under load) leaves the jobs 'active' too.
    const unrecorded = (error: unknown) => this.logger.error({ err: error, job: name }, 'job queue could not record a job result; it will be retried');
    const succeeded = outcomes.filter((outcome) => outcome.failure === null).map((outcome) => outcome.job.id);
    await Promise.all([
      succeeded.length ? this.boss.complete(name, succeeded).catch(unrecorded) : null,
      ...outcomes.flatMap(({ job, failure }) => (failure === null ? [] : [this.boss.fail(name, job.id, { message: failure }).catch(unrecorded)])),
    ]);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeups.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeups.add(wake);
    });
  }

  async enqueue<T extends object>(db: Db, job: OneOffJob<T>, data: T, options: EnqueueOptions): Promise<void> {
    await this.boss.send(job.name, data, {
      id: jobIdFor(job.name, options.key),
      ...(options.startAfter ? { startAfter: options.startAfter } : options.delaySeconds ? { startAfter: options.delaySeconds } : {}),
      ...(this.retryDelaySeconds === undefined ? {} : { retryDelay: this.retryDelaySeconds }),
      db: db.isTransaction ? heldExecutorFor(db) : executorFor(db),
    });
  }

  async enqueueMany<T extends object>(db: Db, job: OneOffJob<T>, items: readonly { data: T; key: string }[]): Promise<void> {
    if (!items.length) return;
    const retry = this.retryDelaySeconds === undefined ? {} : { retryDelay: this.retryDelaySeconds };
    // pg-boss's insert skips an id it holds (ON CONFLICT DO NOTHING) and takes the rest from the queue's policy.
    await this.boss.insert(
      items.map((item) => ({ id: jobIdFor(job.name, item.key), name: job.name, data: item.data, ...retry })),
      { db: executorFor(db) },
    );
  }

  /** Runs a scheduled job now (through the queue, once across instances). */
  async runNow(job: ScheduledJob): Promise<void> {
    await this.boss.send(job.name, {});
  }

  /** Lets running jobs finish (up to 5 s); one cut short is retried by another instance or the next start. */
  async stop(): Promise<void> {
    reportQueueDepthFrom(null);
    this.stopping = true;
    for (const wake of [...this.wakeups, ...this.waiting.values()]) wake();
    const loopsDone = Promise.all(this.loops).then(() => true);
    const finished = await Promise.race([loopsDone, new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000).unref())]);
    if (!finished) this.logger.warn('job queue stopped with a job still running; it will be retried once it expires');
    await this.boss.stop({ graceful: true, close: false, timeout: 5000, wait: true }).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'job queue did not stop cleanly');
    });
    // A job still running past this point stays 'active' in the table and is retried once it expires.
    this.stopped = true;
  }
}

/** The handler's outcome, or a failure once the job's expiry passes (pg-boss would retry it then anyway). */
function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`job ran past its expiry (${seconds} s)`)), seconds * 1000);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

export function createJobQueue(db: Db, logger: Logger, timeZone: string): PgBossQueue {
  return new PgBossQueue(db, logger, timeZone);
}
