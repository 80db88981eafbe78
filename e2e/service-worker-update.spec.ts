import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

// A deploy reaching an installed app: two builds of the client (two build ids), the first
// served and its service worker installed, then the second served in its place. Only the
// browser build, served by a small static server: the worker and the banner need no API.

// An installed app's service worker meeting a new build.
test.use({ serviceWorkers: 'allow' });

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const builds = { first: 'e2e-versao-1', second: 'e2e-versao-2' };
let outDir = '';
let serving = '';
let server: http.Server;
let baseURL = '';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** The files of the build being served; any other path is the app shell (index.html), as the app server does. */
function serve(req: http.IncomingMessage, res: http.ServerResponse) {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  const file = path.join(serving, path.normalize(pathname));
  const found = file.startsWith(serving) && pathname !== '/' && existsSync(file) && !file.endsWith(path.sep);
  const target = found ? file : path.join(serving, 'index.html');
  if (pathname.startsWith('/trpc')) {
    res.writeHead(503).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
  res.end(readFileSync(target));
}

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'vz-sw-update-'));
  for (const id of Object.values(builds)) {
    await run('npx', ['vite', 'build'], {
      cwd: path.join(root, 'client'),
      // The first-screen budget is the normal build's check, not this walk's.
      env: { ...process.env, VZ_BUILD_ID: id, VZ_OUT_DIR: path.join(outDir, id), FIRST_SCREEN_BUDGET: 'off' },
      timeout: 180_000,
    });
  }
  serving = path.join(outDir, builds.first);
  server = http.createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(outDir, { recursive: true, force: true });
});

test('each build stamps its id into the worker, and an installed app updates to the next one', async ({ browser }) => {
  for (const id of Object.values(builds)) {
    expect(readFileSync(path.join(outDir, id, 'sw.js'), 'utf8')).toContain(`const VERSION = '${id}';`);
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const build = () => page.locator('meta[name="vizinhanca-build"]').getAttribute('content');
  const cacheNames = () => page.evaluate(() => caches.keys());

  await page.goto(`${baseURL}/auth`);
  expect(await build()).toBe(builds.first);
  // The first install takes control without asking (clients.claim) and shows no banner.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect(page.getByText('Nova versão disponível!')).toHaveCount(0);
  expect((await cacheNames()).sort()).toEqual([`vizinhanca-assets-${builds.first}`, `vizinhanca-shell-${builds.first}`]);

  // The deploy: the second build in place of the first. The phone opens the app again.
  serving = path.join(outDir, builds.second);
  await page.reload();
  await expect(page.getByText('Nova versão disponível!')).toBeVisible({ timeout: 30_000 });
  // Until the person asks, the first version's worker keeps control (and its caches).
  expect((await cacheNames()).sort()).toContain(`vizinhanca-shell-${builds.first}`);

  // 'Atualizar' hands over to the waiting worker, then the page reloads: the mark goes with the old page.
  await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
  await page.getByRole('button', { name: 'Atualizar' }).click();
  // A read that meets the reload itself finds no page to run in: it counts as the old page still there.
  const markStillThere = () => page.evaluate(() => 'beforeUpdate' in window).catch(() => true);
  await expect.poll(markStillThere, { timeout: 30_000 }).toBe(false);
  await page.waitForLoadState('load');
  expect(await build()).toBe(builds.second);
  await expect(page.getByText('Nova versão disponível!')).toHaveCount(0);
  // The new worker took over and pruned the first version's caches.
  await expect.poll(async () => (await cacheNames()).sort(), { timeout: 10_000 }).toEqual([`vizinhanca-assets-${builds.second}`, `vizinhanca-shell-${builds.second}`]);
  await context.close();
});
