// The realtime part of `npm run bench`: rss per idle subscribed socket and the latency from
// one commit to the open tabs, against a bare `ws` server in the same run. Self-contained:
// `realtimeSection()` starts the compiled app as production runs it, in its own process
// (scripts/bench/production-app.ts), creates the residents in the database, plays the tabs in
// a child process (scripts/bench/fanout-client.mjs) and runs the bare server in another
// (scripts/bench/bare-ws-server.mjs), so each server's rss is its own; then tears everything
// down. Run alone: `npx tsx scripts/bench/realtime-fanout.ts [1000 5000]`.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { generateToken, sha256Hex } from '../../server/src/auth/crypto.ts';
import { SESSION_COOKIE_NAME } from '../../server/src/auth/sessions.ts';
import type { AppDeps } from '../../server/src/context.ts';
import * as messages from '../../server/src/modules/messages/messages.service.ts';
import * as throttle from '../../server/src/modules/throttle/throttle.service.ts';
import { notify } from '../../server/src/modules/notifications/notifications.service.ts';
import { PRODUCTION_NODE_ARGS } from '../lib/production-node.ts';
import { BENCH_SIZE, sessionCookie } from './dataset.ts';
import { rssOf } from './harness.ts';
import { buildServer, type ProductionApp, startProductionApp } from './production-app.ts';
import { formatRatio, type BenchLine, type BenchSection } from './report.ts';

/** What `realtimeSection` may be told; everything has a default. */
export interface RealtimeBenchOptions {
  /** Socket counts of the fan-out lines (default 1,000 and 5,000). */
  sizes?: number[];
  /** Fan-out transactions measured per size, after one warm-up (default 3). */
  rounds?: number;
  /** Single-person commits measured for the notification and chat lines (default 200). */
  samples?: number;
  /** Progress (default: stderr). */
  log?: (line: string) => void;
}

export interface Resident {
  id: string;
  /** `vz_session=...`, as the browser sends it. */
  cookie: string;
}

export interface Percentiles {
  p50: number;
  p99: number;
  /** Tabs that never received the event within the wait. */
  missing: number;
}

const CLIENT_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fanout-client.mjs');
const BARE_SERVER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-ws-server.mjs');
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** `n` approved residents with a session each, written straight into the database (no Argon2 per person). */
export async function createResidents(deps: AppDeps, n: number): Promise<Resident[]> {
  const run = randomUUID().slice(0, 8);
  const users = await sql<{ id: string }>`
    INSERT INTO users (email, password_hash, full_name, approval_status, approved_at)
    SELECT 'bench-' || ${run} || '-' || i || '@bench.invalid', 'not-a-password', 'Morador ' || i, 'approved', now()
    FROM generate_series(1, ${n}::int) AS i
    RETURNING id`.execute(deps.db);
  const ids = users.rows.map((row) => row.id);
  const tokens = ids.map(() => generateToken());
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + 7 * 24 * 3600_000);
  for (let start = 0; start < ids.length; start += 1000) {
    await deps.db
      .insertInto('sessions')
      .values(ids.slice(start, start + 1000).map((userId, i) => ({ id: sha256Hex(tokens[start + i]!), user_id: userId, expires_at: expiresAt, created_at: now, ip: null, user_agent: 'bench' })))
      .execute();
  }
  return ids.map((id, i) => ({ id, cookie: `${SESSION_COOKIE_NAME}=${tokens[i]}` }));
}

// ---- Tabs in a child process ----

type ClientReply = { type: 'opened'; open: number; failed: number; error: string | null } | { type: 'armed' } | { type: 'received'; times: (number | null)[] };

/** N websockets in a child process: subscribed tabs of the app, or plain clients of a bare server. */
export class TabFleet {
  private constructor(
    private readonly child: ChildProcess,
    readonly size: number,
  ) {}

  private static reply<T extends ClientReply['type']>(child: ChildProcess, type: T): Promise<Extract<ClientReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ClientReply) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<ClientReply, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`tab process exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }

  static async open(options: { url: string; origin: string; cookies?: string[]; count?: number; subscribe: boolean }): Promise<TabFleet> {
    const child = fork(CLIENT_SCRIPT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const opened = TabFleet.reply(child, 'opened');
    child.send({ cmd: 'open', url: options.url, origin: options.origin, cookies: options.cookies ?? null, count: options.count ?? 0, subscribe: options.subscribe });
    const result = await opened;
    if (result.failed) {
      child.kill();
      throw new Error(`${result.failed} of ${result.open + result.failed} sockets failed to open: ${result.error}`);
    }
    return new TabFleet(child, result.open);
  }

  /**
   * Waits for `marker` on the target tabs (all by default), runs `trigger` once they
   * listen, and answers each target's delay from the instant `trigger` returns (ms).
   */
  async latencies(marker: string, trigger: () => Promise<number>, targets: number[] | null = null, timeoutMs = 10_000): Promise<(number | null)[]> {
    const armed = TabFleet.reply(this.child, 'armed');
    const received = TabFleet.reply(this.child, 'received');
    this.child.send({ cmd: 'arm', marker, targets, timeoutMs });
    await armed;
    const t0 = await trigger();
    const { times } = await received;
    const wanted = targets ?? times.map((_, index) => index);
    return wanted.map((index) => (times[index] == null ? null : times[index]! - t0));
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ cmd: 'close' });
    await Promise.race([exited, sleep(5000)]);
    this.child.kill();
  }
}

/** `count` subscribed tabs on the app at `appUrl`, of the bench data's signed-in people from the `first`-th on (round the sessions again past the last). */
export function openSessionTabs(appUrl: string, count: number, first = 0): Promise<TabFleet> {
  return TabFleet.open({
    url: `${appUrl.replace(/^http/, 'ws')}/trpc`,
    origin: appUrl,
    cookies: Array.from({ length: count }, (_, i) => sessionCookie(1 + ((first + i) % BENCH_SIZE.sessions))),
    subscribe: true,
  });
}

// ---- Measures ----

/** How long a server is left after a burst (the previous measure, the sockets' handshakes) before its rss is read. */
const SETTLE_MS = 3_000;

export interface SocketRss {
  /** Resident set growth per socket, bytes; NaN when rss fell meanwhile (a collection moved more than the sockets hold). */
  perSocket: number;
  before: number;
  after: number;
}

/** Opens the fleet and reads the rss of the server process `pid` before and after, each after SETTLE_MS: no forced GC (production has none). */
export async function openMeasured(pid: number, open: () => Promise<TabFleet>): Promise<{ fleet: TabFleet; memory: SocketRss }> {
  await sleep(SETTLE_MS);
  const before = rssOf(pid);
  const fleet = await open();
  await sleep(SETTLE_MS);
  const after = rssOf(pid);
  return { fleet, memory: { perSocket: after > before ? (after - before) / fleet.size : Number.NaN, before, after } };
}

export function percentiles(samples: (number | null)[]): Percentiles {
  const got = samples.filter((sample): sample is number => sample !== null).sort((a, b) => a - b);
  const at = (p: number) => (got.length ? got[Math.min(got.length - 1, Math.floor(p * got.length))]! : Number.NaN);
  return { p50: at(0.5), p99: samples.length - got.length > samples.length / 100 ? Number.POSITIVE_INFINITY : at(0.99), missing: samples.length - got.length };
}

/** One transaction writing a `notification.created` event for each resident, as the app publishes them (a row each; the trigger on `events` NOTIFYs the transaction). */
async function fanOutTransaction(deps: AppDeps, userIds: string[], marker: string): Promise<number> {
  const payload = JSON.stringify({ id: randomUUID(), title: marker, message: 'bench', type: 'status_update', relatedId: null });
  return deps.db.transaction().execute(async (trx) => {
    await sql`
      INSERT INTO events (user_id, kind, payload)
      SELECT user_id, 'notification.created', ${payload}::jsonb FROM unnest(${userIds}::uuid[]) AS user_id`.execute(trx);
    return nowMs(); // the commit follows at once
  });
}

/** The app: N subscribed tabs, the production process's rss with them, and `rounds` fan-out transactions to all of them. */
export async function measureAppFanout(app: ProductionApp, residents: Resident[], rounds: number) {
  const { fleet, memory } = await openMeasured(app.process.pid, () => TabFleet.open({ url: app.wsUrl, origin: app.base, cookies: residents.map((r) => r.cookie), subscribe: true }));
  try {
    const ids = residents.map((resident) => resident.id);
    const samples: (number | null)[] = [];
    for (let round = 0; round <= rounds; round++) {
      const marker = `bench-fanout-${round}-${randomUUID()}`;
      // A loaded machine may take seconds for thousands of tabs: wait long enough to get a figure rather than "missed".
      const delays = await fleet.latencies(marker, () => fanOutTransaction(app.deps, ids, marker), null, 10_000 + ids.length * 5);
      if (round > 0) samples.push(...delays); // round 0 warms up
    }
    return { memory, latency: percentiles(samples), fleet };
  } catch (error) {
    await fleet.close();
    throw error;
  }
}

/** A bare `ws` server in its own process (scripts/bench/bare-ws-server.mjs). */
class BareWsServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(): Promise<BareWsServer> {
    const child = fork(BARE_SERVER_SCRIPT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message: { type: string; port: number }) => resolve(message.port));
      child.once('exit', (code) => reject(new Error(`bare ws server exited (${code})`)));
    });
    return new BareWsServer(child, port);
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Sends `message` to every client; answers the instant before the first send (process.hrtime, ms). */
  broadcast(message: string): Promise<number> {
    return new Promise((resolve) => {
      this.child.once('message', (reply: { t0: number }) => resolve(reply.t0));
      this.child.send({ cmd: 'broadcast', message });
    });
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ cmd: 'close' });
    await Promise.race([exited, sleep(5000)]);
    this.child.kill();
  }
}

/** The baseline: a bare `ws` server process with N clients, its rss per socket, `rounds` broadcasts of one message to all. */
export async function measureBareWs(n: number, rounds: number) {
  const bare = await BareWsServer.start();
  try {
    const { fleet, memory } = await openMeasured(bare.pid, () => TabFleet.open({ url: `ws://127.0.0.1:${bare.port}`, origin: 'http://127.0.0.1', count: n, subscribe: false }));
    try {
      const samples: (number | null)[] = [];
      for (let round = 0; round <= rounds; round++) {
        const marker = `bench-bare-${round}-${randomUUID()}`;
        const message = JSON.stringify({ id: 1, result: { type: 'data', data: { kind: 'notification.created', title: marker } } });
        const delays = await fleet.latencies(marker, () => bare.broadcast(message));
        if (round > 0) samples.push(...delays);
      }
      return { memory, latency: percentiles(samples) };
    } finally {
      await fleet.close();
    }
  } finally {
    await bare.close();
  }
}

/** One person's notification (the real notify(), its own transaction) with `fleet` connected: commit → that person's tab. */
export async function measureNotificationToTab(app: ProductionApp, fleet: TabFleet, residents: Resident[], samples: number): Promise<Percentiles> {
  const delays: (number | null)[] = [];
  for (let i = 0; i < samples; i++) {
    const target = (i * 7919) % residents.length;
    const marker = `bench-notification-${i}-${randomUUID()}`;
    const [delay] = await fleet.latencies(
      marker,
      () =>
        app.deps.db.transaction().execute(async (trx) => {
          await notify(app.deps, trx, { userId: residents[target]!.id, type: 'status_update', title: marker, message: 'bench' });
          return nowMs();
        }),
      [target],
    );
    delays.push(delay ?? null);
  }
  return percentiles(delays);
}

/**
 * A chat message on a demo order (the real messages.send, which commits inside), to be
 * run while a fleet of tabs is open: send → the owner's tab. The time includes the
 * service's own reads before its commit: an upper bound of commit → tab.
 */
export async function measureChatToTab(app: ProductionApp, samples: number): Promise<Percentiles> {
  const order = await app.deps.db
    .selectFrom('orders')
    .select(['id', 'owner_id', 'renter_id'])
    .where('status', 'in', ['pending', 'approved', 'in_progress'])
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const sessionOf = async (userId: string) => `${SESSION_COOKIE_NAME}=${(await app.deps.sessions.create(app.deps.db, userId, { ip: null, userAgent: 'bench' })).token}`;
  const pair = await TabFleet.open({ url: app.wsUrl, origin: app.base, cookies: [await sessionOf(order.owner_id)], subscribe: true });
  try {
    const delays: (number | null)[] = [];
    for (let i = 0; i < samples; i++) {
      const marker = `bench-chat-${i}`;
      const [delay] = await pair.latencies(
        // messages.changed carries only the order id: the first frame naming it after each send.
        order.id,
        async () => {
          // The samples measure delivery, not the per-minute limit of messages a person may send.
          await throttle.clear(app.deps, `messagesPerUser:${order.renter_id}`);
          const t0 = nowMs();
          await messages.send(app.deps, { id: order.renter_id, fullName: 'Bench', blockedIds: [], blockedByIds: [] }, { orderId: order.id, body: marker, clientId: randomUUID() });
          return t0;
        },
        [0],
      );
      delays.push(delay ?? null);
    }
    return percentiles(delays);
  } finally {
    await pair.close();
  }
}

// ---- The section ----

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'missed');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
/** "21.7 KiB (rss 184 -> 226 MiB)", or why there is no figure. */
const rssText = (memory: SocketRss) =>
  `${Number.isFinite(memory.perSocket) ? kib(memory.perSocket) : 'no figure (rss fell: a collection moved more than the sockets hold)'} (rss ${mib(memory.before)} -> ${mib(memory.after)})`;

const latencyText = (latency: Percentiles) => `p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}${latency.missing ? ` (${latency.missing} not received)` : ''}`;

export async function realtimeSection(options: RealtimeBenchOptions = {}): Promise<BenchSection> {
  const sizes = options.sizes ?? [1000, 5000];
  const rounds = options.rounds ?? 3;
  const samples = options.samples ?? 200;
  const log = options.log ?? ((line: string) => console.error(line));
  const lines: BenchLine[] = [];
  const notes: string[] = [];
  log('realtime: starting the compiled app in its own process (embedded Postgres, demo data)');
  const app = await startProductionApp('rt');
  try {
    const residents = await createResidents(app.deps, Math.max(...sizes));
    for (const n of sizes) {
      log(`realtime: bare ws, ${n} sockets`);
      const bare = await measureBareWs(n, rounds);
      log(`realtime: app, ${n} subscribed tabs`);
      const measured = await measureAppFanout(app, residents.slice(0, n), rounds);
      try {
        const target = n <= 1000 ? 50 : 150;
        lines.push({
          what: `1 transaction notifying ${n.toLocaleString('en-US')} connected people → every tab`,
          figure: latencyText(measured.latency),
          baseline: `bare ws broadcast: ${latencyText(bare.latency)}`,
          ratio: formatRatio(measured.latency.p99 / bare.latency.p99),
          target: `p99 ≤ ${target} ms`,
          met: measured.latency.p99 <= target,
        });
        lines.push({
          what: `rss per idle subscribed socket of the production process, ${n.toLocaleString('en-US')} sockets of as many residents, ${SETTLE_MS / 1000} s after the previous measure and after they opened`,
          figure: rssText(measured.memory),
          baseline: `bare ws process: ${rssText(bare.memory)}`,
          ratio: formatRatio(measured.memory.perSocket / bare.memory.perSocket),
          // Plain rss carries the young generation's garbage: the 15 KiB target is read by the memory section, outside it (decision 030).
          target: 'reference (plain rss; the target is the memory section\'s)',
          cache: "no cache's figure: each server process's rss",
          met: null,
        });
        if (n === 1000) {
          log(`realtime: one notification at a time, ${n} tabs open`);
          const notification = await measureNotificationToTab(app, measured.fleet, residents.slice(0, n), samples);
          lines.push({
            what: `notification commit → its person's open tab, ${n.toLocaleString('en-US')} sockets`,
            figure: latencyText(notification),
            baseline: '',
            ratio: '',
            target: 'p99 ≤ 50 ms',
            met: notification.p99 <= 50,
          });
          log(`realtime: chat messages, ${n} tabs open`);
          const chat = await measureChatToTab(app, samples);
          lines.push({
            what: `chat message sent → the other person's open tab, ${n.toLocaleString('en-US')} sockets`,
            figure: latencyText(chat),
            baseline: '',
            ratio: '',
            target: 'p99 ≤ 50 ms',
            met: chat.p99 <= 50,
          });
        }
      } finally {
        await measured.fleet.close();
      }
      // Closed sockets leave the server before the next size is measured.
      await sleep(1000);
    }
    notes.push(
      `The app is the compiled production process (node ${PRODUCTION_NODE_ARGS.join(' ')} dist/server/start.js, as npm start runs it), alone in its process; the bare ws server runs in a process of its own, the tabs in another (scripts/bench/fanout-client.mjs). Memory: each server's rss (VmRSS) growth over its sockets, read ${SETTLE_MS / 1000} s after a burst, with no forced GC (the production process has none): garbage counts. The writes (the fan-out transaction, notify, messages.send) are the app's services run in the bench's process on the same database, as another instance's would be: the production process hears them through NOTIFY and delivers them. Latency: process.hrtime (one monotonic clock for every process) from the commit to the frame's arrival in the tab.`,
    );
    return {
      title: 'Realtime fan-out',
      lines,
      notes,
      cache: "none: each event goes from its transaction's NOTIFY through the app to the tabs (their sessions were read once, when they opened)",
    };
  } finally {
    await app.close();
  }
}

// Alone: npx tsx scripts/bench/realtime-fanout.ts [sizes...]
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  buildServer();
  const { renderReport } = await import('./report.ts');
  const section = await realtimeSection(sizes.length ? { sizes } : {});
  console.log(renderReport([section]));
}
