import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../../server/src/db/embedded-postgres.ts';
import { PROJECT_ROOT } from '../../server/src/paths.ts';
import { CHROMIUM_ARGS, findChromium } from '../lib/chromium.ts';
import { PRODUCTION_NODE_ARGS } from '../lib/production-node.ts';
import { buildClient } from './bundle.ts';
import { startNodeServer } from './harness.ts';
import type { BenchLine, BenchSection } from './report.ts';
import { percentileOfSorted } from './stats.ts';

const median = (values: number[]) => percentileOfSorted([...values].sort((a, b) => a - b), 50);

// Lighthouse mobile (its default: a mid-range phone, simulated slow 4G and a
// 4x slower CPU), the median of RUNS runs per page, against the production build
// (`npm run build` first) served by the compiled server on a fresh database with
// the demo data. Signed-in pages carry a demo resident's session cookie.
// `npm run lighthouse` runs this alone; `npm run bench` includes it.

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const RESIDENT = { email: 'ana@vizinhanca.app', password: 'morador-vizinhanca' };

type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  /** What the LCP was (Lighthouse's node label and selector) and its phases in ms (TTFB, load delay, load time, render delay). */
  lcpElement: string;
  lcpPhases: string;
  /** The metrics the performance score weighs, each as Lighthouse's own score (0-100) and value, so a report says where points went. */
  metrics: string;
  failedAudits: string[];
};

// The performance score's metrics and how each value is shown.
const SCORED_METRICS: { id: string; label: string; value: (numeric: number) => string }[] = [
  { id: 'first-contentful-paint', label: 'FCP', value: (ms) => `${Math.round(ms)} ms` },
  { id: 'largest-contentful-paint', label: 'LCP', value: (ms) => `${Math.round(ms)} ms` },
  { id: 'total-blocking-time', label: 'TBT', value: (ms) => `${Math.round(ms)} ms` },
  { id: 'cumulative-layout-shift', label: 'CLS', value: (shift) => shift.toFixed(3) },
  { id: 'speed-index', label: 'SI', value: (ms) => `${Math.round(ms)} ms` },
];

type DetailsList = { items?: { items?: { node?: { nodeLabel?: string; selector?: string }; phase?: string; timing?: number }[] }[] };

/** The LCP element and its phases, from the largest-contentful-paint-element audit (the step to work on: docs/decisions/013-first-screen.md). */
function lcpDetails(details: unknown): { lcpElement: string; lcpPhases: string } {
  const [elementTable, phaseTable] = (details as DetailsList | undefined)?.items ?? [];
  const node = elementTable?.items?.[0]?.node;
  return {
    lcpElement: node ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 60)}"` : 'none',
    lcpPhases: (phaseTable?.items ?? []).map((row) => `${row.phase} ${Math.round(row.timing ?? 0)}`).join(', '),
  };
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: RESIDENT }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('vz_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in for Lighthouse failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}

/** A rental of the demo data with its real photo: the detail page measured. */
async function rentalWithPhoto(url: string, cookie: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: { type: 'rental', limit: 20 } }));
  const response = await fetch(`${url}/trpc/listings.list?input=${input}`, { headers: { cookie } });
  const body = (await response.json()) as { result: { data: { json: { items: { id: string; imageDetailUrl: string | null }[] } } } };
  const items = body.result.data.json.items;
  const withPhoto = items.find((item) => item.imageDetailUrl);
  if (!withPhoto) throw new Error('no rental with a photo in the demo data');
  return `/item/${withPhoto.id}`;
}

async function audit(port: number, pageUrl: string, cookie: string | null): Promise<Scores> {
  const result = await lighthouse(pageUrl, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${pageUrl}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failedAudits = Object.values(audits)
    .filter((entry) => entry.score !== null && entry.score < 1 && ['binary', 'numeric'].includes(entry.scoreDisplayMode) && !/^(largest-contentful|first-contentful|speed-index|total-blocking|cumulative|interactive|max-potential)/.test(entry.id))
    .map((entry) => entry.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    ...lcpDetails(audits['largest-contentful-paint-element']?.details),
    metrics: SCORED_METRICS.map(({ id, label, value }) => {
      const entry = audits[id];
      return entry ? `${label} ${value(entry.numericValue ?? Number.NaN)} (${Math.round((entry.score ?? 0) * 100)})` : `${label} none`;
    }).join(', '),
    failedAudits,
  };
}

export async function lighthouseSection(): Promise<BenchSection> {
  // The pages as `npm run build` serves them, whichever sections ran before (BENCH_ONLY=lighthouse too).
  await buildClient();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vz-lighthouse-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'CLOCK_START', 'PUBLIC_URL', 'SMTP_URL', 'S3_ENDPOINT']) delete env[key];
  const app = await startNodeServer({ script: path.join(PROJECT_ROOT, 'dist/server/start.js'), nodeArgs: PRODUCTION_NODE_ARGS, cwd: PROJECT_ROOT, env, port, readyPath: '/ready', logFile: path.join(dataDir, 'app.log') });
  const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const cookie = await signIn(app.url);
    const pages: { page: string; signedIn: boolean }[] = [
      { page: '/auth', signedIn: false },
      { page: '/', signedIn: true },
      { page: '/alugueis', signedIn: true },
      { page: await rentalWithPhoto(app.url, cookie), signedIn: true },
      { page: '/configuracoes', signedIn: true },
      { page: '/ajuda', signedIn: true },
    ];
    const lines: BenchLine[] = [];
    const notes: string[] = [];
    const raw: Record<string, Scores[]> = {};
    for (const { page, signedIn } of pages) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${app.url}${page}`, signedIn ? cookie : null));
      raw[page] = runs;
      const perf = median(runs.map((run) => run.performance));
      const a11y = median(runs.map((run) => run.accessibility));
      const bp = median(runs.map((run) => run.bestPractices));
      const lcp = median(runs.map((run) => run.lcpMs));
      lines.push({
        what: `Lighthouse mobile ${page.startsWith('/item/') ? '/item/{id} (a rental with its photo)' : page}${signedIn ? ', signed in' : ''}, median of ${RUNS}`,
        figure: `perf ${perf}, a11y ${a11y}, BP ${bp}, LCP ${(lcp / 1000).toFixed(2)} s`,
        baseline: '',
        ratio: '',
        target: 'perf ≥ 95, a11y 100, BP 100, LCP ≤ 1.5 s',
        met: perf >= 95 && a11y === 100 && bp === 100 && lcp <= 1500,
      });
      const medianRun = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor((runs.length - 1) / 2)]!;
      notes.push(`${page}: LCP element ${medianRun.lcpElement}; phases (ms) ${medianRun.lcpPhases}. Scored metrics per run (each metric's own score): ${runs.map((run) => `${run.performance}: ${run.metrics}`).join('; ')}.`);
      const failed = [...new Set(runs.flatMap((run) => run.failedAudits))];
      if (failed.length > 0) notes.push(`${page}: audits not passed in some run: ${failed.join(', ')}.`);
    }
    const file = path.join(PROJECT_ROOT, '.data/bench', `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(raw, null, 2));
    notes.push(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (simulated throttling: 150 ms RTT, 1.6 Mbps, CPU 4x), headless Chromium from scripts/lib/chromium.ts, against the production build on 127.0.0.1 (compressed, immutable assets), cold cache each run. Per-run scores: ${path.relative(PROJECT_ROOT, file)}.`,
    );
    return {
      title: 'Lighthouse mobile',
      lines,
      notes,
      cache: "browser: cold each run; server: a page's listings (the first screen's data of /alugueis) come through the feed cache, so its first run is a miss and later ones within the cache's 60 s may be hits (not counted)",
    };
  } finally {
    await chrome.kill();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
