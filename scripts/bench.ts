import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, type PostgresHandle, startEmbeddedPostgres } from '../server/src/db/embedded-postgres.ts';
import { FEED_SESSION_OPTIONS } from '../server/src/db/database.ts';
import { PROJECT_ROOT } from '../server/src/paths.ts';
import { batchBody, BROWSER_ACCEPT_ENCODING, browserClient, type FeedInput, feedPageInput, feedPath, feedRequests, feedScreenInput, feedShapes, rotatedFeedInputs, withoutAcceptEncoding } from './bench/browser-requests.ts';
import { BENCH_SIZE, datasetSql, sessionCookie, sessionId } from './bench/dataset.ts';
import { INBOX_BENCH_SIZE, inboxDatasetSql } from './bench/inbox-dataset.ts';
import { INBOX_PAGE_SIZE } from '../shared/src/messages/message.schema.ts';
import { ORDER_CREATED_MESSAGES } from '../shared/src/orders/order.schema.ts';
import {
  buildMinimalServer,
  type ChildServer,
  descendants,
  ensurePgbench,
  pgbenchVersion,
  postgresLogSink,
  postmasterPid,
  readStatementLog,
  rssOf,
  runPgbench,
  startNodeServer,
  withAppPaused,
  withSessionOptions,
  withClient,
  withStatementLog,
} from './bench/harness.ts';
import { PRODUCTION_NODE_ARGS } from './lib/production-node.ts';
import { describeCacheAnswers, sumCacheAnswers, type LoadRequest, type LoadResult, runLoad } from './bench/load.ts';
import { type CpuPerUnit, cpuNote, cpuOverRounds, type CpuRound, machineVerdict, processCpuMs, reapedChildrenCpuMs, treeCpuMs, withCpu } from './bench/cpu.ts';
import { alternateSerialisers } from './bench/serialise-ab.ts';
import { type BareOrderStatements, type StoredAnswer, storedAnswer } from './bench/minimal-answer.ts';
import { bundleSection } from './bench/bundle.ts';
import { lighthouseSection } from './bench/lighthouse.ts';
import { idleSection } from './bench/idle-app.ts';
import { openSessionTabs, realtimeSection, type TabFleet } from './bench/realtime-fanout.ts';
import { announcementSection } from './bench/announcement-fanout.ts';
import { fornadaSection } from './bench/fornada.ts';
import { deliveryNote, drainQueue } from './bench/queue-drain.ts';
import { listingsBackToReview, listingWriter, WRITE_KINDS } from './bench/listing-writer.ts';
import { between, cachedSessionStatements, JOB_QUEUE_STATEMENT, type LoggedStatement, markerSql, parseLog } from './bench/pg-log.ts';
import { FRESH_ID_COLUMNS, freshIdColumns } from './bench/fresh-ids.ts';
import { drawnStatements, fasterRun, pairedRatio, pairOrder, withoutDrawOf, type PgbenchScript, pgbenchScript, targetsSequence, type Varying } from './bench/pgbench-script.ts';
import { type BenchLine, type BenchSection, formatRatio, formatTargetRatio, renderReport } from './bench/report.ts';
import { loadAverage, runSection } from './bench/section-run.ts';
import { InspectorSession } from './bench/collect-garbage.ts';
import { describeSocketMemory, heldOutsideYoung, type MemoryReading, readingOf, socketMemory, socketMemoryMet } from './bench/socket-memory.ts';
import { describeLoad, describeRate, disjointSlices, formatMiB, formatMs, formatRate, median, ratiosOfPairs } from './bench/stats.ts';

// npm run bench: one run, one Markdown report (printed and written to
// .data/bench/report-<timestamp>.md). It builds the server, generates 100,000
// listings in a throwaway data directory, runs the compiled app as production
// does (plain node, a child process), captures the SQL the app sends from
// Postgres's own statement log, and measures the app side by side with pgbench
// running that same SQL and with a minimal tRPC + pg endpoint. Never part of
// `npm test`. Env: BENCH_SECONDS (per load, default 12), BENCH_KEEP=1 keeps the data,
// BENCH_ONLY=name,name runs only those sections (with only self-contained ones:
// realtime, bundle, lighthouse, no data is generated).

const root = PROJECT_ROOT;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const WARMUP_MS = 2_000;
/** Rounds of the app and the bare endpoint, alternated, for the CPU line. */
const CPU_ROUNDS = 4;
/** The lines' ratio targets against pgbench: each line's target text, its met check and its CPU note's budget read them. */
const RATIO_TARGETS = { feedCached: 1.0, realPath: 0.6, search: 0.6, orders: 0.6, feedWithWrites: 1.0 } as const;
const APP = 'vizinhanca';
/** A transaction during the capture belongs to the request only if it touches what the request is about. */
const FEED_ANCHOR = /\bfrom "listings"/i;
const SEARCH_TERMS = [
  { type: 'rental', term: 'furadeira' },
  { type: 'food', term: 'bolo' },
  { type: 'service', term: 'aula' },
  { type: 'rental', term: 'bicicleta' },
  { type: 'food', term: 'brigadeiro' },
  { type: 'service', term: 'faxina' },
  { type: 'rental', term: 'projetor' },
  { type: 'food', term: 'sem lactose' },
] as const;
/** Searches as neighbours make them: each term in each of the four sorts (the screen keeps its sort while searching), newest first for every term, then the next sort. */
const SEARCHES = (['newest', 'price_asc', 'price_desc', 'rating'] as const).flatMap((sort) => SEARCH_TERMS.map((entry) => ({ ...entry, sort })));

const postgresLog = postgresLogSink();
const started = performance.now();
/** Before the bench does anything: the machine's own load, not the build's or the loads'. */
const loadAtStart = os.loadavg();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const outDir = path.join(root, '.data/bench', stamp);
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vz-bench-main-'));
const timings: string[] = [];

function step(label: string) {
  const at = performance.now();
  console.log(`• ${label}...`);
  return () => timings.push(`${label}: ${((performance.now() - at) / 1000).toFixed(0)} s`);
}

function dateIn(timeZone: string, offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** The app and everything a section needs to reach it. */
type BenchContext = {
  app: ChildServer;
  databaseUrl: string;
  pgbench: string;
  /** Captured requests of the browser and the SQL each made. */
  feed: { request: LoadRequest; statements: LoggedStatement[] };
  /** A feed page after a cursor in the middle of the rentals (no cache answers such pages under load): the real path's SQL. */
  deepFeed: { cursor: string; statements: LoggedStatement[] };
  /** Every shape the real path rotates, with its share of the rotation, the cursor (in the middle of its type) its SQL was captured after, and that SQL. */
  realFeed: { input: FeedInput; weight: number; cursor: string; statements: LoggedStatement[] }[];
  /** Ids of public listings by type: the cursors the rotated feed requests draw from. */
  cursors: Record<FeedInput['type'], string[]>;
  search: { requests: LoadRequest[]; statements: LoggedStatement[][] };
  order: { statements: LoggedStatement[]; known: Record<string, string>; requests: LoadRequest[]; toSignedInOwners: number };
  sortedFeeds: Record<'newest' | 'price_asc' | 'price_desc' | 'rating', LoadRequest>;
  memory: { afterStart: number; afterFeedLoad?: number };
  /** Postgres's postmaster: its tree's CPU is the database's (scripts/bench/cpu.ts). */
  postmasterPid: number;
};

const load = (url: string, requests: LoadRequest[], options: { seconds?: number; once?: boolean } = {}) =>
  runLoad({ url, connections: CONNECTIONS, durationMs: (options.seconds ?? SECONDS) * 1000, warmupMs: WARMUP_MS, requests, once: options.once });

/** A load on `server` (the app unless another stands in its place) with the CPU each process spent per request served. */
async function loadWithCpu(ctx: BenchContext, requests: LoadRequest[], options: { seconds?: number; once?: boolean } = {}, server: ChildServer = ctx.app) {
  const wallStart = performance.now();
  const { result, cpuMs } = await withCpu(
    { app: () => processCpuMs(server.pid), postgres: () => treeCpuMs(ctx.postmasterPid), client: () => processCpuMs(process.pid) },
    () => load(server.url, requests, options),
  );
  const served = (result.rps * (performance.now() - wallStart)) / 1000;
  const cpu: CpuPerUnit = { app: cpuMs.app / served, postgres: cpuMs.postgres / served, client: cpuMs.client / served };
  return { ...result, cpu, served };
}

const errorsNote = (what: string, result: LoadResult) => (result.errors > 0 ? [`${what}: first errors: ${result.firstErrors.join(' / ')}`] : []);

function statementsNote(what: string, statements: LoggedStatement[]): string {
  const shown = statements.map((statement) => `\`${statement.sql.replace(/\s+/g, ' ').slice(0, 90)}${statement.sql.length > 90 ? '…' : ''}\``);
  return `${what}: ${statements.length} statements captured from the Postgres log: ${shown.join('; ')}`;
}

/** The app's pool size: pgbench runs at this many clients too, and the ratio is against the faster of the two. */
const APP_POOL = 10;

/**
 * pgbench of `scripts`. `sessionOptions`: the settings of the app's sessions that run them (the feed's pool,
 * FEED_SESSION_OPTIONS), so the baseline's Postgres plans them as the app's does.
 */
async function pgbenchFor(ctx: BenchContext, name: string, mode: 'prepared' | 'extended', scripts: (PgbenchScript & { weight?: number })[], sessionOptions?: string) {
  const files = scripts.map((script, i) => {
    const file = path.join(outDir, `${name}${scripts.length > 1 ? `-${i + 1}` : ''}.pgbench.sql`);
    writeFileSync(file, script.script);
    // pgbench draws each transaction's script at random by these weights (-f file@weight).
    return script.weight ? `${file}@${script.weight}` : file;
  });
  const defines = Object.assign({}, ...scripts.map((script) => script.defines)) as Record<string, string>;
  writeFileSync(path.join(outDir, `${name}.pgbench.defines.json`), JSON.stringify(defines, null, 2));
  // Like the app's loads, pgbench's runs have a warm-up that is not counted (its new connections prepare their statements).
  const run = async (clients: number, seconds = SECONDS, label = '', warmupSeconds = WARMUP_MS / 1000) => {
    const started = new Date();
    const { result, cpuMs } = await withCpu({ postgres: () => treeCpuMs(ctx.postmasterPid), pgbench: () => reapedChildrenCpuMs(process.pid) }, () =>
      withAppPaused(ctx.app, () => runPgbench({ pgbench: ctx.pgbench, connectionString: withSessionOptions(ctx.databaseUrl, sessionOptions), mode, clients, seconds, warmupSeconds, scripts: files, defines })),
    );
    // The deliveries of the notifications pgbench's transactions wrote (orders) are worked now, not during the next measurement.
    await drainQueue(ctx.databaseUrl, started, 180_000);
    const transactions = result.transactions;
    // Its CPU per transaction: the whole run's CPU over every transaction it made, the warm-up's in both.
    const cpu = { postgres: cpuMs.postgres / transactions, client: cpuMs.pgbench / transactions };
    writeFileSync(path.join(outDir, `${name}-c${clients}${label}.pgbench.out.txt`), result.output);
    return { ...result, cpu, clients };
  };
  const atLoad = await run(CONNECTIONS);
  const atPool = await run(APP_POOL);
  const faster = fasterRun([atLoad, atPool]);
  const against = faster.whole ? `the ratio against the faster (${faster.clients} clients)` : `**no run ended whole** (failed or aborted): the ratio against the faster (${faster.clients} clients) is not a baseline`;
  return {
    ...faster,
    figure: `${pgbenchFigure(atLoad, mode, CONNECTIONS)}; ${pgbenchFigure(atPool, mode, APP_POOL)}; ${against}`,
    /** pgbench again at the faster run's clients, for `seconds` (a paired round's; its output file named by `label`). */
    again: (seconds: number, label: string) => run(faster.clients, seconds, label),
  };
}

/** Per type, a table of the public listings the app's rotation draws cursors from, numbered 1..rows in random order. */
async function feedCursorTables(ctx: BenchContext): Promise<Record<FeedInput['type'], { table: string; rows: number }>> {
  return withClient(ctx.databaseUrl, async (client) => {
    const tables = {} as Record<FeedInput['type'], { table: string; rows: number }>;
    for (const type of Object.keys(ctx.cursors) as FeedInput['type'][]) {
      const table = `bench_feed_cursors_${type}`;
      await client.query(`DROP TABLE IF EXISTS ${table}`);
      await client.query(`CREATE TABLE ${table} AS SELECT row_number() OVER (ORDER BY md5(id::text)) AS n, id FROM unnest($1::uuid[]) AS c(id)`, [ctx.cursors[type]]);
      await client.query(`CREATE UNIQUE INDEX ON ${table} (n)`);
      await client.query(`ANALYZE ${table}`);
      tables[type] = { table, rows: ctx.cursors[type].length };
    }
    return tables;
  });
}

/** The ratio column of a paired line: the pairs' median and their spread. */
const pairedRatioText = (ratio: { median: number; lowest: number; highest: number }) => `${formatRatio(ratio.median)} (median of ${PAIRED_ROUNDS} pairs, ${formatRatio(ratio.lowest)} to ${formatRatio(ratio.highest)})`;

/** Adjacent rounds of the app's load and of pgbench (pairedWithPgbench): how many, and each side's seconds. */
const PAIRED_ROUNDS = 4;
const PAIRED_SECONDS = Math.max(3, Math.round(SECONDS / 3));
const PAIRED_NOTE = `The ratio of a paired line is the median of ${PAIRED_ROUNDS} pairs' own ratios: the app's load for ${PAIRED_SECONDS} s (after its ${WARMUP_MS / 1000} s warm-up) and pgbench for ${PAIRED_SECONDS} s after a ${WARMUP_MS / 1000} s warm-up of its own (its new connections prepare their statements; its rate is the mean of its per-second reports after it) at the long run's faster client count, adjacent, which goes first alternating. This machine's speed drifts by about a third within a minute with nothing else running, so two long runs a minute apart can disagree by that much; the two runs of a pair meet nearly the same machine. The figure and baseline columns are the long runs (their CPU per request and ceilings too); their ratio is in the notes.`;

/** PAIRED_ROUNDS adjacent runs of `first` and `second`, which goes first alternating (pairOrder). */
async function adjacentPairs<First, Second>(first: (round: number) => Promise<First>, second: (round: number) => Promise<Second>): Promise<[First, Second][]> {
  const pairs: [First, Second][] = [];
  for (const [round, order] of pairOrder(PAIRED_ROUNDS).entries()) {
    let a: First | undefined;
    let b: Second | undefined;
    for (const side of order) {
      if (side === 'app') a = await first(round);
      else b = await second(round);
    }
    pairs.push([a!, b!]);
  }
  return pairs;
}

/**
 * The app's load (`appRound`, a new round's requests each time) and pgbench at the baseline's faster
 * client count, PAIRED_ROUNDS times, each pair seconds apart and which goes first alternating
 * (pairOrder): the line's ratio is the median of the pairs' own ratios (pairedRatio), so a drift of the
 * shared machine's speed between one long run and the other does not decide it.
 */
async function pairedWithPgbench<Round extends LoadResult>(
  name: string,
  baseline: { clients: number; again: (seconds: number, label: string) => Promise<{ tps: number; failed: number; aborted: boolean }> },
  appRound: (round: number, seconds: number) => Promise<Round>,
  /** The baseline's rate as the ratio counts it (the real path takes its cursor draw out: withoutDrawOf). */
  counted: (tps: number) => number = (tps) => tps,
  /** Who the paired load measures, as the note names it. */
  side = 'app',
) {
  const pairs = (await adjacentPairs(
    (round) => appRound(round, PAIRED_SECONDS),
    (round) => baseline.again(PAIRED_SECONDS, `-pair${round + 1}`),
  )).map(([app, pgbench]) => ({ app, pgbench }));
  const ratio = pairedRatio(pairs.map((pair) => ({ appRps: pair.app.rps, pgbenchTps: counted(pair.pgbench.tps) })));
  const whole = pairs.every((pair) => pair.app.errors === 0 && pair.pgbench.failed === 0 && !pair.pgbench.aborted);
  const cache = sumCacheAnswers(pairs.map((pair) => pair.app));
  const each = pairs.map((pair, i) => `${formatRate(pair.app.rps)} / ${formatRate(counted(pair.pgbench.tps), 'tps')} = ${formatRatio(ratio.each[i]!)}`).join('; ');
  return {
    pairs,
    ratio,
    whole,
    cache,
    text: `${name}: ${PAIRED_ROUNDS} pairs of ${PAIRED_SECONDS} s (${side} / pgbench at ${baseline.clients} clients, which goes first alternating): ${each}; median ${formatRatio(ratio.median)}, ${formatRatio(ratio.lowest)} to ${formatRatio(ratio.highest)}${whole ? '' : ' (**some round had errors or failed transactions**)'}`,
  };
}

/** The parameter types Postgres infers for each statement that had a NULL parameter (PREPARE only; nothing runs). */
async function parameterTypes(databaseUrl: string, statements: LoggedStatement[]): Promise<(string[] | undefined)[]> {
  return withClient(databaseUrl, async (client) => {
    const types: (string[] | undefined)[] = [];
    for (const [i, statement] of statements.entries()) {
      if (!statement.params.includes(null)) {
        types.push(undefined);
        continue;
      }
      await client.query(`PREPARE vz_bench_probe_${i} AS ${statement.sql}`);
      const { rows } = await client.query<{ types: string[] }>(`SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = $1`, [`vz_bench_probe_${i}`]);
      await client.query(`DEALLOCATE vz_bench_probe_${i}`);
      types.push(rows[0]?.types);
    }
    return types;
  });
}

const pgbenchFigure = (result: { tps: number; latencyAverageMs: number; failed: number; aborted: boolean }, mode: string, clients: number) =>
  `pgbench -M ${mode}, ${clients} clients: ${formatRate(result.tps, 'tps')}, avg ${formatMs(result.latencyAverageMs)}${result.failed || result.aborted ? `, ${result.failed} failed${result.aborted ? ', clients aborted' : ''}` : ''}`;

// ---- Sections: each one function; the lead adds realtime, bundle and Lighthouse to the list ----

/** The load's figure, and in the line's own column whether a cache answered ("feed cache: 100% hits ..." or "no cache in the path"). */
const loadFigures = (result: LoadResult) => ({ figure: describeLoad(result), cache: describeCacheAnswers(result.cache) });


/**
 * Feed requests on the real path: types, chips and sorts rotated, each after a cursor drawn from
 * anywhere in its type, each sent once; a few first pages among them (which a cache may answer).
 */
function realPathFeed(ctx: BenchContext, count: number, seed: number): LoadRequest[] {
  return feedRequests(ctx.feed.request, rotatedFeedInputs(ctx.cursors, { count, seed }));
}

async function readPathSection(ctx: BenchContext): Promise<BenchSection> {
  const lines: BenchLine[] = [];
  const notes: string[] = [];

  const feedApp = await loadWithCpu(ctx, [ctx.feed.request]);
  ctx.memory.afterFeedLoad = rssOf(ctx.app.pid);
  const feedScript = pgbenchScript(ctx.feed.statements, { prefix: 'f', types: await parameterTypes(ctx.databaseUrl, ctx.feed.statements) });
  const feedPg = await pgbenchFor(ctx, 'feed', 'prepared', [feedScript], FEED_SESSION_OPTIONS);
  const feedPairs = await pairedWithPgbench('Feed (cached)', feedPg, (_, seconds) => loadWithCpu(ctx, [ctx.feed.request], { seconds }));
  const feedRatio = feedPairs.ratio.median;
  lines.push({
    what: `listings.list cached: one URL, the first page of /alugueis (the browser's request), ${CONNECTIONS} connections`,
    ...loadFigures(feedApp),
    baseline: feedPg.figure,
    ratio: pairedRatioText(feedPairs.ratio),
    target: `≥ ${formatTargetRatio(RATIO_TARGETS.feedCached)} pgbench -M prepared, p99 ≤ 50 ms`,
    met: feedRatio >= RATIO_TARGETS.feedCached && feedApp.p99 <= 50 && feedApp.errors === 0 && feedPairs.whole,
  });

  // The same bytes from a plain Node server: what the cached lines (here and with writes) could reach on this
  // machine if a hit cost the app nothing of its own (no routing, session, checks or lookup).
  const plain = await startPlainServer(await answerOf(ctx.app.url, ctx.feed.request));
  try {
    const plainLoad = await loadWithCpu(ctx, [ctx.feed.request], {}, plain);
    const plainPairs = await pairedWithPgbench('Plain server (the cached page)', feedPg, (_, seconds) => loadWithCpu(ctx, [ctx.feed.request], { seconds }, plain), undefined, 'plain server');
    lines.push({
      what: `a plain Node http server sending the cached page's answer (its bytes and headers, as the app sent them) to the same request, ${CONNECTIONS} connections: what Node's http alone reaches against pgbench on this machine`,
      figure: describeLoad(plainLoad),
      cache: "none looked up: the app's answer to a cache hit, stored and sent again as it is",
      baseline: feedPg.figure,
      ratio: pairedRatioText(plainPairs.ratio),
      target: 'reference: the most any server reaches here with these bytes, to read the cached lines against',
      met: null,
    });
    notes.push(
      plainPairs.text,
      `Feed (cached) against the plain server, CPU per request in the pairs: ${cpuPerRequestText(feedPairs.pairs.map((pair) => pair.app))}; ${cpuPerRequestText(plainPairs.pairs.map((pair) => pair.app), 'plain server')}. The plain server answers several times as many requests a second, where Node's http and the kernel cost each less: at the app's rate they cost about 0.07-0.10 ms a request (docs/bench-history.md, 2026-12-01); the rest is the app's own work on a hit: Express's two layers, the request id, the security headers, the session cookie's read and hash, the access check, the input's parse, the cache's lookup, the metrics.`,
    );
  } finally {
    await plain.stop();
  }

  // The real path: pages from anywhere in the list, rotated, each asked once, against pgbench of the same
  // shapes' SQL drawn in the same proportions (a price or rating page costs Postgres more than a newest one).
  const realApp = await loadWithCpu(ctx, realPathFeed(ctx, 40_000, 7), { once: true });
  // Each transaction draws its page's cursor at random from the listings of its type, as the app's rotation
  // draws them: one cursor per shape read the same index and heap pages every time, about 40% cheaper.
  const cursorTables = await feedCursorTables(ctx);
  const realScripts = [];
  for (const [i, shape] of ctx.realFeed.entries()) {
    const cursors = cursorTables[shape.input.type];
    const varying = { table: cursors.table, columns: { [shape.cursor]: 'id' }, randomOf: cursors.rows };
    realScripts.push({ ...pgbenchScript(shape.statements, { prefix: `r${i}`, varying, types: await parameterTypes(ctx.databaseUrl, shape.statements) }), weight: shape.weight });
  }
  const deepPg = await pgbenchFor(ctx, 'feed-real', 'prepared', realScripts, FEED_SESSION_OPTIONS);
  // The draw alone (each script's lines before the page's statement), to take its cost out of the baseline.
  const drawScripts = realScripts.map((script) => ({ ...script, script: `${script.script.split('\n').filter((line) => line.startsWith('\\set ') || line.endsWith('\\gset')).join('\n')}\n` }));
  const drawPg = await pgbenchFor(ctx, 'feed-real-draw', 'prepared', drawScripts, FEED_SESSION_OPTIONS);
  const withoutDraw = withoutDrawOf(drawPg.tps);
  // Each round its own rotation (a new seed): its pages asked once, as in the long run.
  const realPairs = await pairedWithPgbench('Feed (real path)', deepPg, (round, seconds) => loadWithCpu(ctx, realPathFeed(ctx, 40_000, 101 + round), { once: true, seconds }), withoutDraw);
  const realRatio = realPairs.ratio.median;
  lines.push({
    what: `listings.list on its real path: types, chips and the four sorts rotated, cursors from anywhere in each type, each URL once, ${CONNECTIONS} connections`,
    ...loadFigures(realApp),
    baseline: `the ${ctx.realFeed.length} shapes' pages, one script each, drawn in the rotation's proportions, each transaction after a cursor drawn at random from its type's listings: ${deepPg.figure}; without the draw's cost (a run of the draws alone: ${formatRate(drawPg.tps, 'tps')} at ${drawPg.clients} clients) about ${formatRate(withoutDraw(deepPg.tps), 'tps')}, the ratio against that`,
    ratio: pairedRatioText(realPairs.ratio),
    target: `≥ ${formatTargetRatio(RATIO_TARGETS.realPath)} pgbench -M prepared of the feed SQL, p99 ≤ 100 ms`,
    met: realRatio >= RATIO_TARGETS.realPath && realApp.p99 <= 100 && realApp.errors === 0 && realPairs.whole,
  });

  // The same statement on both sides, in alternating rounds (a burst of other work on the shared machine falls on
  // both): newest rentals after rotating cursors, each URL once, the app against a bare Node endpoint.
  const deepSql = ctx.deepFeed.statements.find((statement) => FEED_ANCHOR.test(statement.sql)) ?? ctx.deepFeed.statements.at(-1)!;
  const rentals = (seed: number) => rentalPages(ctx, 'newest', seed);
  const roundSeconds = Math.max(3, Math.round(SECONDS / 2));
  const sameApp: { result: LoadResult; round: CpuRound }[] = [];
  const bare: { result: LoadResult; round: CpuRound }[] = [];
  const minimal = await startMinimalServer(ctx, deepSql, ctx.deepFeed.cursor);
  try {
    for (let round = 0; round < CPU_ROUNDS; round++) {
      for (const side of round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
        const result = await loadWithCpu(ctx, rentals((side === 'app' ? 11 : 12) + 2 * round), { once: true, seconds: roundSeconds }, side === 'app' ? ctx.app : minimal);
        (side === 'app' ? sameApp : bare).push({ result, round: { cpuMs: (result.cpu.app ?? 0) * result.served, served: result.served } });
      }
    }
    // The bare endpoint against pgbench of its own statement (that shape's script: a cursor drawn at random from the
    // rentals, its draw's cost taken out), paired: what http, pg, JSON and brotli alone reach on this machine.
    const newest = ctx.realFeed.findIndex((shape) => shape.input.type === 'rental' && shape.input.filter === 'all' && shape.input.sort === 'newest');
    if (newest !== -1) {
      const newestPg = await pgbenchFor(ctx, 'feed-newest-rentals', 'prepared', [{ ...realScripts[newest]!, weight: undefined }], FEED_SESSION_OPTIONS);
      const barePairs = await pairedWithPgbench('Bare endpoint (newest rentals)', newestPg, (round, seconds) => loadWithCpu(ctx, rentals(31 + round), { once: true, seconds }, minimal), withoutDraw, 'bare endpoint');
      // The same pages asked without Accept-Encoding: whether brotli is what keeps a server of these parts from the 0.6x.
      const uncompressedPairs = await pairedWithPgbench(
        'Bare endpoint (newest rentals, answers not compressed)',
        newestPg,
        (round, seconds) => loadWithCpu(ctx, withoutAcceptEncoding(rentals(41 + round)), { once: true, seconds }, minimal),
        withoutDraw,
        'bare endpoint',
      );
      const baseline = `pgbench of the same statement, each transaction after a cursor drawn at random from the rentals: ${newestPg.figure}; without the draw's cost (the real path's draws alone) about ${formatRate(withoutDraw(newestPg.tps), 'tps')}, the ratio against that`;
      for (const [pairs, parts] of [
        [barePairs, 'http, pg, JSON and brotli'],
        [uncompressedPairs, 'http, pg and JSON, its answers not compressed (no Accept-Encoding),'],
      ] as const) {
        const rates = pairs.pairs.map((pair) => pair.app.rps);
        lines.push({
          what: `the bare endpoint below on its real path (newest rentals after rotated cursors, each URL once, ${CONNECTIONS} connections): what ${parts} alone reach against pgbench on this machine`,
          figure: `${formatRate(median(rates))} (the pairs' median; ${rates.map((rate) => formatRate(rate)).join(' / ')})`,
          cache: 'no cache in the path (the bare endpoint has none)',
          baseline,
          ratio: pairedRatioText(pairs.ratio),
          target: `reference: the most a server of only these parts reaches here, to read the real path's ${formatTargetRatio(RATIO_TARGETS.realPath)} against`,
          met: null,
        });
      }
      notes.push(
        barePairs.text,
        uncompressedPairs.text,
        `The bare endpoint on its real path, CPU per request in the pairs: compressed, ${cpuPerRequestText(barePairs.pairs.map((pair) => pair.app), 'bare endpoint')}; not compressed, ${cpuPerRequestText(uncompressedPairs.pairs.map((pair) => pair.app), 'bare endpoint')}.`,
      );
    }
  } finally {
    await minimal.stop();
  }
  const appCpu = cpuOverRounds(sameApp.map((entry) => entry.round));
  const bareCpu = cpuOverRounds(bare.map((entry) => entry.round));
  const cpuRatio = appCpu.perRequest / bareCpu.perRequest;
  const sameErrors = (entries: typeof sameApp) => entries.reduce((sum, entry) => sum + entry.result.errors, 0);
  const cacheOf = (entries: typeof sameApp) => sumCacheAnswers(entries.map((entry) => entry.result));
  const roundsOf = (figures: ReturnType<typeof cpuOverRounds>, entries: typeof sameApp) =>
    `${CPU_ROUNDS} rounds of ${roundSeconds} s: ${figures.each.map((figure) => figure.toFixed(2)).join(' / ')}, median ${figures.median.toFixed(2)}; the first: ${describeLoad(entries[0]!.result)}`;
  lines.push({
    what: "app CPU per uncached request against a bare Node endpoint (http + pg + the app's superjson writer + the same brotli/gzip, no tRPC, no auth, no row mapping) running the same feed statement, the same rotated cursors (newest rentals), the same Accept-Encoding, the two alternated round by round",
    figure: `app ${appCpu.perRequest.toFixed(2)} ms per request (${roundsOf(appCpu, sameApp)})`,
    cache: `app: ${describeCacheAnswers(cacheOf(sameApp))}; bare endpoint: ${describeCacheAnswers(cacheOf(bare))}`,
    baseline: `bare endpoint ${bareCpu.perRequest.toFixed(2)} ms per request (${roundsOf(bareCpu, bare)})`,
    ratio: formatRatio(cpuRatio),
    target: 'app CPU ≤ 1.5x the bare endpoint\'s',
    met: cpuRatio <= 1.5 && sameErrors(sameApp) === 0 && sameErrors(bare) === 0,
  });
  notes.push(
    ...sameApp.flatMap((entry) => errorsNote('feed, same statement as the bare endpoint', entry.result)),
    ...bare.flatMap((entry) => errorsNote('bare endpoint', entry.result)),
    `App CPU against the bare endpoint's, the rounds' medians: ${formatRatio(appCpu.median / bareCpu.median)}. Throughput on that same statement, first rounds: app ${formatRate(sameApp[0]!.result.rps)}, bare endpoint ${formatRate(bare[0]!.result.rps)} (${formatRatio(sameApp[0]!.result.rps / bare[0]!.result.rps)}).`,
  );

  // One piece of the uncached path, A/B in this process: the feed pages' text by superjson and by superjsonText, alternated.
  const viewer = browserClient(ctx.app.url, ctx.feed.request.headers.cookie ?? '', () => {});
  const pages: unknown[] = [];
  for (const input of rotatedFeedInputs(ctx.cursors, { count: 24, seed: 17 })) pages.push(await viewer.listings.list.query(feedScreenInput(input)));
  const serialising = alternateSerialisers(pages, 200);
  lines.push({
    what: `writing a feed page's answer text (${pages.length} pages of the real path, 200 rounds alternating which goes first; in the bench's process)`,
    figure: `superjsonText ${serialising.superjsonTextUs.toFixed(0)} µs per page${serialising.same ? ', the same text' : ', **a different text**'}`,
    baseline: `JSON.stringify(superjson.serialize(page)) ${serialising.superjsonUs.toFixed(0)} µs per page`,
    ratio: formatRatio(serialising.superjsonTextUs / serialising.superjsonUs),
    target: 'reference (the same text)',
    met: serialising.same ? null : false,
    cache: 'none: every page written by both, every round',
  });

  const searchApp = await loadWithCpu(ctx, ctx.search.requests);
  const searchScripts: PgbenchScript[] = [];
  for (const [i, statements] of ctx.search.statements.entries()) {
    searchScripts.push(pgbenchScript(statements, { prefix: `s${i + 1}_`, types: await parameterTypes(ctx.databaseUrl, statements) }));
  }
  const searchPg = await pgbenchFor(ctx, 'search', 'extended', searchScripts);
  const searchPairs = await pairedWithPgbench('Search', searchPg, (_, seconds) => loadWithCpu(ctx, ctx.search.requests, { seconds }));
  const searchRatio = searchPairs.ratio.median;
  lines.push({
    what: `search, ${ctx.search.requests.length} rotating first pages: ${SEARCH_TERMS.length} terms (${SEARCH_TERMS.map((entry) => entry.term).join(', ')}) each in the four sorts, ${CONNECTIONS} connections`,
    ...loadFigures(searchApp),
    baseline: searchPg.figure,
    ratio: pairedRatioText(searchPairs.ratio),
    target: `≥ ${formatTargetRatio(RATIO_TARGETS.search)} pgbench -M extended`,
    met: searchRatio >= RATIO_TARGETS.search && searchApp.errors === 0 && searchPairs.whole,
  });

  // The same searches on the bare endpoint, each running the statement the app sent for it, paired with the same
  // pgbench: what http, pg, JSON and brotli alone reach on search here, to read the app's 0.6x against.
  const bareSearch = await startMinimalServer(ctx, deepSql, ctx.deepFeed.cursor, { searches: ctx.search });
  try {
    const bareSearchPairs = await pairedWithPgbench('Bare endpoint (search)', searchPg, (_, seconds) => loadWithCpu(ctx, ctx.search.requests, { seconds }, bareSearch), undefined, 'bare endpoint');
    const bareRates = bareSearchPairs.pairs.map((pair) => pair.app.rps);
    lines.push({
      what: `the bare endpoint below on the same ${ctx.search.requests.length} searches (each running the statement the app sent for it, unnamed as the app sends it), ${CONNECTIONS} connections: what http, pg, JSON and brotli alone reach against pgbench on this machine`,
      figure: `${formatRate(median(bareRates))} (the pairs' median; ${bareRates.map((rate) => formatRate(rate)).join(' / ')})`,
      cache: 'no cache in the path (the bare endpoint has none)',
      baseline: searchPg.figure,
      ratio: pairedRatioText(bareSearchPairs.ratio),
      target: `reference: the most a server of only these parts reaches here, to read search's ${formatTargetRatio(RATIO_TARGETS.search)} against`,
      met: null,
    });
    notes.push(bareSearchPairs.text, `Search, CPU per request in the pairs: ${cpuPerRequestText(searchPairs.pairs.map((pair) => pair.app))}; with the bare endpoint in the app's place: ${cpuPerRequestText(bareSearchPairs.pairs.map((pair) => pair.app), 'bare endpoint')}.`);
  } finally {
    await bareSearch.stop();
  }

  const orderLoadStart = new Date();
  // The bench's signed-in owners (400 of 2,000) have a tab open during the load: the event bus reads their
  // orders and pushes the notices, and skips the others' (an owner away from the app).
  const ownerTabs = await openSessionTabs(ctx.app.url, BENCH_SIZE.sessions);
  let orderApp: Awaited<ReturnType<typeof loadWithCpu>>;
  try {
    orderApp = await loadWithCpu(ctx, ctx.order.requests, { once: true });
  } finally {
    await ownerTabs.close();
  }
  // The deliveries left queued run now, not during pgbench (their CPU counted apart, in a note).
  const orderDrain = await withCpu({ app: () => processCpuMs(ctx.app.pid), postgres: () => treeCpuMs(ctx.postmasterPid) }, () => drainQueue(ctx.databaseUrl, orderLoadStart, 180_000));
  const orderVarying: Varying = { table: 'bench_order_targets', columns: ctx.order.known };
  const orderScript = pgbenchScript(ctx.order.statements, { prefix: 'o', varying: orderVarying, types: await parameterTypes(ctx.databaseUrl, ctx.order.statements) });
  const orderPg = await pgbenchFor(ctx, 'order', 'prepared', [orderScript]);
  const orderRatio = orderApp.rps / orderPg.tps;
  lines.push({
    what: `orders.create (a rental, a different listing and renter each time; the ${BENCH_SIZE.sessions} signed-in owners of ${BENCH_SIZE.owners.toLocaleString('en-US')} have a tab open, ${Math.round((100 * ctx.order.toSignedInOwners) / Math.max(1, ctx.order.requests.length))}% of the orders' owners: the event bus reads and pushes their orders' notices and skips the others'), ${CONNECTIONS} connections`,
    ...loadFigures(orderApp),
    baseline: orderPg.figure,
    ratio: formatRatio(orderRatio),
    target: `≥ ${formatTargetRatio(RATIO_TARGETS.orders)} pgbench of the same statements, 0 errors`,
    met: orderRatio >= RATIO_TARGETS.orders && orderApp.errors === 0,
  });

  // The same statements on the bare endpoint, with the values pgbench's script draws, against the same pgbench:
  // what http and pg alone reach on an order here, to read the app's 0.6x against.
  const orderPlan = drawnStatements(ctx.order.statements, { prefix: 'o', varying: orderVarying });
  const bareOrders = await startMinimalServer(ctx, deepSql, ctx.deepFeed.cursor, {
    orders: {
      table: orderVarying.table,
      drawn: orderPlan.drawn,
      statements: orderPlan.statements.map((statement) => ({ text: statement.sql, params: statement.params })),
      message: ORDER_CREATED_MESSAGES.rental,
    },
  });
  try {
    const bareOrderStart = new Date();
    // Paused as during pgbench: the app delivers the notices these orders wrote afterwards, not counted.
    const bareOrderLoad = await withAppPaused(ctx.app, () => loadWithCpu(ctx, ctx.order.requests, {}, bareOrders));
    await drainQueue(ctx.databaseUrl, bareOrderStart, 180_000);
    lines.push({
      what: `the bare endpoint below on orders (each request the ${ctx.order.statements.length} statements the app sent for an order, named, with a target of its own as pgbench's script draws them), ${CONNECTIONS} connections: what http and pg alone reach against pgbench on this machine`,
      ...loadFigures(bareOrderLoad),
      cache: 'no cache in the path (the bare endpoint has none)',
      baseline: orderPg.figure,
      ratio: formatRatio(bareOrderLoad.rps / orderPg.tps),
      target: `reference: the most a server of only these parts reaches here, to read orders' ${formatTargetRatio(RATIO_TARGETS.orders)} against`,
      met: null,
    });
    notes.push(
      ...errorsNote('bare endpoint, orders', bareOrderLoad),
      cpuNote('Order, with the bare endpoint in the app\'s place', bareOrderLoad.cpu, orderPg),
      "The bare endpoint's orders take their targets from rows of pgbench's targets table it reserved from the table's sequence when it started (so it runs the app's statements alone, no draw per order), on one connection of a pool of 10 per order, and answer what the app answers (the order's id and the app's words for a rental). The app is paused during its load and delivers the notices its orders wrote afterwards, not counted.",
    );
  } finally {
    await bareOrders.stop();
  }

  notes.push(
    ...errorsNote('feed', feedApp),
    ...errorsNote('feed, real path', realApp),
    ...errorsNote('search', searchApp),
    ...errorsNote('orders.create', orderApp),
    `pgbench and the app load run one after the other (never together), ${SECONDS} s each after a ${WARMUP_MS / 1000} s warm-up that is not counted (pgbench's rate is the mean of its per-second reports after it); pgbench runs at ${CONNECTIONS} clients and at ${APP_POOL} (the app's pool size), both printed, the faster one the baseline. On a busy machine Postgres backends get a larger share of the CPU than the app's one Node thread: compare with the load average in the header and the section's.`,
    `${PAIRED_NOTE} Orders are not paired: each round would need orders and pgbench targets of its own; their ratio is the two long runs' (the app's, then pgbench's).`,
    feedPairs.text,
    `Feed (cached), the long runs' ratio: ${formatRatio(feedApp.rps / feedPg.tps)}.`,
    realPairs.text,
    `Feed (real path), the long runs' ratio: ${formatRatio(realApp.rps / withoutDraw(deepPg.tps))}; the pairs' feed answers: ${describeCacheAnswers(realPairs.cache)}.`,
    searchPairs.text,
    `Search, the long runs' ratio: ${formatRatio(searchApp.rps / searchPg.tps)}.`,
    'The captured statements are those of a request whose session the app already holds in its session cache (one request of the same session goes first), as every measured request is: no session lookup in the pgbench scripts.',
    "The app is stopped (SIGSTOP) while pgbench runs, so pgbench has the cores to itself as the app's loads had them. pgbench's order transactions write notifications, events and delivery jobs as the app's own do, each with new ids (a new notification and job id per transaction, as the app makes them); the app delivers them after each run, before the next measurement, not counted.",
    cpuNote('Feed (cached)', feedApp.cpu, feedPg, RATIO_TARGETS.feedCached),
    cpuNote('Feed (real path)', realApp.cpu, { clients: deepPg.clients, cpu: { postgres: deepPg.cpu.postgres - drawPg.cpu.postgres, client: deepPg.cpu.client - drawPg.cpu.client } }, RATIO_TARGETS.realPath),
    cpuNote('Search', searchApp.cpu, searchPg, RATIO_TARGETS.search),
    cpuNote('Order', orderApp.cpu, orderPg, RATIO_TARGETS.orders),
    deliveryNote({
      orders: orderApp.served,
      ...orderDrain.result,
      appMs: orderDrain.cpuMs.app,
      postgresMs: orderDrain.cpuMs.postgres,
      load: { app: orderApp.cpu.app ?? 0, postgres: orderApp.cpu.postgres, client: orderApp.cpu.client },
      pgbench: orderPg.cpu.postgres + orderPg.cpu.client,
    }),
    statementsNote('Feed, first page', ctx.feed.statements),
    statementsNote('Feed, a deep page', ctx.deepFeed.statements),
    `Feed, the real path's ${ctx.realFeed.length} shapes (${ctx.realFeed.map((shape) => `${shape.input.type}/${shape.input.filter}/${shape.input.sort} ×${shape.weight}`).join(', ')}): ${ctx.realFeed.map((shape) => shape.statements.length).join('+')} statements captured, one pgbench script each with that weight.`,
    statementsNote(`Search ("${SEARCH_TERMS[0].term}")`, ctx.search.statements[0]!),
    statementsNote('Order', ctx.order.statements),
    'The order script draws the renter, the listing and the day from a table of targets with one extra `SELECT ... \\gset` per transaction (one row per transaction, so the orders commit without colliding on the exclusion constraint); the rest of its text and parameters is what the app sent.',
    `The load generator sends the headers the browser sends, Chromium's \`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\` included: the app and the bare endpoint answer 1 KB and more compressed (brotli, the same quality), as for a phone, and that CPU is in their figures; pgbench compresses nothing.`,
    `Whether a cache answered: the app's \`X-Feed-Cache\` header (hit or miss) on every feed answer, counted by the load generator; searches and orders have no cache in their path. The bare endpoint runs the deep page's statement as a named (prepared) statement through a pool of 10, like pgbench -M prepared. The pgbench scripts and their -D values are in ${path.relative(root, outDir)}/.`,
  );
  return { title: `Read path at ${BENCH_SIZE.listings.toLocaleString('en-US')} listings`, lines, notes };
}

/** Pages of /alugueis (every rental, no chip) in one sort, each after a cursor drawn from all the rentals without replacement: pages no cache holds. */
function rentalPages(ctx: BenchContext, sort: FeedInput['sort'], seed: number): LoadRequest[] {
  const inputs = rotatedFeedInputs({ rental: ctx.cursors.rental, food: [], service: [] }, { count: 40_000, seed }).map((input) => ({ ...input, filter: 'all', sort }) as const);
  return feedRequests(ctx.feed.request, inputs);
}

/** /busca without a term (every type) in `sort`, pages after cursors from anywhere in the published listings, each asked once. */
function everyTypePages(ctx: BenchContext, sort: FeedInput['sort'], seed: number): LoadRequest[] {
  const all = [...ctx.cursors.rental, ...ctx.cursors.food, ...ctx.cursors.service];
  const inputs = rotatedFeedInputs({ rental: all, food: [], service: [] }, { count: 40_000, seed }).map((input) => ({ ...input, type: null, filter: 'all', sort }) as const);
  return feedRequests(ctx.feed.request, inputs);
}

/**
 * Each sort against newest first, three times: /alugueis' first page (one URL: the feed cache answers
 * it), /alugueis on the real path (pages after cursors from anywhere in the rentals, each asked once:
 * Postgres answers), and /busca without a term (every type) on the real path.
 */
async function browseSortSection(ctx: BenchContext): Promise<BenchSection> {
  const seconds = Math.max(4, Math.round(SECONDS / 2));
  const lines: BenchLine[] = [];
  const notes: string[] = [];
  const paths = [
    { screen: '/alugueis', name: 'first page (cached)', requests: (sort: FeedInput['sort']) => [ctx.sortedFeeds[sort]], once: false },
    { screen: '/alugueis', name: 'real path (pages after cursors from anywhere in the rentals, each once)', requests: (sort: FeedInput['sort'], seed: number) => rentalPages(ctx, sort, seed), once: true },
    {
      screen: '/busca without a term (every type)',
      name: 'real path (pages after cursors from anywhere in the published listings, each once)',
      requests: (sort: FeedInput['sort'], seed: number) => everyTypePages(ctx, sort, seed),
      once: true,
    },
  ];
  for (const [p, kind] of paths.entries()) {
    const newest = await load(ctx.app.url, kind.requests('newest', 31 + p), { seconds, once: kind.once });
    notes.push(...errorsNote(`${kind.screen}, newest, ${kind.name}`, newest));
    for (const [i, sort] of (['price_asc', 'price_desc', 'rating'] as const).entries()) {
      const sorted = await load(ctx.app.url, kind.requests(sort, 41 + 10 * p + i), { seconds, once: kind.once });
      const ratio = sorted.p95 / newest.p95;
      lines.push({
        what: `${kind.screen} sorted by ${sort}, ${kind.name}, ${CONNECTIONS} connections: p95`,
        figure: `p95 ${formatMs(sorted.p95)} (${describeLoad(sorted)})`,
        cache: `sorted: ${describeCacheAnswers(sorted.cache)}; newest: ${describeCacheAnswers(newest.cache)}`,
        baseline: `newest first, ${kind.name}: p95 ${formatMs(newest.p95)} (${describeLoad(newest)})`,
        ratio: formatRatio(ratio),
        target: 'p95 ≤ 1.5x newest first',
        met: ratio <= 1.5 && sorted.errors === 0 && newest.errors === 0,
      });
      notes.push(...errorsNote(`${kind.screen}, ${sort}, ${kind.name}`, sorted));
    }
  }
  return { title: 'Browse with sorting', lines, notes };
}

/**
 * /mensagens of a neighbour with 200 conversations beside the feed as a person meets it when no
 * cached page answers: pages of /alugueis, each from a different cursor and each asked once, so
 * every one is read from Postgres (decision 014 caches pages by cursor). Same connections, same length,
 * in adjacent pairs.
 */
async function inboxSection(ctx: BenchContext): Promise<BenchSection> {
  const { people, conversations } = INBOX_BENCH_SIZE;
  const done = step(`add ${conversations} conversations for each of ${people} neighbours, and messages in every other order`);
  await withClient(ctx.databaseUrl, async (client) => {
    await client.query('BEGIN');
    for (const sql of inboxDatasetSql()) await client.query(sql);
    await client.query('COMMIT');
    // As autovacuum would leave them, and the insert's dirty pages written now rather than during the pairs.
    await client.query('VACUUM ANALYZE orders, order_messages, order_conversations');
    await client.query('CHECKPOINT');
  });
  done();

  const recorded: LoadRequest[] = [];
  const inboxRequests: LoadRequest[] = [];
  const listed: number[] = [];
  for (let n = 1; n <= people; n++) {
    const neighbour = browserClient(ctx.app.url, sessionCookie(n), (request) => recorded.push(request));
    const before = recorded.length;
    // The screen's first page, as the browser asks for it; then the rest, to count them all.
    let page = await neighbour.messages.inbox.query({});
    inboxRequests.push(recorded[before]!);
    let count = page.conversations.length;
    while (page.nextCursor) {
      page = await neighbour.messages.inbox.query({ cursor: page.nextCursor });
      count += page.conversations.length;
    }
    listed.push(count);
  }
  const rentals = await withClient(ctx.databaseUrl, async (client) =>
    (await client.query<{ id: string }>(`SELECT id FROM listings WHERE type = 'rental' AND status = 'active' ORDER BY published_at DESC, id DESC`)).rows.map((row) => row.id),
  );
  const viewer = browserClient(ctx.app.url, sessionCookie(1), (request) => recorded.push(request));
  const before = recorded.length;
  await viewer.listings.list.query({ ...feedPageInput('rental'), cursor: rentals[0]! });
  const template = recorded[before]!;
  if (!template.path.includes(rentals[0]!)) throw new Error(`the feed request does not carry its cursor: ${template.path}`);
  const uncachedFeed = rentals.map((id) => ({ ...template, path: template.path.replaceAll(rentals[0]!, id) }));

  // Adjacent pairs, which goes first alternating: two p95s taken a minute apart read this machine's drift
  // (one such line read 1.73x and, twenty minutes later, 0.87x). Each feed round has its own cursors.
  const feedSlices = disjointSlices(uncachedFeed, PAIRED_ROUNDS);
  // Both paths first run once, reported, not counted: the first inbox load after the dataset read its p95 1.5-2x
  // the later ones' (the app's CPU 1.0-1.3 ms a request, then 0.7-0.8), and a feed that no section loaded before
  // (BENCH_ONLY=inbox) met cold code and pages, flattering the ratio. The feed's settling load is the real path's
  // rotation: a page it shares with a round is asked twice in all, still a miss both times (stored from the second ask).
  const settling = await loadWithCpu(ctx, inboxRequests, { seconds: PAIRED_SECONDS });
  const feedSettling = await loadWithCpu(ctx, realPathFeed(ctx, 40_000, 71), { seconds: PAIRED_SECONDS, once: true });
  const pairs = (await adjacentPairs(
    () => loadWithCpu(ctx, inboxRequests, { seconds: PAIRED_SECONDS }),
    (round) => loadWithCpu(ctx, feedSlices[round]!, { seconds: PAIRED_SECONDS, once: true }),
  )).map(([inbox, feed]) => ({ inbox, feed }));
  const ratio = ratiosOfPairs(pairs.map((pair) => ({ of: pair.inbox.p95, to: pair.feed.p95 })));
  const whole = pairs.every((pair) => pair.inbox.errors === 0 && pair.feed.errors === 0);
  const inboxes = pairs.map((pair) => pair.inbox);
  const feeds = pairs.map((pair) => pair.feed);
  const p95s = (results: LoadResult[]) => results.map((result) => formatMs(result.p95)).join(', ');
  return {
    title: '/mensagens (messages.inbox)',
    lines: [
      {
        what: `/mensagens (its first page, ${INBOX_PAGE_SIZE} conversations) for a person with ${conversations} conversations (${people} such neighbours in turn), ${CONNECTIONS} connections: p95`,
        figure: `p95 ${formatMs(median(inboxes.map((result) => result.p95)))}, the median of ${PAIRED_ROUNDS} runs (${p95s(inboxes)}; ${formatRate(median(inboxes.map((result) => result.rps)))} median)`,
        cache: `inbox: ${describeCacheAnswers(sumCacheAnswers(inboxes))}; feed: ${describeCacheAnswers(sumCacheAnswers(feeds))}`,
        baseline: `the feed uncached (a first page of /alugueis from a different cursor each time, each asked once): p95 ${formatMs(median(feeds.map((result) => result.p95)))}, the median of ${PAIRED_ROUNDS} runs (${p95s(feeds)}; ${formatRate(median(feeds.map((result) => result.rps)))} median)`,
        ratio: pairedRatioText(ratio),
        target: "p95 ≤ 1.5x the feed's uncached p95",
        met: ratio.median <= 1.5 && whole,
      },
    ],
    notes: [
      ...pairs.flatMap((pair, i) => [...errorsNote(`inbox, pair ${i + 1}`, pair.inbox), ...errorsNote(`uncached feed, pair ${i + 1}`, pair.feed)]),
      `/mensagens: ${PAIRED_ROUNDS} pairs of ${PAIRED_SECONDS} s each side after its ${WARMUP_MS / 1000} s warm-up (inbox / uncached feed, which goes first alternating), p95 against p95: ${pairs.map((pair, i) => `${formatMs(pair.inbox.p95)} / ${formatMs(pair.feed.p95)} = ${formatRatio(ratio.each[i]!)}`).join('; ')}; the line's ratio is their median.`,
      `/mensagens, CPU per request: ${cpuPerRequestText(inboxes)}; the uncached feed's: ${cpuPerRequestText(feeds)}. Before the pairs, not counted: an inbox load, p95 ${formatMs(settling.p95)} (${formatRate(settling.rps)}), CPU per request ${cpuPerRequestText([settling])}; a feed load of the real path's rotation, p95 ${formatMs(feedSettling.p95)} (${formatRate(feedSettling.rps)}, ${describeCacheAnswers(feedSettling.cache)}).`,
      ...errorsNote('inbox, first load (not counted)', settling),
      ...errorsNote('feed, first load (not counted)', feedSettling),
      `Conversations each neighbour's /mensagens listed, all pages: ${listed.join(', ')} (the ${conversations} each ordered, one less where the service was their own, one more where another measured neighbour ordered theirs). The first page still orders all of them by their last message. Besides theirs, every completed order of the dataset has ${INBOX_BENCH_SIZE.messagesPerOtherOrder} messages: the inbox reads its indexes among threads that are not the person's.`,
      `The uncached feed's rounds sent ${uncachedFeed.length.toLocaleString('en-US')} different pages at most, ${feedSlices[0]!.length.toLocaleString('en-US')} or so each, no page in two rounds (each once, after a warm-up from its own share); a page the feed cache holds never answers there.`,
    ],
  };
}

/** CPU per request over several loads: each process's CPU summed, over the requests they served together; `server` names the one in the app's place. */
function cpuPerRequestText(results: { cpu: CpuPerUnit; served: number }[], server = 'app'): string {
  const served = results.reduce((sum, result) => sum + result.served, 0);
  const per = (part: (cpu: CpuPerUnit) => number) => `${(results.reduce((sum, result) => sum + part(result.cpu) * result.served, 0) / served).toFixed(2)} ms`;
  return `${server} ${per((cpu) => cpu.app ?? 0)}, Postgres ${per((cpu) => cpu.postgres)}, load generator ${per((cpu) => cpu.client)}`;
}

/**
 * Feed and search reads while listings change: a condominium's traffic. The reads rotate 40 feed
 * URLs (first pages and pages after cursors, every type, chip and sort) with a search every fifth
 * request; a writer changes listings at 1 and at 10 writes per second (approvals, edits, pauses).
 * The feed's hit ratio comes from the app's X-Feed-Cache header.
 */
async function mixedSection(ctx: BenchContext): Promise<BenchSection> {
  const lines: BenchLine[] = [];
  const notes: string[] = [];
  // Listings back in review for the approvals to publish (set before the loads: that change drops the whole cache once).
  const pending = await listingsBackToReview(ctx.databaseUrl, 2000);
  const active = [...ctx.cursors.rental, ...ctx.cursors.food, ...ctx.cursors.service].filter((id) => !pending.includes(id));
  const feed = feedRequests(ctx.feed.request, rotatedFeedInputs(ctx.cursors, { count: 40, seed: 5, firstPages: 10 }));
  const reads: LoadRequest[] = [];
  for (const [i, request] of feed.entries()) {
    reads.push(request);
    if (i % 4 === 3) reads.push(ctx.search.requests[(i >> 2) % ctx.search.requests.length]!);
  }
  const feedScript = pgbenchScript(ctx.feed.statements, { prefix: 'f', types: await parameterTypes(ctx.databaseUrl, ctx.feed.statements) });
  const feedPg = await pgbenchFor(ctx, 'mixed-feed', 'prepared', [feedScript], FEED_SESSION_OPTIONS);
  // Feed and search at 1 and 10 writes/s (the condominium's traffic), then the feed alone at 10/s against its pgbench.
  const runs = [
    { perSecond: 1, requests: reads, what: 'feed (40 URLs) and search (every fifth request)' },
    { perSecond: 10, requests: reads, what: 'feed (40 URLs) and search (every fifth request)' },
    { perSecond: 10, requests: feed, what: 'feed alone (the same 40 URLs)', target: true },
  ];
  for (const run of runs) {
    const writer = listingWriter(ctx.databaseUrl, run.perSecond, { pending, active });
    let result: Awaited<ReturnType<typeof loadWithCpu>>;
    try {
      result = await loadWithCpu(ctx, run.requests);
    } finally {
      await writer.stop();
    }
    // The writer runs in the bench's process: its CPU is in the load generator's figure.
    if (run.target) notes.push(cpuNote(`Feed alone with writes at ${run.perSecond}/s (the writer's CPU counted with the load generator's)`, result.cpu, feedPg, RATIO_TARGETS.feedWithWrites));
    // The target line's ratio: adjacent pairs, the writer running through each of the app's rounds (pgbench runs the feed's SQL alone, as in its long run).
    const pairs = run.target
      ? await pairedWithPgbench(`Feed alone with writes at ${run.perSecond}/s`, feedPg, async (_, seconds) => {
          const roundWriter = listingWriter(ctx.databaseUrl, run.perSecond, { pending, active });
          try {
            return await loadWithCpu(ctx, run.requests, { seconds });
          } finally {
            await roundWriter.stop();
          }
        })
      : null;
    if (pairs) {
      notes.push(
        pairs.text,
        `Feed alone with writes at ${run.perSecond}/s, the long runs' ratio: ${formatRatio(result.rps / feedPg.tps)}; the pairs' feed answers: ${describeCacheAnswers(pairs.cache)}. The read path's plain-server line (a cached page's bytes sent by Node's http alone) is the most a hit reaches here.`,
      );
    }
    const ratio = pairs ? pairs.ratio.median : result.rps / feedPg.tps;
    const writes = `${writer.done.writes} writes (${WRITE_KINDS.map((kind) => `${writer.done.byKind[kind]} ${kind}s`).join(', ')})`;
    // With searches in the load, the feed's own rate and p99 are its answers' alone (they carry the cache's header).
    const feedAlone = run.requests !== feed && result.feed ? `; the feed's answers: ${describeRate(result.feed)}` : '';
    lines.push({
      what: `${run.what} with listing writes at ${run.perSecond}/s, ${CONNECTIONS} connections`,
      figure: `all answers: ${describeLoad(result)}${feedAlone}; ${writes}`,
      cache: describeCacheAnswers(result.cache),
      baseline: `the feed's first page: ${feedPg.figure}`,
      ratio: pairs ? pairedRatioText(pairs.ratio) : formatRatio(ratio),
      target: run.target ? `≥ ${formatTargetRatio(RATIO_TARGETS.feedWithWrites)} pgbench of the feed SQL` : 'reference (searches cost more than a feed page)',
      met: run.target ? ratio >= RATIO_TARGETS.feedWithWrites && result.errors === 0 && pairs!.whole : null,
    });
    notes.push(...errorsNote(`${run.what} at ${run.perSecond} writes/s`, result), ...(writer.done.errors.length ? [`writer at ${run.perSecond}/s: ${writer.done.errors.join(' / ')}`] : []));
  }
  notes.push(
    `Writes: approvals publish listings this section sent back to review (${pending.length.toLocaleString('en-US')}), edits change the tags of a published listing, pauses are an owner's; the edited and paused listings are drawn from all ${active.length.toLocaleString('en-US')} published ones (most are on no cached page), each write its own transaction with the SQL of listings.repository (the writer sends it directly, not through the app: the cache learns of changes from the database's NOTIFY either way).`,
    PAIRED_NOTE,
    'The hit ratio counts feed answers only (searches have no cache); "all answers" counts both, "the feed\'s answers" the feed pages alone (those carrying the X-Feed-Cache header; the ratio is of all answers). The pgbench baseline runs the feed\'s first-page SQL: a read the cache answers costs no SQL.',
  );
  return { title: 'Mixed traffic: reads while listings change', lines, notes };
}

/** How long the memory section lets the process sit idle before its readings (V8's memory reducer acts after a few seconds of low allocation). */
const IDLE_MS = 15_000;
/** Readings of each state, 3 s apart: their median is the state's figure, their spread its noise. */
const READINGS = 5;

/** One reading of the app: its mappings from /proc, V8's heap from its own /metrics (as an operator scrapes it). */
async function memoryReading(app: ChildServer): Promise<MemoryReading> {
  const response = await fetch(`${app.url}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return readingOf(await response.text(), readFileSync(`/proc/${app.pid}/smaps`, 'utf8'));
}

async function memorySection(ctx: BenchContext): Promise<BenchSection> {
  const limit = 512 * 1024 * 1024;
  const helpers = descendants(ctx.app.pid).filter((child) => /tsx|esbuild/.test(child.command));
  const lines: BenchLine[] = [
    { what: `app process rss after start (node ${PRODUCTION_NODE_ARGS.join(' ')} dist/server/start.js)`, figure: formatMiB(ctx.memory.afterStart), baseline: '', ratio: '', target: '≤ 512 MiB', met: ctx.memory.afterStart <= limit },
  ];
  if (ctx.memory.afterFeedLoad !== undefined) {
    lines.push({ what: 'app process rss after the feed load', figure: formatMiB(ctx.memory.afterFeedLoad), baseline: '', ratio: '', target: '≤ 512 MiB', met: ctx.memory.afterFeedLoad <= limit });
  }
  const settle = (ms = 3_000) => new Promise((resolve) => setTimeout(resolve, ms));
  // A full collection before each state's readings, through the inspector the process opens on SIGUSR1
  // (no node flag): without it the earlier loads' garbage was freed whenever V8 chose, often while
  // the sockets opened, and the figure read as a fall. Null if it cannot open: then garbage counts.
  const inspector = await InspectorSession.open(ctx.app.pid).catch((error: unknown) => {
    console.warn(`memory: no full collection before the readings (${error instanceof Error ? error.message : String(error)})`);
    return null;
  });
  // The same process before and after the sockets, each state read READINGS times after an idle spell and a full collection.
  const idleReadings = async () => {
    await settle(IDLE_MS);
    await inspector?.collectGarbage();
    const readings: MemoryReading[] = [];
    for (let i = 0; i < READINGS; i++) {
      if (i > 0) await settle();
      readings.push(await memoryReading(ctx.app));
    }
    return readings;
  };
  const state = (readings: MemoryReading[]) =>
    `rss ${formatMiB(median(readings.map((reading) => reading.rss)))}, held outside the young generation ${formatMiB(median(readings.map(heldOutsideYoung)))}`;
  const before = await idleReadings();
  // 2,000 tabs, then 3,000 more: the larger count is the target's figure (per-socket memory over GC noise); the 3,000 close before the load.
  const fleet = await openSessionTabs(ctx.app.url, 2_000, 0);
  let more: TabFleet | null = null;
  try {
    const withTabs = await idleReadings();
    more = await openSessionTabs(ctx.app.url, 3_000, fleet.size);
    const withMore = await idleReadings();
    const sockets = fleet.size + more.size;
    const atTwo = socketMemory(before, withTabs, fleet.size);
    const atFive = socketMemory(before, withMore, sockets);
    const stepped = socketMemory(withTabs, withMore, more.size);
    const idleNote = `each state read ${READINGS} times 3 s apart after ${IDLE_MS / 1000} s idle${inspector ? ' and a full collection' : ' (no full collection: the inspector did not open, garbage counts)'}, medians`;
    lines.push({
      what: `memory per idle subscribed socket outside V8's young generation (rss besides V8's pages, plus V8's used bytes outside its young generation): ${sockets.toLocaleString('en-US')} tabs (${BENCH_SIZE.sessions} sessions) on the production process, the same process before and after (${idleNote}; ${state(before)} -> ${state(withMore)})`,
      figure: describeSocketMemory(atFive),
      baseline: '',
      ratio: '',
      target: '≤ 15 KiB',
      met: socketMemoryMet(atFive, 15 * 1024),
    });
    lines.push({
      what: `the same with ${fleet.size.toLocaleString('en-US')} tabs (${state(withTabs)}), and the step from ${fleet.size.toLocaleString('en-US')} to ${sockets.toLocaleString('en-US')}`,
      figure: `${describeSocketMemory(atTwo)}; step: ${describeSocketMemory(stepped)}`,
      baseline: '',
      ratio: '',
      target: 'reference',
      met: null,
    });
    await more.close();
    more = null;
    await settle();
    const withTwo = await memoryReading(ctx.app);
    let peak = withTwo.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(ctx.app.pid))), 200);
    const seconds = Math.max(4, Math.round(SECONDS / 2));
    // The loads' rates are printed with the peak: garbage grows with the requests answered, and a quiet machine answers more in the same seconds.
    const [feedLoad, searchLoad] = await Promise.all([
      load(ctx.app.url, realPathFeed(ctx, 20_000, 23), { seconds, once: true }),
      load(ctx.app.url, ctx.search.requests, { seconds }),
    ]).finally(() => clearInterval(sampler));
    lines.push({
      what: `rss with ${fleet.size.toLocaleString('en-US')} subscribed tabs, a feed load (real path) and a search load at once (${seconds} s), the highest sampled every 200 ms`,
      figure: `${formatMiB(peak)} (feed: ${describeLoad(feedLoad)}; search: ${describeLoad(searchLoad)})`,
      baseline: '',
      ratio: '',
      target: '≤ 512 MiB',
      met: peak <= limit,
    });
  } finally {
    await inspector?.close();
    await more?.close();
    await fleet.close();
  }
  lines.push({
    what: 'tsx or esbuild processes under the app',
    figure: helpers.length === 0 ? 'none' : helpers.map((child) => child.command).join('; '),
    baseline: '',
    ratio: '',
    target: 'none (production runs compiled code)',
    met: helpers.length === 0,
  });
  return {
    title: 'Memory and processes',
    cache: "no cache's figure: the process's rss; the feed load beside the tabs sends the real path's URLs (its hits are not counted here)",
    lines,
    notes: [
      `Resident memory (VmRSS from /proc) of the one node process serving the app (node ${PRODUCTION_NODE_ARGS.join(' ')}, as npm start runs it); the database and the tabs (a child process of the bench) run apart.`,
      "Per socket: resident memory besides V8's heap pages (smaps: malloc'd native memory, code, stacks), plus V8's used bytes outside the young generation (the app's own /metrics), read after a full collection of V8's (HeapProfiler.collectGarbage through the inspector Node opens on SIGUSR1, closed again after the section: the production process with no extra flag), so the earlier loads' garbage, freed whenever V8 chose, no longer moves the figure; the same process before and after. Plain rss is printed too, but V8's young generation's resident pages follow the last seconds' allocation rate (up to 64 MiB a semi-space with these flags), not the sockets, and V8 gives them back when it chooses. 'counting the young generation's used bytes too' adds all of them after the sockets as theirs; the target is met only when the figure plus its readings' spread, and that bound, are within it (scripts/bench/socket-memory.ts).",
    ],
  };
}

// ---- The run ----

async function buildAll() {
  const done = step('compile the server (scripts/build-server.mjs) and the minimal endpoint');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not compile');
  await buildMinimalServer(root);
  done();
}

function appEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
  for (const key of ['DATABASE_URL', 'LOG_LEVEL', 'CLOCK_START', 'PUBLIC_URL', 'SMTP_URL', 'S3_ENDPOINT']) delete env[key];
  return env;
}

async function startApp(): Promise<ChildServer> {
  const port = await freePort();
  // BENCH_CPU_PROF=1: the app writes a V8 CPU profile into the report's folder when it stops (scripts/bench/cpu-profile.ts summarises one).
  const profile = process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(outDir, 'app-cpu-profile')}`] : [];
  return startNodeServer({ script: path.join(root, 'dist/server/start.js'), nodeArgs: [...PRODUCTION_NODE_ARGS, ...profile], cwd: root, env: appEnv(port), port, readyPath: '/ready', logFile: path.join(dataDir, 'app.log') });
}

/**
 * The bare endpoint (scripts/bench/minimal-server.ts) on the feed's statement; with `searches`, also each
 * search request's captured statement, on sessions with Postgres's default options as the app's searches
 * run (on its main pool), where the feed's run on the feed pool's.
 */
async function startMinimalServer(
  ctx: BenchContext,
  feedSql: LoggedStatement,
  cursor: string,
  { searches, orders }: { searches?: BenchContext['search']; orders?: BareOrderStatements } = {},
): Promise<ChildServer> {
  const port = await freePort();
  const cursorParam = feedSql.params.indexOf(cursor);
  if (cursorParam < 0) throw new Error('the captured deep feed statement does not carry its cursor');
  const searchSql = searches?.requests.map((request, i) => {
    const statement = searches.statements[i]!.find((logged) => FEED_ANCHOR.test(logged.sql)) ?? searches.statements[i]!.at(-1)!;
    return { path: request.path, text: statement.sql, values: statement.params, limit: 20 };
  });
  const env = {
    ...process.env,
    // The feed's pool has session options of its own; searches and orders run on the app's main pool, without.
    DATABASE_URL: searchSql || orders ? ctx.databaseUrl : withSessionOptions(ctx.databaseUrl, FEED_SESSION_OPTIONS),
    PORT: String(port),
    FEED_SQL: JSON.stringify({ text: feedSql.sql, values: feedSql.params, limit: 20, cursorParam }),
    ...(searchSql ? { SEARCH_SQL: JSON.stringify(searchSql) } : {}),
    ...(orders ? { ORDER_SQL: JSON.stringify(orders) } : {}),
  };
  return startNodeServer({ script: path.join(root, 'dist/bench/minimal-server.js'), cwd: root, env, port, readyPath: '/trpc/listings.list?input=%7B%7D', logFile: path.join(dataDir, 'minimal.log') });
}

/** The app's answer to `request` (a GET), kept with the headers of its content. */
async function answerOf(url: string, request: LoadRequest): Promise<StoredAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${request.path}`, { headers: request.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(storedAnswer(Buffer.concat(chunks), res.rawHeaders)) : reject(new Error(`the app answered ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** scripts/bench/minimal-server.ts sending `answer` to every request (no database). */
async function startPlainServer(answer: StoredAnswer): Promise<ChildServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ANSWER: JSON.stringify(answer) };
  delete env.DATABASE_URL;
  return startNodeServer({ script: path.join(root, 'dist/bench/minimal-server.js'), cwd: root, env, port, readyPath: '/', logFile: path.join(dataDir, 'plain.log') });
}

async function generateData(databaseUrl: string) {
  const done = step(`generate ${BENCH_SIZE.listings.toLocaleString('en-US')} listings, ${BENCH_SIZE.owners.toLocaleString('en-US')} owners, ${BENCH_SIZE.reviews.toLocaleString('en-US')} reviews`);
  await withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    for (const sql of datasetSql()) await client.query(sql);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
  });
  done();
}

/** Rentals to order, each once, by a signed-in neighbour who does not own it: day 0 for the app's load, later days for pgbench. */
async function orderTargets(databaseUrl: string, firstDay: string) {
  return withClient(databaseUrl, async (client) => {
    const rentals = `
      SELECT (row_number() OVER (ORDER BY l.published_at, l.id) - 1)::int AS i, l.id AS listing_id, l.user_id AS owner_id, o.rn AS owner_rn
      FROM listings l JOIN bench_owner o ON o.id = l.user_id WHERE l.type = 'rental' AND l.status = 'active'`;
    const renterRn = `CASE WHEN 1 + r.i % ${BENCH_SIZE.sessions} = r.owner_rn THEN 1 + (r.i + 1) % ${BENCH_SIZE.sessions} ELSE 1 + r.i % ${BENCH_SIZE.sessions} END`;
    const { rows } = await client.query<{ listing_id: string; owner_id: string; owner_rn: string; renter_id: string; renter_rn: string }>(
      `SELECT r.listing_id, r.owner_id, r.owner_rn, s.id AS renter_id, s.rn AS renter_rn FROM (${rentals}) r JOIN bench_owner s ON s.rn = ${renterRn} ORDER BY r.i`,
    );
    await client.query(`
      CREATE TABLE bench_order_targets AS
      SELECT (d.day - 1) * (SELECT count(*) FROM (${rentals}) c) + r.i + 1 AS n, r.listing_id, r.owner_id, s.id AS renter_id,
             encode(sha256(convert_to('vz-bench-session-' || s.rn, 'UTF8')), 'hex') AS session_id, ($1::date + d.day)::text AS start_date,
             gen_random_uuid() AS order_id, ${FRESH_ID_COLUMNS}
      FROM (${rentals}) r CROSS JOIN generate_series(1, 3) AS d(day) JOIN bench_owner s ON s.rn = ${renterRn}`, [firstDay]);
    await client.query('CREATE UNIQUE INDEX ON bench_order_targets (n)');
    // pgbench's runs (50 clients, then 10) take rows from this sequence, each row once.
    await client.query(`CREATE SEQUENCE ${targetsSequence('bench_order_targets')}`);
    await client.query('ANALYZE bench_order_targets');
    return rows.map((row) => ({ ...row, owner_rn: Number(row.owner_rn), renter_rn: Number(row.renter_rn) }));
  });
}

async function capture(app: ChildServer, databaseUrl: string): Promise<Omit<BenchContext, 'app' | 'databaseUrl' | 'pgbench' | 'memory' | 'postmasterPid'>> {
  const done = step('capture the browser requests and the SQL the app sends');
  const tomorrow = dateIn('America/Sao_Paulo', 1);
  const targets = await orderTargets(databaseUrl, tomorrow);
  const recorded: LoadRequest[] = [];
  const viewer = browserClient(app.url, sessionCookie(1), (request) => recorded.push(request));
  const first = targets[0]!;
  const orderer = browserClient(app.url, sessionCookie(first.renter_rn), (request) => recorded.push(request));
  const orderInput = { listingId: first.listing_id, startDate: tomorrow, endDate: tomorrow };
  const cursors = await publicListingIds(databaseUrl);
  // A cursor in the middle of the rentals, newest first: the real path's page.
  const deepCursor = cursors.rental[Math.floor(cursors.rental.length / 2)]!;
  const shapes = feedShapes();
  // Near the middle of its type, and a cursor of its own: a page asked before would be the cache's answer, with no SQL.
  const shapeCursor = (i: number) => cursors[shapes[i]!.input.type][Math.floor(cursors[shapes[i]!.input.type].length / 2) + 1 + i]!;

  // The measured state: each session already in the app's session cache, as under load (its first request read it).
  await viewer.listings.list.query(feedPageInput('food'));
  await orderer.listings.list.query(feedPageInput('service'));
  recorded.length = 0;

  const labels: string[] = [];
  /** The captured order's id: the app makes it, so pgbench draws a new one per transaction. */
  let capturedOrderId = '';
  await withClient(databaseUrl, (client) =>
    withStatementLog(client, async () => {
      const captured = async (label: string, call: () => Promise<unknown>) => {
        labels.push(label);
        await client.query(markerSql(label, 'begin'));
        await call();
        await client.query(markerSql(label, 'end'));
      };
      await captured('feed', () => viewer.listings.list.query(feedPageInput('rental')));
      await captured('feed-deep', () => viewer.listings.list.query(feedScreenInput({ type: 'rental', filter: 'all', sort: 'newest', cursor: deepCursor })));
      for (const [i, shape] of shapes.entries()) {
        await captured(`feed-real-${i}`, () => viewer.listings.list.query(feedScreenInput({ ...shape.input, cursor: shapeCursor(i) })));
      }
      for (const [i, entry] of SEARCHES.entries()) await captured(`search-${i}`, () => viewer.listings.list.query(feedPageInput(entry.type, { search: entry.term, sort: entry.sort })));
      await captured('order', async () => {
        capturedOrderId = (await orderer.orders.create.mutate(orderInput)).id;
      });
    }),
  );
  const log = parseLog(await readStatementLog(postgresLog, markerSql('order', 'end')));
  const statementsOf = (label: string, session: number, anchor: RegExp, mutation = false) => {
    const statements = cachedSessionStatements(between(log, label), { application: APP, sessionId: sessionId(session), ignore: JOB_QUEUE_STATEMENT, anchor, mutation });
    if (statements.length === 0) throw new Error(`no statement of the app logged for "${label}"`);
    return statements;
  };
  const [feedRequest, deepRequest, ...afterDeep] = recorded;
  const rest = afterDeep.slice(shapes.length);
  // The rotated feed URLs are made by feedPath: it must make what the browser's client made.
  if (feedRequest!.path !== feedPath({ type: 'rental', filter: 'all', sort: 'newest' }) || deepRequest!.path !== feedPath({ type: 'rental', filter: 'all', sort: 'newest', cursor: deepCursor })) {
    throw new Error(`the feed paths differ from the browser's:\n${feedRequest!.path}\n${deepRequest!.path}`);
  }
  const searchRequests = rest.slice(0, SEARCHES.length);
  const orderRequest = rest[SEARCHES.length]!;
  if (orderRequest.body !== batchBody(orderInput)) throw new Error(`the order body differs from the browser's:\n${orderRequest.body}\n${batchBody(orderInput)}`);

  const sortedFeeds = {} as BenchContext['sortedFeeds'];
  for (const sort of ['newest', 'price_asc', 'price_desc', 'rating'] as const) {
    const before = recorded.length;
    await viewer.listings.list.query(feedPageInput('rental', { sort }));
    sortedFeeds[sort] = recorded[before]!;
  }

  // The load's orders: the next targets (the first was the captured one), within each renter's hourly limit of 60.
  const ordersPerRenter = new Map<number, number>([[first.renter_rn, 1]]);
  const orderRequests: LoadRequest[] = [];
  /** Of the load's orders, those whose owner is signed in (session n is owner n's): their tab is open during the load. */
  let ordersToSignedInOwners = 0;
  for (const target of targets.slice(1)) {
    const used = ordersPerRenter.get(target.renter_rn) ?? 0;
    if (used >= 59) continue;
    ordersPerRenter.set(target.renter_rn, used + 1);
    if (target.owner_rn <= BENCH_SIZE.sessions) ordersToSignedInOwners += 1;
    orderRequests.push({
      ...orderRequest,
      headers: { ...orderRequest.headers, cookie: sessionCookie(target.renter_rn) },
      body: batchBody({ listingId: target.listing_id, startDate: tomorrow, endDate: tomorrow }),
    });
  }
  const feedStatements = statementsOf('feed', 1, FEED_ANCHOR);
  const deepStatements = statementsOf('feed-deep', 1, FEED_ANCHOR);
  const realFeed = shapes.map((shape, i) => ({ ...shape, cursor: shapeCursor(i), statements: statementsOf(`feed-real-${i}`, 1, FEED_ANCHOR) }));
  const searchStatements = SEARCHES.map((_, i) => statementsOf(`search-${i}`, 1, FEED_ANCHOR));
  const orderStatements = statementsOf('order', first.renter_rn, /\binsert into "orders"/i, true);
  const orderFreshIds = await withClient(databaseUrl, (client) => freshIdColumns(client, orderStatements));
  writeFileSync(path.join(outDir, 'captured.json'), JSON.stringify({ feedRequest, deepRequest, searchRequests, orderRequest, feedStatements, deepStatements, realFeed, searchStatements, orderStatements }, null, 2));
  done();
  return {
    feed: { request: feedRequest!, statements: feedStatements },
    deepFeed: { cursor: deepCursor, statements: deepStatements },
    realFeed,
    cursors,
    search: { requests: searchRequests, statements: searchStatements },
    order: {
      statements: orderStatements,
      known: { [sessionId(first.renter_rn)]: 'session_id', [first.renter_id]: 'renter_id', [first.listing_id]: 'listing_id', [first.owner_id]: 'owner_id', [tomorrow]: 'start_date', [capturedOrderId]: 'order_id', ...orderFreshIds },
      requests: orderRequests,
      toSignedInOwners: ordersToSignedInOwners,
    },
    sortedFeeds,
  };
}

/** Ids of public listings by type, newest first (the feed's cursors). */
async function publicListingIds(databaseUrl: string): Promise<Record<FeedInput['type'], string[]>> {
  const rows = await withClient(databaseUrl, async (client) =>
    (await client.query<{ type: FeedInput['type']; id: string }>(`SELECT type, id FROM listings WHERE status = 'active' AND deleted_at IS NULL ORDER BY published_at DESC, id DESC`)).rows,
  );
  const ids: Record<FeedInput['type'], string[]> = { rental: [], food: [], service: [] };
  for (const row of rows) ids[row.type].push(row.id);
  return ids;
}

/** The postmaster's pid, from postmaster.pid in the data directory Postgres reports. */
/** The run's machine and versions; `generated` when the run started the generated data's Postgres (and pgbench). */
async function machineHeader(generated: { databaseUrl: string; pgbench: string } | null): Promise<string[]> {
  const cpus = os.cpus();
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const versions = generated
    ? `Postgres ${await withClient(generated.databaseUrl, async (client) => (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version)} (embedded), ${pgbenchVersion(generated.pgbench)}`
    : 'no generated data (only self-contained sections were asked for)';
  return [
    `Run ${new Date().toISOString()} on ${os.hostname()}: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${formatMiB(os.totalmem())} RAM, load average ${loadAtStart.map((value) => value.toFixed(1)).join(' / ')} before the bench started.`,
    `Node ${process.version}, ${versions}, commit ${commit || 'unknown'}. The machine may be shared: read the ratios (measured in this one run), not the absolute figures.`,
    ...(generated
      ? [
          'The sections on the generated data (read path, sorted browsing, memory) run first; the app and Postgres of that data are stopped before the self-contained ones (an idle app, realtime, bundle, Lighthouse), which start their own.',
          `Data: ${BENCH_SIZE.listings.toLocaleString('en-US')} listings (a third of each type, 2% inactive), ${BENCH_SIZE.owners.toLocaleString('en-US')} approved owners, ${BENCH_SIZE.reviews.toLocaleString('en-US')} completed orders with their reviews, ${BENCH_SIZE.sessions} signed-in sessions.`,
        ]
      : []),
  ];
}

/** Sections by name. `ownApp`: the section starts what it measures itself (its own server and database). */
const SECTION_NAMES = ['read-path', 'browse-sort', 'inbox', 'fornada', 'memory', 'mixed', 'idle', 'realtime', 'announcement', 'bundle', 'lighthouse'] as const;
const OWN_APP: ReadonlySet<string> = new Set(['idle', 'realtime', 'announcement', 'bundle', 'lighthouse']);
// BENCH_ONLY=read-path,browse-sort runs just those sections (the whole run takes a while); BENCH_ONLY=inbox only /mensagens; BENCH_ONLY=mixed reads while listings change; BENCH_ONLY=idle an idle app's longest answer.
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
const unknownSections = only?.filter((name) => !(SECTION_NAMES as readonly string[]).includes(name)) ?? [];
if (unknownSections.length > 0) throw new Error(`BENCH_ONLY: unknown section ${unknownSections.join(', ')}; known: ${SECTION_NAMES.join(', ')}`);
const selectedSections = SECTION_NAMES.filter((name) => !only || only.includes(name));
/** Only self-contained sections asked for: no data to generate (it took about a minute for nothing). */
const needsGeneratedData = selectedSections.some((name) => !OWN_APP.has(name));

let postgres: PostgresHandle | undefined;
let app: ChildServer | undefined;
try {
  await buildAll();
  let ctx: BenchContext | null = null;
  if (needsGeneratedData) {
    const pgbench = ensurePgbench();
    let done = step('start the embedded Postgres in a throwaway data directory and the compiled app (migrations)');
    // Started here (the app finds it running on its data directory and uses it), so its log reaches this process.
    postgres = await startEmbeddedPostgres(dataDir, postgresLog.logger);
    const databaseUrl = postgres.connectionString;
    app = await startApp();
    await app.stop();
    done();

    await generateData(databaseUrl);

    done = step('restart the app on the generated data');
    app = await startApp();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const afterStart = rssOf(app.pid);
    done();

    const captured = await capture(app, databaseUrl);
    ctx = { app, databaseUrl, pgbench, memory: { afterStart }, postmasterPid: await postmasterPid(databaseUrl), ...captured };
  }
  const header = await machineHeader(ctx);
  const withData = (run: (ctx: BenchContext) => Promise<BenchSection>) => () => run(ctx!);

  // Each section is one function; a failing one becomes a note instead of ending the run.
  // The self-contained ones (OWN_APP) run after the generated data's app and Postgres are
  // stopped: idle or not (pg-boss polls, autovacuum after the loads), they would share the
  // two cores with what those sections measure.
  const allSections: Record<(typeof SECTION_NAMES)[number], () => Promise<BenchSection>> = {
    'read-path': withData(readPathSection),
    'browse-sort': withData(browseSortSection),
    inbox: withData(inboxSection),
    fornada: withData((data) =>
      fornadaSection({
        app: data.app,
        postmasterPid: data.postmasterPid,
        databaseUrl: data.databaseUrl,
        pgbench: data.pgbench,
        connections: CONNECTIONS,
        outDir,
        postgresLog,
        parameterTypes: (statements) => parameterTypes(data.databaseUrl, statements),
      }),
    ),
    memory: withData(memorySection),
    mixed: withData(mixedSection),
    idle: () => idleSection(),
    realtime: () => realtimeSection(),
    announcement: () => announcementSection(),
    bundle: () => bundleSection(),
    lighthouse: () => lighthouseSection(),
  };
  // The sections on the generated data first, then the self-contained ones on a machine without them.
  const sections = [...selectedSections]
    .sort((a, b) => Number(OWN_APP.has(a)) - Number(OWN_APP.has(b)))
    .map((name) => ({ name, run: allSections[name], ownApp: OWN_APP.has(name) }));
  const results: BenchSection[] = [];
  const otherCores: number[] = [];
  for (const [i, section] of sections.entries()) {
    if (section.ownApp && app) {
      const stopping = step('stop the app and Postgres of the generated data (the next sections start their own)');
      await app.stop();
      app = undefined;
      await postgres?.stop();
      postgres = undefined;
      stopping();
    }
    const sectionDone = step(`section ${i + 1} of ${sections.length}`);
    const { section: result, measured, otherCores: others } = await runSection(section.name, section.run);
    // Not measured: the run says so and exits non-zero (an unmet target does not).
    if (!measured) process.exitCode = 1;
    otherCores.push(others);
    // An app that died under load is a finding: say so, with its last words, and go on with a new one.
    if (!section.ownApp && ctx && !ctx.app.alive()) {
      const tail = readFileSync(path.join(dataDir, 'app.log'), 'utf8').split('\n').filter((line) => line && !line.startsWith('{')).slice(-8);
      result.notes = [...(result.notes ?? []), `**The app process exited during this section.** Its last output:\n\n\`\`\`\n${tail.join('\n')}\n\`\`\``];
      ctx.app = app = await startApp();
    }
    results.push(result);
    sectionDone();
  }
  header.push(`Load average at the end: ${loadAverage()}. ${machineVerdict({ cores: os.cpus().length, loadAtStart: loadAtStart[0]!, otherCores })}`, '', `Took ${((performance.now() - started) / 1000 / 60).toFixed(1)} min: ${timings.join('; ')}.`);
  const report = renderReport(results, header);
  const file = path.join(root, '.data/bench', `report-${stamp}.md`);
  writeFileSync(file, report);
  console.log(`\n${report}\nReport written to ${path.relative(root, file)}`);
} finally {
  await app?.stop();
  await postgres?.stop();
  if (process.env.BENCH_KEEP === '1') console.log(`Data kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
