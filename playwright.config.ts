import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3999);
// One data directory per port, so two runs (say, two engineers) never share a database.
export const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;

// Debian's Chromium (Playwright cannot download browsers here); the phone size of the spec.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: false,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    // A fresh data directory each run: embedded Postgres, migrations and demo data from scratch.
    command: `rm -rf ${E2E_DATA_DIR} && tsx scripts/start.ts`,
    url: `http://127.0.0.1:${PORT}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Recife keeps São Paulo's offset (no daylight saving): the dates stay the same, and the
    // page proves it carries the configured zone rather than the default.
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: E2E_DATA_DIR, SEED_DEMO: 'true', LOG_LEVEL: 'warn', CONDO_TIMEZONE: 'America/Recife' },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
