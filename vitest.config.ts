import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The version label client/vite.config.ts defines for the app; the server tests render the client's tree from source.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  test: {
    // Two test files at once. Vitest's default on a 2-core machine is one (cores - 1), and a
    // server test file spends much of its time waiting on its Postgres (another process) and
    // on job polling: one worker left the second core mostly idle (load average 1.7).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // The client's pure rules (calendar, schedule, form values, formats): no browser, no DOM.
          name: 'client',
          include: ['client/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tools',
          include: ['scripts/**/*.test.ts', 'client/scripts/**/*.test.ts'],
          environment: 'node',
          // The first lint loads ESLint's whole configuration (typescript-eslint included).
          testTimeout: 30_000,
        },
      },
      {
        // Configurações shows it (first-screen-render.test.ts draws that screen).
        define: { __APP_VERSION__: JSON.stringify(version) },
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          // One embedded Postgres for the run; each test file gets its own database.
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/fresh-module-state.ts', 'server/test/fail-on-console-error.ts'],
          pool: 'forks',
          // A worker's test files share its process: the app's modules (Express, tRPC, pg-boss,
          // sharp, every feature) are imported once per worker instead of once per file, which
          // was most of the run's import time (docs/decisions/016-test-suite-speed.md). What the
          // modules keep between files is reset before each one (server/test/fresh-module-state.ts).
          isolate: false,
          // As the browser walks: one retry in CI for a test starved by a loaded machine (a real failure fails twice).
          retry: process.env.CI ? 1 : 0,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
