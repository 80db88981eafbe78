import { DEFAULT_TIME_ZONE, setCondoTimeZone } from '@vizinhanca/shared/format/format';
import { resetMetrics } from '../src/observability/metrics.ts';

// The server's test files share their worker's process and modules (isolate: false in
// vitest.config.ts: importing the app once per worker instead of once per file). What a
// module keeps between calls is put back as a fresh process has it, before each file:
// - the metrics registry: counters and histograms sum over the process, and the queue that
//   reports its depth is the last one started (observability and job-queue tests read them);
// - the condominium's time zone of shared/format, which startServer sets from its config.
// The rest was checked and carries nothing between files: caches of values that do not
// change (named statements by SQL text, Intl formatters, the decoy password hash, the test
// password's hash), the feed caches (one per event bus, so per app), and the listeners
// embedded-postgres.ts adds to the process once, at import. Each test file makes its own
// database, clocks (createTestApp) and servers, and restores what it spies on.
resetMetrics();
setCondoTimeZone(DEFAULT_TIME_ZONE);
