import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FEED_SESSION_OPTIONS } from '../../server/src/db/database.ts';
import { freePort, startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.ts';
import { PROJECT_ROOT } from '../../server/src/paths.ts';
import { PRODUCTION_NODE_ARGS } from '../lib/production-node.ts';
import { type FeedInput, feedRequests, rotatedFeedInputs } from './browser-requests.ts';
import { cpuOverRounds, type CpuRound, processCpuMs, treeCpuMs } from './cpu.ts';
import { type CpuProfile, renderProfile, summarizeProfile } from './cpu-profile.ts';
import { buildMinimalServer, type ChildServer, postgresLogSink, postmasterPid as postmasterPidOf, readStatementLog, startNodeServer, withClient, withSessionOptions, withStatementLog } from './harness.ts';
import { parseLog } from './pg-log.ts';
import { describeCacheAnswers, type LoadRequest, runLoad } from './load.ts';
import { drainQueue } from './queue-drain.ts';

// The bench's CPU line (app CPU per uncached feed request against the bare endpoint) on the data a
// bench run kept, alternated in rounds, without generating data or running pgbench: newest rentals
// after rotated cursors, each URL once, on the compiled app and on scripts/bench/minimal-server.ts
// running the statement the app sends for them (compiled here by the app's own feed template).
// AB_CPU_PROF=1 writes both processes' CPU profiles and prints where each one's CPU went.
// CPU_LOAD=search: the bench's 32 searches instead, over and over, the bare endpoint running for each
// the statement the app sent for it (captured by the bench run), unnamed as the app sends it.
//
// Given two builds of the app or more, each is measured in the same rounds (the first build is `app 1`).
//
//   [CPU_ROUNDS=3 CPU_SECONDS=5] npx tsx scripts/bench/cpu-against-bare.ts <kept data dir> <captured.json> <app dist/server/start.js> [another start.js ...]

const [dataDirArg, capturedFile, ...appScripts] = process.argv.slice(2);
if (!dataDirArg || !capturedFile || appScripts.length === 0) {
  console.error('usage: cpu-against-bare.ts <kept data dir> <captured.json> <app start.js> [another app start.js ...]');
  process.exit(2);
}
const dataDir: string = dataDirArg;
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3);
const SECONDS = Number(process.env.CPU_SECONDS ?? 5);
const CONNECTIONS = 50;
const LIMIT = 20;
const captured = JSON.parse(readFileSync(capturedFile, 'utf8')) as { feedRequest: LoadRequest; searchRequests: LoadRequest[]; searchStatements: { sql: string; params: (string | null)[] }[][] };
const searching = process.env.CPU_LOAD === 'search';
const profiling = process.env.AB_CPU_PROF === '1';
const cachedOnly = process.env.CPU_CACHED === '1';
const profileDir = (name: string) => path.join(dataDir, `bare-ab-profile-${name}-${process.pid}`);
// CPU_NODE_ARGS: more node flags for every side (--trace-gc, say; NODE_OPTIONS refuses some); CPU_NODE_ARGS_<name> (app-1, bare...) for one side, after them.
const flagsOf = (variable: string) => process.env[variable]?.split(' ').filter(Boolean) ?? [];
const profileArgs = (name: string) => [...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir(name)}`] : []), ...flagsOf('CPU_NODE_ARGS'), ...flagsOf(`CPU_NODE_ARGS_${name.replace('-', '_')}`)];

const bareScript = await buildMinimalServer(PROJECT_ROOT);

const postgresLog = postgresLogSink();
const postgres = await startEmbeddedPostgres(dataDir, postgresLog.logger);
const databaseUrl = postgres.connectionString;
const postmasterPid = await postmasterPidOf(databaseUrl);

async function startApp(script: string, name: string): Promise<ChildServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
  for (const key of ['DATABASE_URL', 'LOG_LEVEL', 'CLOCK_START', 'PUBLIC_URL', 'SMTP_URL', 'S3_ENDPOINT']) delete env[key];
  return startNodeServer({ script, nodeArgs: [...PRODUCTION_NODE_ARGS, ...profileArgs(name)], cwd: PROJECT_ROOT, env, port, readyPath: '/ready', logFile: path.join(dataDir, `bare-ab-${name}.log`) });
}

/** The statement the app sent (from Postgres's log) for a page of newest rentals after `cursor`, as the bare endpoint's FEED_SQL. */
async function feedSql(app: ChildServer, cursor: string): Promise<string> {
  const [request] = feedRequests(captured.feedRequest, [{ type: 'rental', filter: 'all', sort: 'newest', cursor }]);
  await withClient(databaseUrl, (client) =>
    withStatementLog(client, async () => {
      const answer = await fetch(`${app.url}${request!.path}`, { headers: request!.headers });
      if (!answer.ok) throw new Error(`the app answered the captured page with ${answer.status}`);
      await answer.arrayBuffer();
    }),
  );
  await readStatementLog(postgresLog, cursor);
  const statement = parseLog(postgresLog.text()).find((logged) => logged.application === 'vizinhanca' && /\bfrom "listings"/i.test(logged.sql) && logged.params.includes(cursor));
  if (!statement) throw new Error('the feed statement with the cursor is not in the log');
  return JSON.stringify({ text: statement.sql, values: statement.params, limit: LIMIT, cursorParam: statement.params.indexOf(cursor) });
}

async function startBare(app: ChildServer, cursor: string): Promise<ChildServer> {
  const port = await freePort();
  // Searches run on sessions with Postgres's default options, as the app's do (its main pool).
  const searches = captured.searchRequests.map((request, i) => {
    const [statement] = captured.searchStatements[i]!;
    return { path: request.path, text: statement!.sql, values: statement!.params, limit: LIMIT };
  });
  const env = { ...process.env, DATABASE_URL: searching ? databaseUrl : withSessionOptions(databaseUrl, FEED_SESSION_OPTIONS), PORT: String(port), FEED_SQL: await feedSql(app, cursor), SEARCH_SQL: JSON.stringify(searches) };
  return startNodeServer({ script: bareScript, nodeArgs: profileArgs('bare'), cwd: PROJECT_ROOT, env, port, readyPath: '/trpc/listings.list?input=%7B%7D', logFile: path.join(dataDir, 'bare-ab-bare.log') });
}

const rentals = await withClient(databaseUrl, async (client) =>
  (await client.query<{ id: string }>(`SELECT id FROM listings WHERE type = 'rental' AND status = 'active' AND deleted_at IS NULL ORDER BY published_at DESC, id DESC`)).rows.map((row) => row.id),
);
const rentalPages = (seed: number): LoadRequest[] =>
  feedRequests(captured.feedRequest, rotatedFeedInputs({ rental: rentals, food: [], service: [] }, { count: 40_000, seed }).map((input) => ({ ...input, filter: 'all', sort: 'newest' }) as const));

const sides = [...appScripts.map((_, i) => `app ${i + 1}`), 'bare endpoint'];
const servers = new Map<string, ChildServer>();
for (const [i, script] of appScripts.entries()) servers.set(sides[i]!, await startApp(script, `app-${i + 1}`));
servers.set('bare endpoint', await startBare(servers.get('app 1')!, rentals[Math.floor(rentals.length / 2)]!));
// Deliveries a kept run left queued (its orders' e-mails) are worked by the apps first, outside the figures.
const drained = await drainQueue(databaseUrl, new Date(0), 180_000);
if (drained.leftAtStart) console.log(`${drained.leftAtStart} queued jobs worked first (${drained.seconds.toFixed(0)} s), ${drained.leftAtEnd} left`);
type Totals = { errors: number; cache: { hit: number; miss: number; none: number }; rounds: CpuRound[]; postgresRounds: CpuRound[] };
const totals = new Map<string, Totals>(sides.map((side) => [side, { errors: 0, cache: { hit: 0, miss: 0, none: 0 }, rounds: [], postgresRounds: [] }]));
// CPU_WARM=1: each app first serves what the bench sends it before this line (its cached first page, then the real
// path's types, chips and sorts), so its code has seen every shape, as the bench's app has.
if (process.env.CPU_WARM === '1') {
  const cursors = await withClient(databaseUrl, async (client) => {
    const rows = (await client.query<{ type: FeedInput['type']; id: string }>(`SELECT type, id FROM listings WHERE status = 'active' AND deleted_at IS NULL`)).rows;
    const byType: Record<FeedInput['type'], string[]> = { rental: [], food: [], service: [] };
    for (const row of rows) byType[row.type].push(row.id);
    return byType;
  });
  for (const [i] of appScripts.entries()) {
    const url = servers.get(sides[i]!)!.url;
    await runLoad({ url, connections: CONNECTIONS, durationMs: 2000, requests: [captured.feedRequest] });
    await runLoad({ url, connections: CONNECTIONS, durationMs: 4000, requests: feedRequests(captured.feedRequest, rotatedFeedInputs(cursors, { count: 20_000, seed: 7 })), once: true });
  }
}
const loadBefore = os.loadavg()[0]!;
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Which side goes first turns each round.
    const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
    for (const side of order) {
      const server = servers.get(side)!;
      const total = totals.get(side)!;
      const before = processCpuMs(server.pid);
      const postgresBefore = treeCpuMs(postmasterPid);
      const started = performance.now();
      // A seed per round and side: no URL an app's cache already holds.
      // CPU_CACHED=1: the first page alone, over and over (every answer of an app a cache hit), instead.
      const requests = searching ? captured.searchRequests : cachedOnly ? [captured.feedRequest] : rentalPages(1000 + round * sides.length + sides.indexOf(side));
      const result = await runLoad({ url: server.url, connections: CONNECTIONS, durationMs: SECONDS * 1000, warmupMs: 1000, requests, once: !cachedOnly && !searching });
      const wall = (performance.now() - started) / 1000;
      total.rounds.push({ cpuMs: processCpuMs(server.pid) - before, served: result.rps * wall });
      total.postgresRounds.push({ cpuMs: treeCpuMs(postmasterPid) - postgresBefore, served: result.rps * wall });
      total.errors += result.errors;
      for (const answer of ['hit', 'miss', 'none'] as const) total.cache[answer] += result.cache[answer];
    }
  }
} finally {
  for (const server of servers.values()) await server.stop();
  await postgres.stop();
}
const figures = (side: string) => cpuOverRounds(totals.get(side)!.rounds);
const per = (side: string) => figures(side).perRequest;
const served = (side: string) => totals.get(side)!.rounds.reduce((sum, round) => sum + round.served, 0);
/** Each round's figure of a side, and their median: on a shared machine one round can catch another's burst. */
const rounds = (side: string) => `rounds ${figures(side).each.map((figure) => figure.toFixed(2)).join(' / ')}, median ${figures(side).median.toFixed(3)}`;
const bare = per('bare endpoint');
/** Postgres's CPU per request while a side was measured (every process under the postmaster). */
const postgresPer = (side: string) => {
  const each = cpuOverRounds(totals.get(side)!.postgresRounds);
  return `Postgres ${each.perRequest.toFixed(3)} ms per request (rounds ${each.each.map((figure) => figure.toFixed(2)).join(' / ')})`;
};
console.log(`\n${ROUNDS} rounds of ${SECONDS} s per side, turning which goes first; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after.`);
for (const [i, script] of appScripts.entries()) {
  const side = sides[i]!;
  const total = totals.get(side)!;
  console.log(`${side} (${script}): ${per(side).toFixed(3)} ms per request (${describeCacheAnswers(total.cache)}, errors ${total.errors}): ${(per(side) / bare).toFixed(2)}x the bare endpoint; ${rounds(side)}; ${postgresPer(side)}`);
}
console.log(`bare endpoint: ${bare.toFixed(3)} ms per request (errors ${totals.get('bare endpoint')!.errors}); ${rounds('bare endpoint')}; ${postgresPer('bare endpoint')}`);
if (profiling) {
  for (const [i, side] of sides.entries()) {
    const dir = profileDir(i < appScripts.length ? `app-${i + 1}` : 'bare');
    const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
    if (!file) continue;
    console.log(`\n### ${side}: where its CPU went (start-up included), per request over ${Math.round(served(side))} requests\n`);
    console.log(renderProfile(summarizeProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile, 45), served(side)));
    console.log(`Profile: ${path.join(dir, file)}`);
  }
}
