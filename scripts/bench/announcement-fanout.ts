// The announcement line of `npm run bench`: the administration publishes to 2,000 residents
// (the real announcements.publish: recipients, notifications and live events in one
// transaction) while 1,000 of them have a tab open; the time from the commit to the event in
// every tab, beside a bare `ws` server broadcasting to as many sockets in the same run.
// Run alone: `npx tsx scripts/bench/announcement-fanout.ts` (or BENCH_ONLY=announcement npm run bench).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as announcements from '../../server/src/modules/announcements/announcements.service.ts';
import { buildServer, startProductionApp } from './production-app.ts';
import { formatRatio, type BenchSection } from './report.ts';
import { createResidents, measureBareWs, percentiles, TabFleet } from './realtime-fanout.ts';

const RESIDENTS = 2000;
const TABS = 1000;
const TARGET_P99_MS = 150;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'missed');

export async function announcementSection(options: { rounds?: number; log?: (line: string) => void } = {}): Promise<BenchSection> {
  const rounds = options.rounds ?? 3;
  const log = options.log ?? ((line: string) => console.error(line));
  log('announcement: starting the compiled app in its own process (embedded Postgres, demo data)');
  const app = await startProductionApp('announcement');
  try {
    const residents = await createResidents(app.deps, RESIDENTS);
    const author = await app.deps.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select('users.id')
      .where('user_roles.role', '=', 'admin')
      .executeTakeFirstOrThrow();
    log(`announcement: bare ws, ${TABS} sockets`);
    const bare = await measureBareWs(TABS, rounds);
    log(`announcement: ${TABS} subscribed tabs of ${RESIDENTS} residents`);
    const fleet = await TabFleet.open({ url: app.wsUrl, origin: app.base, cookies: residents.slice(0, TABS).map((r) => r.cookie), subscribe: true });
    const samples: (number | null)[] = [];
    const commits: number[] = [];
    try {
      for (let round = 0; round <= rounds; round++) {
        const marker = `Aviso ${round} ${randomUUID()}`;
        const delays = await fleet.latencies(
          marker,
          async () => {
            const started = nowMs();
            await announcements.publish(app.deps, author.id, { title: marker, body: 'A água será desligada na terça-feira.', imageId: null, pinnedUntil: null });
            const committed = nowMs();
            if (round > 0) commits.push(committed - started);
            return committed;
          },
          null,
          10_000 + TABS * 5,
        );
        if (round > 0) samples.push(...delays); // round 0 warms up
      }
    } finally {
      await fleet.close();
    }
    const latency = percentiles(samples);
    const text = (p: { p50: number; p99: number; missing: number }) => `p50 ${ms(p.p50)}, p99 ${ms(p.p99)}${p.missing ? ` (${p.missing} not received)` : ''}`;
    return {
      title: 'Announcement fan-out',
      cache: "none: the announcement's events go from its transaction's NOTIFY through the app to the tabs",
      lines: [
        {
          what: `an announcement to ${RESIDENTS.toLocaleString('en-US')} residents with ${TABS.toLocaleString('en-US')} open tabs: commit to every tab`,
          figure: text(latency),
          baseline: `bare ws broadcast to ${TABS.toLocaleString('en-US')}: ${text(bare.latency)}`,
          ratio: formatRatio(latency.p99 / bare.latency.p99),
          target: `p99 ≤ ${TARGET_P99_MS} ms`,
          met: latency.p99 <= TARGET_P99_MS,
        },
      ],
      notes: [
        `The publishing transaction itself (recipients, notifications, events, the delivery job and the audit entry) took ${commits.map((value) => ms(value)).join(', ')} per round; the delivery job's e-mails and pushes run after it, in the production process, during the later rounds.`,
        "The app is the compiled production process (npm start's node flags) in its own process; the announcement is published by the app's service in the bench's process on the same database, as another instance's would be: the production process hears it through NOTIFY and delivers it to the tabs.",
      ],
    };
  } finally {
    await app.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  buildServer();
  const { renderReport } = await import('./report.ts');
  console.log(renderReport([await announcementSection()]));
}
