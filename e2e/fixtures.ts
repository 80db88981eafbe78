import { test as base, type BrowserContext } from '@playwright/test';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';

/** The condominium's zone in the e2e server (Recife keeps São Paulo's offset, no daylight saving). */
export const E2E_TIME_ZONE = 'America/Recife';

export interface ClockOptions {
  /** The instant the e2e server's clock started from (CLOCK_START); every browser context starts there too. */
  clockStart: string;
}

const installed = new WeakSet<BrowserContext>();

async function installClock(context: BrowserContext, clockStart: string) {
  if (installed.has(context)) return;
  installed.add(context);
  // Time flows from the project's instant, as it does on the server: "today" agrees on both sides.
  await context.clock.install({ time: new Date(clockStart) });
}

/**
 * Playwright's test with the project's fixed clock in every browser context (the
 * default one and those made with browser.newContext), and the condominium's
 * "today" for building dates in a walk. Never the machine's real date.
 */
export const test = base.extend<{ today: string }, ClockOptions>({
  clockStart: ['2026-11-23T12:00:00-03:00', { option: true, scope: 'worker' }],
  browser: [
    async ({ browser, clockStart }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await installClock(context, clockStart);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context, clockStart }, use) => {
    await installClock(context, clockStart);
    await use(context);
  },
  today: async ({ clockStart }, use) => {
    await use(todayInTimeZone(E2E_TIME_ZONE, new Date(clockStart)));
  },
});

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
