import { rmSync } from 'node:fs';
import { REMINDER_NOTIFICATIONS } from '@vizinhanca/shared/notifications/reminder.messages';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { login } from './helpers.ts';
import { freePort, startApp, stopApp, type RunningApp } from './own-app.ts';

// Return reminders in the browser: the job queue's reminder job, not
// rows written by hand. The walk runs its own app (the production build) on a
// database of its own and restarts it one day and then two days later (its
// clock, CLOCK_START): the job due while the app was down runs when it comes
// back (the start catches up), and the residents find 'Urgente' in the centre.
//
// The demo's bicycle (Bruno's, rented by Juliana) is in progress and ends on the
// day after the seed; the seed wrote its day-before reminder with the job's key.

const SEED_DAY = '2026-11-23T12:00:00-03:00';
const RETURN_DAY = '2026-11-24T09:00:00-03:00';
const DAY_AFTER = '2026-11-25T09:00:00-03:00';
const RESIDENT_PASSWORD = 'morador-vizinhanca';
const BICYCLE = 'Bicicleta aro 29 com capacete';

async function restartApp(app: RunningApp, port: number, dataDir: string, clockStart: string): Promise<RunningApp> {
  await stopApp(app);
  // The start-up run is one per minute of the app's clock (job-queue.ts): a start on
  // another day runs at once, without waiting for the next real minute.
  return startApp(port, dataDir, clockStart);
}

async function centreOf(browser: Browser, app: RunningApp, email: string, clockStart: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseURL });
  // The browser's clock (fixtures.ts installed the project's) on the app's day.
  await context.clock.setSystemTime(new Date(clockStart));
  const page = await context.newPage();
  await login(page, email, RESIDENT_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/notificacoes');
  await expect(page.getByRole('heading', { name: 'Notificações' })).toBeVisible();
  return page;
}

function item(page: Page, title: string) {
  return page.getByRole('list', { name: 'Todas as notificações' }).getByRole('listitem').filter({ hasText: title });
}

test('the return reminders come from the job when the app comes back, marked Urgente, each once', async ({ browser }) => {
  test.setTimeout(420_000); // Three starts of an app with its own database.
  const port = await freePort();
  const dataDir = `.tmp/e2e-reminders-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  let app = await startApp(port, dataDir, SEED_DAY);
  try {
    // The return day, 09:00: the start-up run sends Juliana 'Devolução hoje'.
    app = await restartApp(app, port, dataDir, RETURN_DAY);
    const juliana = await centreOf(browser, app, 'juliana@vizinhanca.app', RETURN_DAY);
    const today = REMINDER_NOTIFICATIONS.returnToday(BICYCLE, 'Bruno Costa Lima');
    await expect(item(juliana, today.title)).toHaveCount(1);
    await expect(item(juliana, today.title)).toContainText(today.message);
    await expect(item(juliana, today.title)).toContainText('Urgente');
    await expect(item(juliana, today.title)).toContainText('Novo');
    // The day before's reminder (from the seed) is a return reminder too.
    await expect(item(juliana, 'Devolução amanhã')).toContainText('Urgente');
    // A pickup or order notice is not urgent.
    await expect(juliana.getByRole('list', { name: 'Todas as notificações' }).getByRole('listitem').filter({ hasNotText: 'Devolução' }).filter({ hasText: 'Urgente' })).toHaveCount(0);
    await juliana.screenshot({ path: 'test-results/lembrete-urgente.png' });
    // Tapping it opens the rental on the requester's active tab.
    await item(juliana, today.title).getByRole('button', { name: /Devolução hoje/ }).click();
    await expect(juliana).toHaveURL(/\/meus-pedidos\?aba=ativos$/);
    await expect(juliana.getByRole('article').filter({ hasText: BICYCLE })).toBeVisible();
    await juliana.context().close();

    // The day after, not returned: both sides are told it is overdue; the return day's reminder is not sent again.
    app = await restartApp(app, port, dataDir, DAY_AFTER);
    const late = await centreOf(browser, app, 'juliana@vizinhanca.app', DAY_AFTER);
    await expect(item(late, 'Devolução atrasada')).toHaveCount(1);
    await expect(item(late, 'Devolução atrasada')).toContainText('Urgente');
    await expect(item(late, today.title)).toHaveCount(1);
    const bruno = await centreOf(browser, app, 'bruno@vizinhanca.app', DAY_AFTER);
    const overdue = REMINDER_NOTIFICATIONS.overdueOwner(BICYCLE, 'Juliana Pereira', '2026-11-24');
    await expect(item(bruno, overdue.title)).toHaveCount(1);
    await expect(item(bruno, overdue.title)).toContainText(overdue.message);
    await expect(item(bruno, overdue.title)).toContainText('Urgente');
    await late.context().close();
    await bruno.context().close();
  } finally {
    await stopApp(app).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
