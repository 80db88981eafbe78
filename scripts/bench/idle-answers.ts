import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentileOfSorted } from './stats.ts';

// An idle app seen from outside: one request at a time on one kept-alive connection, a few
// milliseconds apart, for longer than a minute. A task that holds the process (a periodic job,
// a timer's work, a collection) shows as one slow answer among thousands of quick ones, which
// no load line catches when it falls between them.

export type IdleAnswer = {
  /** Seconds since the probe began. */
  at: number;
  /** The answer's time, request sent to its last byte. */
  ms: number;
};

/** GETs `path` of `baseUrl` one after another, `everyMs` apart, for `seconds`; each answer's time (a failed request throws). */
export async function probeAnswers(baseUrl: string, options: { path: string; seconds: number; everyMs: number }): Promise<IdleAnswer[]> {
  const url = new URL(options.path, baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers: IdleAnswer[] = [];
  const begin = performance.now();
  try {
    while (performance.now() - begin < options.seconds * 1000) {
      const sent = performance.now();
      await new Promise<void>((resolve, reject) => {
        const request = http.get(url, { agent, timeout: 10_000 }, (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${url.pathname} answered ${response.statusCode}`))));
          response.on('error', reject);
        });
        request.on('timeout', () => request.destroy(new Error(`${url.pathname} did not answer within 10 s`)));
        request.on('error', reject);
      });
      answers.push({ at: (sent - begin) / 1000, ms: performance.now() - sent });
      await new Promise((resolve) => setTimeout(resolve, options.everyMs));
    }
  } finally {
    agent.destroy();
  }
  return answers;
}

export type IdleSummary = { answers: number; p50: number; p99: number; longest: IdleAnswer; over: IdleAnswer[] };

/** The answers' median, p99 and longest, and those slower than `slowMs` in the order they came. */
export function summarizeIdleAnswers(answers: readonly IdleAnswer[], slowMs: number): IdleSummary {
  if (answers.length === 0) throw new Error('no answers');
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const longest = answers.reduce((slowest, answer) => (answer.ms > slowest.ms ? answer : slowest));
  return { answers: answers.length, p50: percentileOfSorted(sorted, 50), p99: percentileOfSorted(sorted, 99), longest, over: answers.filter((answer) => answer.ms > slowMs) };
}

/** "longest 171.5 ms (at 56.4 s), p99 7.0 ms, p50 2.0 ms; 1 of 3,092 over 50 ms (56.4 s: 172 ms)". */
export function describeIdleAnswers(summary: IdleSummary, slowMs: number): string {
  const over = summary.over.length ? ` (${summary.over.map((answer) => `${answer.at.toFixed(1)} s: ${answer.ms.toFixed(0)} ms`).join(', ')})` : '';
  return `longest ${summary.longest.ms.toFixed(1)} ms (at ${summary.longest.at.toFixed(1)} s), p99 ${summary.p99.toFixed(1)} ms, p50 ${summary.p50.toFixed(1)} ms; ${summary.over.length} of ${summary.answers.toLocaleString('en-US')} over ${slowMs} ms${over}`;
}
