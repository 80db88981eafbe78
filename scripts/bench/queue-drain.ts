import { performance } from 'node:perf_hooks';
import { withClient } from './harness.ts';

// An order's notification leaves the app through its job queue after the answer (decision 029): under
// the order load the queue can fall behind, and the deliveries left then run after the load, during
// whatever the bench measures next (pgbench of the same statements, on the same cores). The bench
// waits for them and counts their CPU apart.

/** Jobs enqueued since `since` (the app's one-off and scheduled ones alike) not finished yet. */
export async function unfinishedJobs(databaseUrl: string, since: Date): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND created_on >= $1`, [since]);
    return rows[0]!.count;
  });
}

/** Waits until every job enqueued since `since` has finished, at most `timeoutMs`; how long it took, and how many were left at the start. */
export async function drainQueue(databaseUrl: string, since: Date, timeoutMs: number): Promise<{ seconds: number; leftAtStart: number; leftAtEnd: number }> {
  const started = performance.now();
  const leftAtStart = await unfinishedJobs(databaseUrl, since);
  let left = leftAtStart;
  while (left > 0 && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = await unfinishedJobs(databaseUrl, since);
  }
  return { seconds: (performance.now() - started) / 1000, leftAtStart, leftAtEnd: left };
}

export interface DeliveryDrain {
  /** Orders the load answered. */
  orders: number;
  /** Jobs still unfinished when the load ended, and when the wait gave up (0: all done). */
  leftAtStart: number;
  leftAtEnd: number;
  seconds: number;
  /** CPU spent during the wait. */
  appMs: number;
  postgresMs: number;
  /** CPU per order during the load itself. */
  load: { app: number; postgres: number; client: number };
  /** pgbench's CPU per transaction (Postgres and pgbench). */
  pgbench: number;
}

/** The report's note: what the deliveries left after the load cost per order, and the ratio's CPU ceiling with them counted. */
export function deliveryNote(drain: DeliveryDrain): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  if (drain.leftAtStart === 0) return 'Order deliveries (each a notification job that sends its e-mail): none left queued when the load ended; their CPU is in the load\'s figures.';
  const app = drain.appMs / drain.orders;
  const postgres = drain.postgresMs / drain.orders;
  const whole = drain.load.app + drain.load.postgres + drain.load.client + app + postgres;
  const unfinished = drain.leftAtEnd > 0 ? ` ${drain.leftAtEnd.toLocaleString('en-US')} were still unfinished when the wait gave up.` : '';
  return (
    `Order deliveries: ${drain.leftAtStart.toLocaleString('en-US')} delivery jobs (each sends its notice's e-mail) were still queued when the load ended; ` +
    `pgbench ran only after the app had worked them (${drain.seconds.toFixed(1)} s), which took app ${ms(app)} and Postgres ${ms(postgres)} more per order answered.${unfinished} ` +
    `Counted with the load's own, an order costs ${ms(whole)} of CPU: with its delivery the ratio's ceiling is about ${(drain.pgbench / whole).toFixed(2)}x.`
  );
}
