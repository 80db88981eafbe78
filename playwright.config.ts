import { defineConfig, devices } from '@playwright/test';
import type { ClockOptions } from './e2e/fixtures.ts';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/chromium.ts';

const BASE_PORT = Number(process.env.E2E_PORT ?? 3999);

/** One data directory per port, so two runs (say, two engineers) never share a database. */
export function e2eDataDir(port: number): string {
  return `.tmp/e2e-data-${port}`;
}

// Walks tagged @dates build a calendar or a period from "today": they also run on the
// calendar's hard days. The others would walk the same screens again there.
const DATE_SENSITIVE = /@dates/;
const EVERY_WALK = /.*/;

// Each clock gets its own server (its own port and database), started at that
// instant (CLOCK_START) so the server's "today" and the browser's agree. Noon in
// the condominium: a walk of a few minutes never crosses midnight.
const CLOCKS = [
  { name: 'phone', clockStart: '2026-11-23T12:00:00-03:00', grep: EVERY_WALK },
  { name: 'month-end', clockStart: '2027-04-30T12:00:00-03:00', grep: DATE_SENSITIVE },
  { name: 'february-28', clockStart: '2027-02-28T12:00:00-03:00', grep: DATE_SENSITIVE },
  { name: 'december-31', clockStart: '2026-12-31T12:00:00-03:00', grep: DATE_SENSITIVE },
].map((clock, index) => ({ ...clock, port: BASE_PORT + index }));

// Debian's Chromium or the one an npm package ships (scripts/lib/chromium.ts); the phone size of the spec.
export default defineConfig<ClockOptions>({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: false,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records every action's page and a screencast: about a tenth of the walks' CPU when
    // kept for every walk. CI's retry of a failed walk records one (`--trace on` for a local run).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // A new context is a phone's first visit: its service worker installs and fetches the app
    // again, about a sixth of a journey's CPU. Journeys between people do not depend on it, so
    // they run without one; the walks of the installed app (every route, first screens, offline,
    // push, updates, HTTPS) allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: CLOCKS.map((clock) => ({
    name: clock.name,
    grep: clock.grep,
    use: { baseURL: `http://127.0.0.1:${clock.port}`, clockStart: clock.clockStart },
  })),
  // One launcher starts the four servers at once (Playwright starts the entries of a webServer
  // list one after the other): scripts/e2e-servers.mjs, ready when every one answers /health.
  // `npm run test:e2e` built the client and the server just before: the walks run the production build.
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    wait: { stdout: /e2e servers ready/ },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_SERVERS: JSON.stringify(
        CLOCKS.map((clock) => ({
          port: clock.port,
          // A fresh data directory each run (the launcher empties it): embedded Postgres, migrations and demo data from scratch.
          dataDir: e2eDataDir(clock.port),
          // Recife keeps São Paulo's offset (no daylight saving): the dates stay the same, and the
          // page proves it carries the configured zone rather than the default.
          env: {
            HOST: '127.0.0.1',
            SEED_DEMO: 'true',
            LOG_LEVEL: 'warn',
            CONDO_TIMEZONE: 'America/Recife',
            // The help page's contact cards (only /ajuda reads these): WhatsApp without the country code gets +55.
            CONDO_PHONE: '(11) 3333-4444',
            CONDO_EMAIL: 'portaria@jardimdasflores.com.br',
            CONDO_WHATSAPP: '(11) 98888-7777',
            CLOCK_START: clock.clockStart,
            // Every walk signs its residents up from 127.0.0.1: more than a building's launch evening.
            SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
          },
        })),
      ),
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
