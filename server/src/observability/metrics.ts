import client from 'prom-client';

/**
 * The process's Prometheus metrics, served by GET /metrics. One registry per
 * process (several app instances in one test process share it, as Prometheus
 * would see one process). Series names start with vizinhanca_.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'vizinhanca_' });

export const procedureDuration = new client.Histogram({
  name: 'vizinhanca_trpc_request_duration_seconds',
  help: 'Time to answer a tRPC query or mutation, by procedure and result code',
  labelNames: ['procedure', 'type', 'code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const procedureErrors = new client.Counter({
  name: 'vizinhanca_trpc_errors_total',
  help: 'tRPC calls that ended in an error, by procedure and error code',
  labelNames: ['procedure', 'code'] as const,
  registers: [registry],
});

export const eventBusLag = new client.Histogram({
  name: 'vizinhanca_event_bus_lag_seconds',
  help: 'From the transaction that published an event to its delivery on this instance',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30],
  registers: [registry],
});

export const emails = new client.Counter({
  name: 'vizinhanca_emails_total',
  help: 'E-mails handed to SMTP (or the outbox), by result: sent or failed',
  labelNames: ['result'] as const,
  registers: [registry],
});
// Both series exist from the start, so a rate() over them works before the first failure.
emails.inc({ result: 'sent' }, 0);
emails.inc({ result: 'failed' }, 0);

export const websocketConnections = new client.Gauge({
  name: 'vizinhanca_websocket_connections',
  help: 'Open signed-in websockets on this instance',
  registers: [registry],
});

/** For the job queue (issue 9): set the depth when it polls, count every run. */
export const jobQueueDepth = new client.Gauge({
  name: 'vizinhanca_job_queue_depth',
  help: 'Jobs waiting in the queue, by job name',
  labelNames: ['job'] as const,
  registers: [registry],
});
export const jobRuns = new client.Counter({
  name: 'vizinhanca_job_runs_total',
  help: 'Job runs by job name and result: succeeded or failed',
  labelNames: ['job', 'result'] as const,
  registers: [registry],
});

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
