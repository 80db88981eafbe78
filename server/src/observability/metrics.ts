import client from 'prom-client';

/**
 * The process's Prometheus metrics, served by GET /metrics. One registry per
 * process (several app instances in one test process share it, as Prometheus
 * would see one process). Series names start with vizinhanca_.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'vizinhanca_' });

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets = SECONDS_BUCKETS) {
  return new client.Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
}
function counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return new client.Counter<L>({ name, help, labelNames, registers: [registry] });
}
function gauge<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return new client.Gauge<L>({ name, help, labelNames, registers: [registry] });
}

export const procedureDuration = histogram(
  'vizinhanca_trpc_request_duration_seconds',
  'Time to answer a tRPC query or mutation, by procedure and result code',
  ['procedure', 'type', 'code'],
);
export const procedureErrors = counter('vizinhanca_trpc_errors_total', 'tRPC calls that ended in an error, by procedure and error code', [
  'procedure',
  'code',
]);
export const eventBusLag = histogram(
  'vizinhanca_event_bus_lag_seconds',
  // One observation per content of a transaction (its events with the same kind and payload are read as one row and share their lag), not per event.
  'From the start of the transaction that published events to their reading on this instance: one observation per distinct content of a transaction',
  [],
  [...SECONDS_BUCKETS, 30],
);
export const emails = counter('vizinhanca_emails_total', 'E-mails handed to SMTP (or the outbox), by result: sent or failed', ['result']);
// Both series exist from the start, so a rate() over them works before the first failure.
function startEmailSeries(): void {
  emails.inc({ result: 'sent' }, 0);
  emails.inc({ result: 'failed' }, 0);
}
startEmailSeries();
export const websocketConnections = gauge('vizinhanca_websocket_connections', 'Open signed-in websockets on this instance', []);

/** For the job queue: set the depth when it polls, count every run. */
let queueDepthSource: (() => Promise<Record<string, number>>) | null = null;

/** The running job queue reports its depth per job name; read at each scrape, not polled. */
export function reportQueueDepthFrom(source: (() => Promise<Record<string, number>>) | null): void {
  queueDepthSource = source;
}

export const jobQueueDepth = new client.Gauge<'job'>({
  name: 'vizinhanca_job_queue_depth',
  help: 'Jobs waiting in the queue, by job name',
  labelNames: ['job'],
  registers: [registry],
  async collect() {
    if (!queueDepthSource) return;
    const depths = await queueDepthSource().catch(() => null);
    if (!depths) return;
    this.reset();
    for (const [job, depth] of Object.entries(depths)) this.set({ job }, depth);
  },
});
export const jobRuns = counter('vizinhanca_job_runs_total', 'Job runs by job name and result: succeeded or failed', ['job', 'result']);

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}
const pools = new Set<PoolLike>();

/** Database pools report their connections when Prometheus scrapes; returns the untrack function. */
export function trackPool(pool: PoolLike): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

new client.Gauge({
  name: 'vizinhanca_db_pool_connections',
  help: 'Database pool connections by state: in_use, idle, waiting (requests queued for a connection) and max',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    let max = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
      max += pool.options.max ?? 10;
    }
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
    this.set({ state: 'max' }, max);
  },
});

/**
 * Back to the state of a process that just loaded this module: every series at its start, no
 * queue reporting its depth. The server tests share one process between test files (vitest's
 * isolate: false); each file starts from here, as it would in a process of its own.
 */
export function resetMetrics(): void {
  registry.resetMetrics();
  startEmailSeries();
  reportQueueDepthFrom(null);
}
