import { Worker } from 'node:worker_threads';
import { type LoadSummary, summarize } from './stats.ts';

// A small closed-loop HTTP load generator: `connections` keep-alive sockets,
// each sending its next request as soon as the previous answer is read, for a
// fixed time, spread over worker threads (like pgbench -j 2) so the generator
// is not one starved thread on a busy machine. Every response is read to the
// end; anything but 200 is an error. The threads live as long as the bench: a
// thread started per load cost about 170 ms of CPU (its isolate, its module, its
// code run cold), 0.3 ms a request in a load of a thousand requests (the fornada
// line's), on the cores the app was measured on; warm, the generator costs 0.04-0.06 ms a request.

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
  /** A refusal some requests are expected to get (its text in a non-200 answer): counted apart, not as an error. */
  refusal?: string;
  threads?: number;
};

/** Answers of the measured phase by who answered them, from the app's X-Feed-Cache header; `none`: answers without it (no cache in their path). */
export type CacheAnswers = { hit: number; miss: number; none: number };

/**
 * `feed`: rate and latencies of the answers that carried the feed cache's header alone (null when none
 * did), so a load mixing feed pages and searches still tells the feed's throughput and p99.
 */
export type LoadResult = LoadSummary & { firstErrors: string[]; refused: number; cache: CacheAnswers; feed: LoadSummary | null };

/** What one thread of scripts/bench/load-worker.mjs runs (plain JavaScript: a worker thread loads it without tsx). */
type WorkerJob = Omit<LoadOptions, 'threads'> & { worker: number; workers: number };
type WorkerResult = { latencies: number[]; feedLatencies: number[]; errors: number; refused: number; firstErrors: string[]; cache: Record<string, number>; elapsed: number };

/** The threads' header counts added up; every successful answer is a hit, a miss or none. */
export function countCacheAnswers(perThread: readonly Record<string, number>[], answered: number): CacheAnswers {
  const hit = perThread.reduce((sum, counts) => sum + (counts.hit ?? 0), 0);
  const miss = perThread.reduce((sum, counts) => sum + (counts.miss ?? 0), 0);
  return { hit, miss, none: answered - hit - miss };
}

/** The cache answers of several loads, added up. */
export function sumCacheAnswers(results: readonly { cache: CacheAnswers }[]): CacheAnswers {
  const sum: CacheAnswers = { hit: 0, miss: 0, none: 0 };
  for (const { cache } of results) for (const answer of ['hit', 'miss', 'none'] as const) sum[answer] += cache[answer];
  return sum;
}

/** "92% hits (1,840 hits, 160 misses)", or that no cache answered. */
export function describeCacheAnswers(cache: CacheAnswers): string {
  const counted = cache.hit + cache.miss;
  if (counted === 0) return 'no cache in the path (no X-Feed-Cache header)';
  const share = (value: number) => `${((value / counted) * 100).toFixed(value === counted || value === 0 ? 0 : 1)}%`;
  return `feed cache: ${share(cache.hit)} hits, miss ratio ${share(cache.miss)} (${cache.hit.toLocaleString('en-US')} hits, ${cache.miss.toLocaleString('en-US')} misses${cache.none ? `, ${cache.none.toLocaleString('en-US')} answers without the header` : ''})`;
}

/** A thread of the generator, kept between loads; `busy` while it runs one. */
interface LoadThread {
  worker: Worker;
  busy: boolean;
}
const threads: LoadThread[] = [];

/** A thread that is not running a load: an idle one, or a new one (unref'd: the bench exits without stopping them). */
function idleThread(): LoadThread {
  const idle = threads.find((thread) => !thread.busy);
  if (idle) return idle;
  const thread = { worker: new Worker(new URL('./load-worker.mjs', import.meta.url)), busy: false };
  thread.worker.unref();
  // A thread that failed is dropped: the next load starts another.
  thread.worker.once('error', () => threads.splice(threads.indexOf(thread), 1));
  threads.push(thread);
  return thread;
}

function runOnThread(thread: LoadThread, job: WorkerJob): Promise<WorkerResult> {
  thread.busy = true;
  return new Promise<WorkerResult>((resolve, reject) => {
    const done = (result: WorkerResult) => {
      thread.worker.off('error', failed);
      thread.busy = false;
      resolve(result);
    };
    const failed = (error: Error) => {
      thread.worker.off('message', done);
      reject(error);
    };
    thread.worker.once('message', done);
    thread.worker.once('error', failed);
    thread.worker.postMessage(job);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const workers = Math.max(1, Math.min(options.threads ?? 2, options.connections));
  const { threads: _threads, ...rest } = options;
  // Taken before any job is posted, so the load's threads are distinct.
  const chosen = Array.from({ length: workers }, () => {
    const thread = idleThread();
    thread.busy = true;
    return thread;
  });
  const results = await Promise.all(
    chosen.map((thread, worker) => {
      const connections = Math.floor(options.connections / workers) + (worker < options.connections % workers ? 1 : 0);
      // One-off requests: each thread gets only its share (every workers-th), not a copy of all of them.
      const requests = options.once ? options.requests.filter((_, i) => i % workers === worker) : options.requests;
      return runOnThread(thread, { ...rest, requests, connections, worker, workers });
    }),
  );
  const latencies = results.flatMap((result) => result.latencies);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const elapsed = Math.max(...results.map((result) => result.elapsed));
  const feedLatencies = results.flatMap((result) => result.feedLatencies);
  return {
    ...summarize(latencies, errors, elapsed),
    refused: results.reduce((sum, result) => sum + result.refused, 0),
    firstErrors: results.flatMap((result) => result.firstErrors).slice(0, 3),
    cache: countCacheAnswers(
      results.map((result) => result.cache),
      latencies.length,
    ),
    // An error carries no header, so the feed's own figures count answers only.
    feed: feedLatencies.length > 0 ? summarize(feedLatencies, 0, elapsed) : null,
  };
}

