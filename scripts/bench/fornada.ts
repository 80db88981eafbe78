import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORNADA_MESSAGES } from '../../shared/src/fornadas/fornada.schema.ts';
import { batchBody, browserClient } from './browser-requests.ts';
import { BENCH_SIZE, sessionId, sessionToken } from './dataset.ts';
import { type CpuPerUnit, cpuNote, processCpuMs, reapedChildrenCpuMs, treeCpuMs, withCpu } from './cpu.ts';
import { type ChildServer, readStatementLog, runPgbench, withAppPaused, withClient, withStatementLog } from './harness.ts';
import { FRESH_ID_COLUMNS, freshIdColumns } from './fresh-ids.ts';
import { describeCacheAnswers, type LoadRequest, type LoadResult, runLoad } from './load.ts';
import { deliveryNote, drainQueue } from './queue-drain.ts';
import { between, cachedSessionStatements, JOB_QUEUE_STATEMENT, type LoggedStatement, markerSql, parseLog } from './pg-log.ts';
import { medianRatio, type PgbenchResult, pgbenchScript, targetsSequence } from './pgbench-script.ts';
import { type BenchSection, formatRatio, formatTargetRatio } from './report.ts';
import { formatMs, formatRate } from './stats.ts';

// Reserving portions of one fornada from many connections: every reservation of the batch
// waits on its row, so this measures the app's hot row against pgbench running the exact
// statements the app sent for one reservation (captured from the Postgres log), at the app's
// connections and at 10 clients, each run on a batch of its own with the same portions (the faster
// of the two counts). Three rounds, each the app's load then pgbench's two runs: the ratio is the
// median of the app's rates against the median of the rounds' faster runs. The app's load asks for
// more portions than the batch has: the last requests must read 'Esgotado', and nothing may be sold twice.

/** The most a batch offers (the table's check): the app's load and each pgbench run get one such batch. */
const PORTIONS = 999;
/** Requests beyond the portions: they race for the last ones and must read 'Esgotado'. */
const TOO_MANY = 150;
const APP = 'vizinhanca';
/** pgbench's second client count, beside the app's connections: the app's pool size, as the read path's baselines. */
const POOL_CLIENTS = 10;
/**
 * The app's warm-up before the measured load: the same requests on a batch of their own, once through (a
 * reservation runs a dozen statements: the read lines' 2 s of cheap requests warm far more calls of the
 * code than 2 s of these; at 2 s the same build read 3.4-3.6 ms of app CPU a reservation, 2.5 after the read path's loads).
 */
const WARMUP_LIMIT_MS = 30_000;
/** Rounds of the app's load and pgbench's runs, alternated (pgbench's rate on one hot row varies widely from run to run). */
const ROUNDS = 3;
/** The line's ratio target against pgbench (its target text, its met check and its CPU note's budget). */
const RATIO_TARGET = 0.6;

export interface FornadaBenchContext {
  app: ChildServer;
  /** Postgres's postmaster: its process tree's CPU is the database's. */
  postmasterPid: number;
  databaseUrl: string;
  pgbench: string;
  connections: number;
  outDir: string;
  postgresLog: { text(): string };
  /** The parameter types Postgres infers for statements with a NULL parameter (bench.ts). */
  parameterTypes: (statements: LoggedStatement[]) => Promise<(string[] | undefined)[]>;
}

function dayIn(timeZone: string, offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

export async function fornadaSection(ctx: FornadaBenchContext): Promise<BenchSection> {
  // The hourly order limit counts per neighbour: the read path's pgbench runs wrote their orders' hits for the
  // same people (tens each), which no person made; the warm-up and the load start from none, as in app-ab.
  await withClient(ctx.databaseUrl, (client) => client.query('DELETE FROM throttles'));
  // A dish of a signed-in seller (session n belongs to owner n).
  const seller = await withClient(ctx.databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string; rn: string }>(
      `SELECT l.id, o.rn FROM listings l JOIN bench_owner o ON o.id = l.user_id
        WHERE l.type = 'food' AND l.status = 'active' AND l.expires_at > now() + interval '${4 + 3 * ROUNDS} days' AND o.rn BETWEEN 1 AND $1
        ORDER BY l.published_at DESC LIMIT 1`,
      [BENCH_SIZE.sessions],
    );
    if (!rows[0]) throw new Error('no active dish of a signed-in seller in the generated data');
    return { listingId: rows[0].id, rn: Number(rows[0].rn) };
  });
  const sellerApi = browserClient(ctx.app.url, `vz_session=${sessionToken(seller.rn)}`, () => {});
  const batch = (offset: number) => ({
    listingId: seller.listingId,
    day: dayIn('America/Sao_Paulo', offset),
    windowStart: '11:00',
    windowEnd: '13:00',
    portions: PORTIONS,
    deadlineDay: dayIn('America/Sao_Paulo', offset - 1),
    deadlineTime: '18:00',
  });
  // A batch per day (a dish has one batch a day): the warm-up's (the captured reservation is its first), then each round's three.
  let day = 3;
  const openBatch = async () => (await sellerApi.fornadas.open.mutate(batch(day++))).id;
  const warmupBatch = await openBatch();
  const rounds: { appBatch: string; pgbench: { clients: number; perClient: number; batchId: string }[] }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const appBatch = await openBatch();
    const pgbench = [];
    for (const clients of [ctx.connections, POOL_CLIENTS]) pgbench.push({ clients, perClient: Math.floor(PORTIONS / clients), batchId: await openBatch() });
    rounds.push({ appBatch, pgbench });
  }

  // Every other signed-in neighbour reserves in turn (a few each: under the hourly limit of 60 orders).
  const renters = Array.from({ length: BENCH_SIZE.sessions }, (_, i) => i + 1).filter((rn) => rn !== seller.rn);
  const renterIds = await withClient(ctx.databaseUrl, async (client) => {
    const { rows } = await client.query<{ rn: string; id: string }>('SELECT rn, id FROM bench_owner WHERE rn BETWEEN 1 AND $1', [BENCH_SIZE.sessions]);
    return new Map(rows.map((row) => [Number(row.rn), row.id]));
  });

  // The measured requests find their person's session in the app's cache, as the other sections' do: one request each first.
  for (let start = 0; start < renters.length; start += 20) {
    await Promise.all(renters.slice(start, start + 20).map((rn) => browserClient(ctx.app.url, `vz_session=${sessionToken(rn)}`, () => {}).auth.me.query()));
  }

  // One reservation captured: its request as the browser sends it, and its SQL from the Postgres log.
  const recorded: LoadRequest[] = [];
  const first = renters[0]!;
  const reserver = browserClient(ctx.app.url, `vz_session=${sessionToken(first)}`, (request) => recorded.push(request));
  const input = { fornadaId: warmupBatch, quantity: 1 };
  let orderId = '';
  await withClient(ctx.databaseUrl, (client) =>
    withStatementLog(client, async () => {
      await client.query(markerSql('fornada', 'begin'));
      orderId = (await reserver.fornadas.reserve.mutate(input)).orderId;
      await client.query(markerSql('fornada', 'end'));
    }),
  );
  const log = parseLog(await readStatementLog(ctx.postgresLog, markerSql('fornada', 'end')));
  const statements = cachedSessionStatements(between(log, 'fornada'), { application: APP, sessionId: sessionId(first), ignore: JOB_QUEUE_STATEMENT, anchor: /\binsert into "orders"/i, mutation: true });
  if (statements.length === 0) throw new Error('no statement of the app logged for the reservation');
  const template = recorded[0]!;
  if (template.body !== batchBody(input)) throw new Error(`the reservation body differs from the browser's:\n${template.body}\n${batchBody(input)}`);

  // Each load: a batch's portions and then some, one request each, from the neighbours in turn.
  const requestsFor = (fornadaId: string, count: number): LoadRequest[] => {
    const body = batchBody({ ...input, fornadaId });
    return Array.from({ length: count }, (_, i) => ({
      ...template,
      headers: { ...template.headers, cookie: `vz_session=${sessionToken(renters[(i + 1) % renters.length]!)}` },
      body,
    }));
  };
  // Warm-up (not measured): the same reservations on the warm-up batch, then its deliveries drained, so the
  // measured loads meet a warm app and an empty queue (pgbench's Postgres is warm from the app's load too).
  const warmupStart = new Date();
  const warmup = await runLoad({
    url: ctx.app.url,
    connections: ctx.connections,
    durationMs: WARMUP_LIMIT_MS,
    requests: requestsFor(warmupBatch, PORTIONS - 1 + TOO_MANY),
    once: true,
    refusal: FORNADA_MESSAGES.soldOut,
  });
  if (warmup.errors > 0) throw new Error(`the fornada warm-up failed: ${warmup.firstErrors.join(' / ')}`);
  const warmupDrain = await drainQueue(ctx.databaseUrl, warmupStart, 180_000);

  // pgbench: the captured statements, each transaction a different neighbour and order id; the targets'
  // rows go to the runs in order (the sequence hands them out), each run's on its own batch.
  const pgbenchRuns = rounds.flatMap((round) => round.pgbench);
  const ranges = pgbenchRuns.map((run, i) => {
    const first = pgbenchRuns.slice(0, i).reduce((sum, earlier) => sum + earlier.clients * earlier.perClient, 0) + 1;
    return { first, last: first + run.clients * run.perClient - 1, batchId: run.batchId };
  });
  const freshIds = await withClient(ctx.databaseUrl, async (client) => {
    await client.query('DROP TABLE IF EXISTS bench_fornada_targets');
    await client.query(`DROP SEQUENCE IF EXISTS ${targetsSequence('bench_fornada_targets')}`);
    await client.query(`CREATE SEQUENCE ${targetsSequence('bench_fornada_targets')}`);
    await client.query(
      `CREATE TABLE bench_fornada_targets AS
       SELECT g AS n, o.id AS renter_id, encode(sha256(convert_to('vz-bench-session-' || o.rn, 'UTF8')), 'hex') AS session_id,
              gen_random_uuid() AS order_id, ${FRESH_ID_COLUMNS}, b.fornada_id
         FROM generate_series(1, $1::int) AS g
         JOIN unnest($2::int[], $3::int[], $4::uuid[]) AS b(first_n, last_n, fornada_id) ON g BETWEEN b.first_n AND b.last_n
         JOIN unnest($5::int[]) WITH ORDINALITY AS r(rn, i) ON r.i = 1 + (g - 1) % cardinality($5::int[])
         JOIN bench_owner o ON o.rn = r.rn`,
      [ranges.at(-1)!.last, ranges.map((range) => range.first), ranges.map((range) => range.last), ranges.map((range) => range.batchId), renters],
    );
    await client.query('CREATE UNIQUE INDEX ON bench_fornada_targets (n)');
    await client.query('ANALYZE bench_fornada_targets');
    return freshIdColumns(client, statements);
  });
  const script = pgbenchScript(statements, {
    prefix: 'r',
    varying: {
      table: 'bench_fornada_targets',
      columns: { [sessionId(first)]: 'session_id', [renterIds.get(first)!]: 'renter_id', [orderId]: 'order_id', [warmupBatch]: 'fornada_id', ...freshIds },
    },
    types: await ctx.parameterTypes(statements),
  });
  const file = path.join(ctx.outDir, 'fornada.pgbench.sql');
  writeFileSync(file, script.script);
  type PgbenchRun = PgbenchResult & (typeof pgbenchRuns)[number] & { cpu: CpuPerUnit };
  const runPgbenchOn = async (run: (typeof pgbenchRuns)[number]): Promise<PgbenchRun> => {
    const started = new Date();
    const { result, cpuMs } = await withCpu({ postgres: () => treeCpuMs(ctx.postmasterPid), pgbench: () => reapedChildrenCpuMs(process.pid) }, () =>
      withAppPaused(ctx.app, () =>
        runPgbench({
          pgbench: ctx.pgbench,
          connectionString: ctx.databaseUrl,
          mode: 'prepared',
          clients: run.clients,
          seconds: 0,
          transactionsPerClient: run.perClient,
          scripts: [file],
          defines: script.defines,
        }),
      ),
    );
    // The sellers' notices pgbench's reservations wrote are delivered now, before the next run or section.
    await drainQueue(ctx.databaseUrl, started, 180_000);
    writeFileSync(path.join(ctx.outDir, `fornada-c${run.clients}-${run.batchId.slice(0, 8)}.pgbench.out.txt`), result.output);
    return { ...result, ...run, cpu: { postgres: cpuMs.postgres / result.transactions, client: cpuMs.pgbench / result.transactions } };
  };

  // The rounds: the app's load on its batch (its queued deliveries worked after it, counted apart), then pgbench's two runs.
  const measured: { load: LoadResult; cpu: { app: number; postgres: number; client: number }; drain: Awaited<ReturnType<typeof drainQueue>>; drainCpu: { app: number; postgres: number }; counted: { portions: number; remaining: number; reserved: number; orders: number }; pgbench: PgbenchRun[] }[] = [];
  for (const round of rounds) {
    const loadStart = new Date();
    const { result: load, cpuMs } = await withCpu({ app: () => processCpuMs(ctx.app.pid), postgres: () => treeCpuMs(ctx.postmasterPid), client: () => processCpuMs(process.pid) }, () =>
      runLoad({ url: ctx.app.url, connections: ctx.connections, durationMs: 120_000, requests: requestsFor(round.appBatch, PORTIONS + TOO_MANY), once: true, refusal: FORNADA_MESSAGES.soldOut }),
    );
    const drained = await withCpu({ app: () => processCpuMs(ctx.app.pid), postgres: () => treeCpuMs(ctx.postmasterPid) }, () => drainQueue(ctx.databaseUrl, loadStart, 180_000));
    const counted = await withClient(ctx.databaseUrl, async (client) => {
      const { rows } = await client.query<{ portions: number; remaining: number; reserved: string; orders: string }>(
        `SELECT f.portions, f.remaining, coalesce(sum(o.quantity), 0) AS reserved, count(o.id) AS orders
           FROM fornadas f LEFT JOIN orders o ON o.fornada_id = f.id AND o.status NOT IN ('cancelled', 'rejected')
          WHERE f.id = $1 GROUP BY f.id`,
        [round.appBatch],
      );
      const row = rows[0]!;
      return { portions: row.portions, remaining: row.remaining, reserved: Number(row.reserved), orders: Number(row.orders) };
    });
    const pgbench: PgbenchRun[] = [];
    for (const run of round.pgbench) pgbench.push(await runPgbenchOn(run));
    measured.push({ load, cpu: cpuMs, drain: drained.result, drainCpu: drained.cpuMs, counted, pgbench });
  }

  const verdict = medianRatio(measured.map((round) => ({ appRps: round.load.rps, pgbench: round.pgbench })));
  const sum = (pick: (round: (typeof measured)[number]) => number) => measured.reduce((total, round) => total + pick(round), 0);
  const requests = sum((round) => round.load.requests);
  const errors = sum((round) => round.load.errors);
  const refused = sum((round) => round.load.refused);
  const served = requests - errors - refused;
  // Every request is one unit of the app's work, the refused ones included (they are cheaper).
  const appCpu = { app: sum((round) => round.cpu.app) / requests, postgres: sum((round) => round.cpu.postgres) / requests, client: sum((round) => round.cpu.client) / requests };
  const oversold = sum(({ counted }) => Math.max(0, counted.reserved - counted.portions) + (counted.remaining < 0 ? 1 : 0) + (counted.portions - counted.remaining !== counted.reserved ? 1 : 0));
  // pgbench's CPU per transaction: its faster runs' together.
  const fasterCpu = (pick: (cpu: CpuPerUnit) => number) => verdict.faster.reduce((total, run) => total + pick(run.cpu) * run.transactions, 0) / verdict.faster.reduce((total, run) => total + run.transactions, 0);
  const pg = { clients: verdict.faster[0]!.clients, cpu: { postgres: fasterCpu((cpu) => cpu.postgres), client: fasterCpu((cpu) => cpu.client) } };
  const runText = (run: PgbenchRun) =>
    `${run.clients} clients × ${run.perClient}: ${formatRate(run.tps, 'tps')}, avg ${formatMs(run.latencyAverageMs)}${run.failed || run.aborted ? `, ${run.failed} failed${run.aborted ? ', clients aborted' : ''}` : ''}`;
  const roundText = (round: (typeof measured)[number], i: number) =>
    `round ${i + 1}: app ${formatRate(round.load.rps, 'req/s')} (p99 ${formatMs(round.load.p99)}); pgbench ${round.pgbench.map(runText).join(', ')}`;
  const ratio = verdict.ratio;
  return {
    title: 'Fornadas: reserving portions of one batch',
    lines: [
      {
        what: `fornadas.reserve, ${ROUNDS} rounds each on a batch of ${PORTIONS} portions, ${ctx.connections} connections, ${PORTIONS + TOO_MANY} requests a round (1 portion each: ${TOO_MANY} more than the batch has)`,
        figure: `median ${formatRate(verdict.appRps, 'req/s')} (${measured.map((round) => formatRate(round.load.rps, 'req/s')).join(', ')}; p99 ${measured.map((round) => formatMs(round.load.p99)).join(', ')}); ${served} reserved, ${refused} 'Esgotado', ${errors} other errors, ${oversold} oversold`,
        cache: describeCacheAnswers(measured[0]!.load.cache),
        baseline: `pgbench -M prepared of the same ${statements.length} statements, each run reserving on a batch of its own, after the app's load in each round: ${measured.map(roundText).join('; ')}; median of the rounds' faster runs ${formatRate(verdict.pgbenchTps, 'tps')}${verdict.whole ? '' : ' (**a round had no run that ended whole**: not a baseline)'}`,
        ratio: formatRatio(ratio),
        target: `≥ ${formatTargetRatio(RATIO_TARGET)} pgbench, 0 oversold, 0 errors other than 'Esgotado'`,
        met: ratio >= RATIO_TARGET && verdict.whole && oversold === 0 && errors === 0 && served === ROUNDS * PORTIONS && refused === ROUNDS * TOO_MANY,
      },
    ],
    notes: [
      ...measured.flatMap((round, i) => (round.load.errors > 0 ? [`fornada round ${i + 1}: first errors: ${round.load.firstErrors.join(' / ')}`] : [])),
      `Before the measured loads the app was warmed with the same requests on a batch of its own (${warmup.requests - warmup.errors - warmup.refused} reservations and ${warmup.refused} 'Esgotado' in ${(warmup.durationMs / 1000).toFixed(1)} s, not counted) and its ${warmupDrain.leftAtStart} queued deliveries were worked (${warmupDrain.seconds.toFixed(1)} s), as the read lines warm the app before measuring.`,
      `The batches after the app's loads: ${measured.map(({ counted }) => `${counted.portions} portions, ${counted.remaining} left, ${counted.reserved} reserved in ${counted.orders} orders`).join('; ')}.`,
      "The app is stopped (SIGSTOP) while pgbench runs; pgbench's reservations write the seller's notice, its event and its delivery job with new ids each (as the app's do), and the app delivers them after each run, not counted.",
      `The app's requests include the ${TOO_MANY} refused ones a round ('Esgotado', cheaper: the statement fails and nothing is written); pgbench's transactions all succeed (pgbench stops a client at an error). Both sides wait on the batch's one row.`,
      `Reservation: ${statements.length} statements captured: ${statements.map((statement) => `\`${statement.sql.replace(/\s+/g, ' ').slice(0, 70)}…\``).join('; ')}. pgbench draws the neighbour, a new order id, notification id and job id per transaction (one extra \`SELECT ... \\gset\`). Every neighbour's session was read once before the load, so the app answers from its session cache as the captured request did.`,
      cpuNote('Reservation', appCpu, pg, RATIO_TARGET),
      deliveryNote({
        orders: served,
        leftAtStart: sum((round) => round.drain.leftAtStart),
        leftAtEnd: sum((round) => round.drain.leftAtEnd),
        seconds: sum((round) => round.drain.seconds),
        appMs: sum((round) => round.drainCpu.app),
        postgresMs: sum((round) => round.drainCpu.postgres),
        load: appCpu,
        pgbench: pg.cpu.postgres + pg.cpu.client,
      }),
      `Machine load average at the end of the section: ${os.loadavg().map((value) => value.toFixed(1)).join(' / ')}.`,
    ],
  };
}
