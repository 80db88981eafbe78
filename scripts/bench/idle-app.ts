import { describeIdleAnswers, probeAnswers, summarizeIdleAnswers } from './idle-answers.ts';
import { startProductionApp } from './production-app.ts';
import type { BenchSection } from './report.ts';

/** Longer than a minute: a task that runs once a minute (or every 30 s) falls inside at least once. */
const SECONDS = 75;
const EVERY_MS = 20;
/** Answers slower than this are listed with when they came. */
const SLOW_MS = 50;
/** The target: no task of an idle app holds it for longer (an answer waits for at most one such task). */
const LONGEST_MS = 100;

/** The compiled production app with the demo data, idle, seen from outside (idle-answers.ts). */
export async function idleSection(options: { log?: (line: string) => void } = {}): Promise<BenchSection> {
  const log = options.log ?? ((line: string) => console.error(line));
  log('idle: starting the compiled app in its own process (embedded Postgres, demo data)');
  const app = await startProductionApp('idle');
  try {
    // Past the start's own work (the scheduled jobs' catch-up runs, the first looks for due jobs).
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    log(`idle: GET /health every ${EVERY_MS} ms for ${SECONDS} s`);
    const summary = summarizeIdleAnswers(await probeAnswers(app.base, { path: '/health', seconds: SECONDS, everyMs: EVERY_MS }), SLOW_MS);
    return {
      title: 'An idle app',
      lines: [
        {
          what: `an idle production app (npm start's flags, demo data) seen from outside: GET /health every ${EVERY_MS} ms for ${SECONDS} s on one kept-alive connection, after 5 s idle (whatever the app does every minute falls inside)`,
          figure: describeIdleAnswers(summary, SLOW_MS),
          baseline: '',
          ratio: '',
          target: `longest answer ≤ ${LONGEST_MS} ms`,
          met: summary.longest.ms <= LONGEST_MS,
          cache: 'none: /health asks Postgres every time',
        },
      ],
      notes: [
        'One task that holds the process (a periodic job, a timer, a collection) delays whatever is in flight then: here, one answer among thousands. Until decision 047, pg-boss\'s cron check held it for 171-179 ms once a minute.',
      ],
    };
  } finally {
    await app.close();
  }
}
