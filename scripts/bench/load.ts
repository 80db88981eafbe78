import { Worker } from 'node:worker_threads';
import { type LoadSummary, summarize } from './stats.ts';

// A small closed-loop HTTP load generator: `connections` keep-alive sockets,
// each sending its next request as soon as the previous answer is read, for a
// fixed time, spread over worker threads (like pgbench -j 2) so the generator
// is not one starved thread on a busy machine. Every response is read to the
// end; anything but 200 is an error.

export type LoadRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

export type LoadOptions = {
  url: string;
  connections: number;
  durationMs: number;
  /** Sent in turn; `once`: each at most once (orders), otherwise over and over. */
  requests: LoadRequest[];
  once?: boolean;
  /** Short warm-up before measuring (JIT, pools, caches); not counted. */
  warmupMs?: number;
  threads?: number;
};

export type LoadResult = LoadSummary & { firstErrors: string[] };

/** What one thread of scripts/bench/load-worker.mjs runs (plain JavaScript: a worker thread loads it without tsx). */
type WorkerJob = Omit<LoadOptions, 'threads'> & { worker: number; workers: number };
type WorkerResult = { latencies: number[]; errors: number; firstErrors: string[]; elapsed: number };

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const workers = Math.max(1, Math.min(options.threads ?? 2, options.connections));
  const { threads: _threads, ...rest } = options;
  const results = await Promise.all(
    Array.from({ length: workers }, (_, worker) => {
      const connections = Math.floor(options.connections / workers) + (worker < options.connections % workers ? 1 : 0);
      // One-off requests: each thread gets only its share (every workers-th), not a copy of all of them.
      const requests = options.once ? options.requests.filter((_, i) => i % workers === worker) : options.requests;
      const job: WorkerJob = { ...rest, requests, connections, worker, workers };
      return new Promise<WorkerResult>((resolve, reject) => {
        const thread = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job });
        thread.once('message', resolve);
        thread.once('error', reject);
      });
    }),
  );
  const latencies = results.flatMap((result) => result.latencies);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const elapsed = Math.max(...results.map((result) => result.elapsed));
  return { ...summarize(latencies, errors, elapsed), firstErrors: results.flatMap((result) => result.firstErrors).slice(0, 3) };
}

