import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { freePort, startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.ts';
import { PROJECT_ROOT } from '../../server/src/paths.ts';
import { PRODUCTION_NODE_ARGS } from '../lib/production-node.ts';
import { batchBody, type FeedInput, feedRequests, rotatedFeedInputs } from './browser-requests.ts';
import { processCpuMs, treeCpuMs } from './cpu.ts';
import { type CpuProfile, renderProfile, summarizeProfile } from './cpu-profile.ts';
import { sessionCookie } from './dataset.ts';
import { type ChildServer, keptDataAppEnv, postmasterPid as postmasterPidOf, startNodeServer, withClient } from './harness.ts';
import { listingsBackToReview, listingWriter } from './listing-writer.ts';
import { type CacheAnswers, describeCacheAnswers, type LoadRequest, runLoad } from './load.ts';
import { drainQueue, unfinishedJobs } from './queue-drain.ts';
import { openSessionTabs, type TabFleet } from './realtime-fanout.ts';

// Two builds of the app, A and B, on the same data, the same requests and the same machine
// moment: each load is run on A and on B in turn (which goes first alternates), and the CPU
// each app process spent per answered request is read from /proc (scripts/bench/cpu.ts). On a
// shared machine a throughput ratio between two runs is mostly the machine; CPU per request of
// two builds measured side by side is the change's. Uses the data a bench run kept
// (BENCH_KEEP=1) and its captured requests; the schema must be the same for both builds.
//
//   [AB_ONLY=feed,search,orders,me,cached,many,writes] [AB_DRAIN=1] [AB_CONNECTIONS=50] [AB_NODE_ARGS_B='--max-semi-space-size=16'] [AB_TABS_B=400] npx tsx scripts/bench/app-ab.ts <kept data dir> <captured.json> <A dist/server/start.js> <B dist/server/start.js> [rounds] [seconds]

const [dataDirArg, capturedFile, scriptA, scriptB, roundsArg = '3', secondsArg = '5'] = process.argv.slice(2);
if (!dataDirArg || !capturedFile || !scriptA || !scriptB) {
  console.error('usage: app-ab.ts <kept data dir> <captured.json> <A start.js> <B start.js> [rounds] [seconds]');
  process.exit(2);
}
const dataDir: string = dataDirArg;
const ROUNDS = Number(roundsArg);
const SECONDS = Number(secondsArg);
/** AB_CONNECTIONS: fewer connections than the bench's 50 leave a core free, so a profile reads CPU rather than time spent preempted. */
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 50);
const captured = JSON.parse(readFileSync(capturedFile, 'utf8')) as { feedRequest: LoadRequest; searchRequests: LoadRequest[]; orderRequest: LoadRequest };

const postgres = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
const databaseUrl = postgres.connectionString;
const postmasterPid = await postmasterPidOf(databaseUrl);

const profileDir = (name: string) => path.join(dataDir, `ab-profile-${name}-${process.pid}`);

async function startApp(script: string, name: string): Promise<ChildServer> {
  const port = await freePort();
  const env = keptDataAppEnv(dataDir, port);
  // AB_CPU_PROF=1: each app writes a V8 CPU profile, summarised at the end (where B's CPU goes).
  const profile = process.env.AB_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir(name)}`] : [];
  // AB_NODE_ARGS_A / AB_NODE_ARGS_B: node flags for one side after production's (V8 takes a flag's last value), to compare flags on one build.
  const extra = process.env[`AB_NODE_ARGS_${name.toUpperCase()}`]?.split(' ').filter(Boolean) ?? [];
  return startNodeServer({ script, nodeArgs: [...PRODUCTION_NODE_ARGS, ...profile, ...extra], cwd: PROJECT_ROOT, env, port, readyPath: '/ready', logFile: path.join(dataDir, `ab-${name}.log`) });
}

/** Ids of public listings by type, newest first: the rotated feed's cursors. */
async function publicListingIds(): Promise<Record<FeedInput['type'], string[]>> {
  const rows = await withClient(databaseUrl, async (client) => (await client.query<{ type: FeedInput['type']; id: string }>(`SELECT type, id FROM listings WHERE status = 'active' AND deleted_at IS NULL ORDER BY published_at DESC, id DESC`)).rows);
  const ids: Record<FeedInput['type'], string[]> = { rental: [], food: [], service: [] };
  for (const row of rows) ids[row.type].push(row.id);
  return ids;
}

/** Orders no earlier run made: each rental of the bench's targets once, on a day `offset` days from today, by its renter; throttles cleared. */
async function orderRequests(offset: number, origin: string): Promise<LoadRequest[]> {
  return withClient(databaseUrl, async (client) => {
    await client.query('DELETE FROM throttles');
    const { rows } = await client.query<{ listing_id: string; rn: number; day: string }>(
      `SELECT t.listing_id, o.rn::int AS rn, (current_date + $1::int)::text AS day FROM bench_order_targets t JOIN bench_owner o ON o.id = t.renter_id WHERE t.n <= (SELECT count(*) FROM bench_order_targets) / 3 ORDER BY t.n`,
      [offset],
    );
    return rows.map((row) => ({
      ...captured.orderRequest,
      // The app refuses a change from another origin: the captured one was the bench's app.
      headers: { ...captured.orderRequest.headers, origin, cookie: sessionCookie(row.rn) },
      body: batchBody({ listingId: row.listing_id, startDate: row.day, endDate: row.day }),
    }));
  });
}

/** The signed-in bench neighbours' `auth.me`, as the browser sends it (a batched GET). */
function meRequests(): LoadRequest[] {
  return Array.from({ length: 200 }, (_, i) => ({
    method: 'GET' as const,
    path: `/trpc/auth.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: null, meta: { values: ['undefined'] } } }))}`,
    headers: { ...captured.orderRequest.headers, cookie: sessionCookie(i + 1) },
  }));
}

type Totals = {
  appMs: number;
  postgresMs: number;
  served: number;
  errors: number;
  firstErrors: string[];
  cache: CacheAnswers;
  leftQueued: number;
  /** AB_DRAIN=1: both apps' CPU and Postgres's over the load and the wait for the jobs it enqueued. */
  withJobs: { appsMs: number; postgresMs: number };
};
const empty = (): Totals => ({ appMs: 0, postgresMs: 0, served: 0, errors: 0, firstErrors: [], cache: { hit: 0, miss: 0, none: 0 }, leftQueued: 0, withJobs: { appsMs: 0, postgresMs: 0 } });
/** AB_DRAIN=1: after each load, wait for the jobs it enqueued (deliveries), counting what both apps and Postgres spend on them. */
const DRAIN = process.env.AB_DRAIN === '1';
const bothAppsCpuMs = () => processCpuMs(apps.A.pid) + processCpuMs(apps.B.pid);

/** Something running beside a load (a writer), started before it and stopped after it. */
type Beside = () => { stop(): Promise<void> };

async function measure(app: ChildServer, requests: LoadRequest[], once: boolean, totals: Totals, beside?: Beside) {
  const running = beside?.();
  const appBefore = processCpuMs(app.pid);
  const appsBefore = bothAppsCpuMs();
  const postgresBefore = treeCpuMs(postmasterPid);
  const started = performance.now();
  const enqueuedFrom = new Date();
  const result = await runLoad({ url: app.url, connections: CONNECTIONS, durationMs: SECONDS * 1000, warmupMs: 1000, requests, once }).finally(() => running?.stop());
  const wall = (performance.now() - started) / 1000;
  // The warm-up is inside the CPU read: requests over the whole call at the measured rate.
  totals.served += result.rps * wall;
  totals.appMs += processCpuMs(app.pid) - appBefore;
  totals.postgresMs += treeCpuMs(postmasterPid) - postgresBefore;
  totals.errors += result.errors;
  // Jobs the load enqueued (an order's notification, which sends its e-mail) still queued now: either app works them later, outside this figure.
  totals.leftQueued += await unfinishedJobs(databaseUrl, enqueuedFrom);
  if (DRAIN) {
    // Either app may take a job (both work the same queues): both are counted.
    await drainQueue(databaseUrl, enqueuedFrom, 120_000);
    totals.withJobs.appsMs += bothAppsCpuMs() - appsBefore;
    totals.withJobs.postgresMs += treeCpuMs(postmasterPid) - postgresBefore;
  }
  for (const answer of ['hit', 'miss', 'none'] as const) totals.cache[answer] += result.cache[answer];
  if (totals.firstErrors.length === 0) totals.firstErrors = result.firstErrors.slice(0, 2);
}

/** Days from today after every order already made (an earlier run's included): each load's orders take a day of their own. */
const firstFreeDay = await withClient(databaseUrl, async (client) => (await client.query<{ day: number }>(`SELECT greatest(coalesce(max(end_date) - current_date, 0), 0) + 1 AS day FROM orders`)).rows[0]!.day);

const apps = { A: await startApp(scriptA, 'a'), B: await startApp(scriptB, 'b') };
// AB_TABS_A / AB_TABS_B=n: subscribed tabs of the kept data's first n signed-in people open on that side's app throughout (what open tabs cost a load).
const tabs: TabFleet[] = [];
try {
  for (const side of ['A', 'B'] as const) {
    const count = Number(process.env[`AB_TABS_${side}`] ?? 0);
    if (count > 0) tabs.push(await openSessionTabs(apps[side].url, count));
  }
  const cursors = await publicListingIds();
  const lines: string[] = [];
  // The bench's mixed section: its 40 feed URLs, while a writer publishes, edits and pauses listings at 10/s.
  const mixedFeed = feedRequests(captured.feedRequest, rotatedFeedInputs(cursors, { count: 40, seed: 5, firstPages: 10 }));
  const only = process.env.AB_ONLY?.split(',');
  const pending = !only || only.includes('writes') ? await listingsBackToReview(databaseUrl, 2000) : [];
  const active = [...cursors.rental, ...cursors.food, ...cursors.service].filter((id) => !pending.includes(id));
  const loads: { key: string; name: string; requests: (round: number, side: 'A' | 'B') => Promise<LoadRequest[]> | LoadRequest[]; once: boolean; beside?: Beside }[] = [
    // Each URL once per load, a new seed per load: pages from anywhere, read from Postgres.
    { key: 'feed', name: 'feed, real path (rotated, each URL once)', requests: (round, side) => feedRequests(captured.feedRequest, rotatedFeedInputs(cursors, { count: 20_000, seed: 100 + round * 2 + (side === 'A' ? 0 : 1) })), once: true },
    { key: 'search', name: 'search (8 terms)', requests: () => captured.searchRequests, once: false },
    { key: 'orders', name: 'orders.create', requests: (round, side) => orderRequests(firstFreeDay + round * 2 + (side === 'A' ? 0 : 1), apps[side].url), once: true },
    // A tRPC query with the session from the cache and one small read (the person's row by its key): near what every request costs before its own work.
    { key: 'me', name: 'auth.me (the session from the cache and the person\'s row by its key: near the fixed cost of a tRPC request)', requests: () => meRequests(), once: false },
    // Every request a hit of the feed cache (one URL, no writes).
    { key: 'cached', name: 'feed, cached (one URL)', requests: () => [captured.feedRequest], once: false },
    // The same 40 URLs without the writer: what the writes add, apart from the URLs' own cost.
    { key: 'many', name: 'feed, the same 40 URLs without writes', requests: () => mixedFeed, once: false },
    { key: 'writes', name: 'feed, 40 URLs with listing writes at 10/s', requests: () => mixedFeed, once: false, beside: () => listingWriter(databaseUrl, 10, { pending, active }) },
  ];
  // AB_ONLY=feed,search,orders,me,cached,many,writes: only those loads.
  for (const load of loads.filter((entry) => !only || only.includes(entry.key))) {
    const totals = { A: empty(), B: empty() };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
      for (const side of order) await measure(apps[side], await load.requests(round, side), load.once, totals[side], load.beside);
    }
    const per = (t: Totals) => ({ app: t.appMs / t.served, postgres: t.postgresMs / t.served });
    const a = per(totals.A);
    const b = per(totals.B);
    lines.push(
      `| ${load.name} | ${a.app.toFixed(3)} ms (Postgres ${a.postgres.toFixed(3)} ms) | ${b.app.toFixed(3)} ms (Postgres ${b.postgres.toFixed(3)} ms) | ${(b.app / a.app).toFixed(2)}x | errors A ${totals.A.errors}, B ${totals.B.errors}; jobs left queued at the loads' ends A ${totals.A.leftQueued}, B ${totals.B.leftQueued} (not in the figures) |`,
    );
    console.log(lines.at(-1));
    if (DRAIN) {
      const whole = (t: Totals) => `apps ${(t.withJobs.appsMs / t.served).toFixed(3)} ms, Postgres ${(t.withJobs.postgresMs / t.served).toFixed(3)} ms`;
      lines.push(`| ${load.name}, with the jobs it enqueued worked (both apps' CPU) | ${whole(totals.A)} | ${whole(totals.B)} | ${(totals.B.withJobs.appsMs / totals.B.served / (totals.A.withJobs.appsMs / totals.A.served)).toFixed(2)}x | |`);
      console.log(lines.at(-1));
    }
    for (const side of ['A', 'B'] as const) if (totals[side].errors) console.log(`${side}: ${totals[side].firstErrors.join(' / ')}`);
    for (const side of ['A', 'B'] as const) if (totals[side].cache.hit + totals[side].cache.miss > 0) console.log(`${side}: ${describeCacheAnswers(totals[side].cache)}`);
  }
  console.log(`\nA: ${scriptA}\nB: ${scriptB}\n${ROUNDS} rounds of ${SECONDS} s per side and load, alternating which goes first; load average now ${os.loadavg().map((v) => v.toFixed(1)).join(' / ')}.\n`);
  console.log('| load | A: app CPU per request | B: app CPU per request | B / A | |\n|---|---|---|---|---|');
  for (const line of lines) console.log(line);
} finally {
  for (const fleet of tabs) await fleet.close();
  await apps.A.stop();
  await apps.B.stop();
  await postgres.stop();
}
if (process.env.AB_CPU_PROF === '1') {
  for (const name of ['a', 'b']) {
    const file = readdirSync(profileDir(name)).find((entry) => entry.endsWith('.cpuprofile'));
    if (!file) continue;
    console.log(`\n### ${name.toUpperCase()}: where its CPU went (start-up included)\n`);
    console.log(renderProfile(summarizeProfile(JSON.parse(readFileSync(path.join(profileDir(name), file), 'utf8')) as CpuProfile, 30)));
  }
}
