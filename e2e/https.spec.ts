import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium.ts';

// The deployment's HTTPS: Caddy from Debian's package, with deploy/Caddyfile as docker-compose.yml
// runs it but `tls internal` (its own local authority) and only the loopback address, in front of
// the compiled app (npm run build). Checked over HTTPS: sign-in with a Secure cookie, a live
// event over wss://, the service worker, and the redirect from http.

// The service worker registers over HTTPS too.
test.use({ serviceWorkers: 'allow' });

const root = path.resolve(import.meta.dirname, '..');
const CADDY = '/usr/bin/caddy';
const BASE_PORT = Number(process.env.E2E_PORT ?? 3999);
const appPort = BASE_PORT + 5;
const httpPort = BASE_PORT + 6;
const httpsPort = BASE_PORT + 7;
const origin = `https://127.0.0.1:${httpsPort}`;
const ANA = { email: 'ana@vizinhanca.app', password: 'morador-vizinhanca' };

/** Debian's caddy, installed with apt-get when this runs as root and it is missing; null with the reason otherwise. */
function caddyOrReason(): string | null {
  if (existsSync(CADDY)) return null;
  if (process.getuid?.() !== 0) return `${CADDY} não existe e só root pode instalá-lo (apt-get install caddy)`;
  const install = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy'], { encoding: 'utf8', timeout: 300_000 });
  return existsSync(CADDY) ? null : `apt-get install caddy falhou: ${install.stderr.trim().split('\n').at(-1) ?? install.status}`;
}

let workDir = '';
const children: ChildProcess[] = [];

/** Starts a process and resolves once `ready` answers true (polled), failing if the process ends first. */
async function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: () => Promise<boolean>): Promise<void> {
  const child = spawn(command, args, { cwd: workDir, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`${path.basename(command)} terminou (${child.exitCode}):\n${errors}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${path.basename(command)} não respondeu em 120 s:\n${errors}`);
}

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  const missing = caddyOrReason();
  test.skip(missing !== null, `Sem o Caddy do Debian: ${missing}`);
  workDir = mkdtempSync(path.join(tmpdir(), 'vz-https-'));
  await startProcess(
    process.execPath,
    [path.join(root, 'dist/server/start.js')],
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      PUBLIC_URL: origin,
      TRUST_PROXY: '1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      CLOCK_START: '2026-11-23T12:00:00-03:00',
    },
    async () => (await fetch(`http://127.0.0.1:${appPort}/ready`)).ok,
  );
  await startProcess(
    CADDY,
    ['run', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
    {
      DOMAIN: `127.0.0.1:${httpsPort}`,
      CADDY_TLS: 'internal',
      CADDY_BIND: 'loopback',
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_HTTPS_PORT: String(httpsPort),
      APP_UPSTREAM_1: `127.0.0.1:${appPort}`,
      APP_UPSTREAM_2: `127.0.0.1:${appPort}`,
      // Caddy's certificates and local authority in the test's folder, not the machine's.
      XDG_DATA_HOME: path.join(workDir, 'caddy-data'),
      XDG_CONFIG_HOME: path.join(workDir, 'caddy-config'),
    },
    async () => (await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' })).status === 308,
  );
});

test.afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('http redirects to https', async () => {
  const response = await fetch(`http://127.0.0.1:${httpPort}/alugueis?x=1`, { redirect: 'manual' });
  expect(response.status).toBe(308);
  // To the standard HTTPS port, as production listens (the test's Caddy listens on another one).
  expect(response.headers.get('location')).toBe('https://127.0.0.1/alugueis?x=1');
});

test('over HTTPS: sign-in with a Secure cookie, HSTS, a live event over wss:// and the service worker', async () => {
  // Chromium refuses a service worker from a certificate it does not trust unless told at launch
  // (ignoreHTTPSErrors covers the pages only): the local authority's root is in no trust store here.
  const browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'] });
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  let subscribed = false;
  let socketUrl = '';
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    socketUrl = socket.url();
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      if (payload.includes('"result":{"type":"started"}')) subscribed = true;
      frames.push(payload);
    });
  });

  const first = await page.goto(`${origin}/auth`);
  expect(first?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
  await page.getByLabel('E-mail').fill(ANA.email);
  await page.getByLabel('Senha').fill(ANA.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  const session = (await context.cookies(origin)).find((cookie) => cookie.httpOnly && cookie.value.length > 20);
  expect(session, 'the session cookie').toBeDefined();
  expect(session!.secure).toBe(true);

  // The live events come over wss:// through Caddy: marking the notifications read on another request reaches this page.
  await expect.poll(() => subscribed, { timeout: 20_000 }).toBe(true);
  expect(socketUrl).toBe(`wss://127.0.0.1:${httpsPort}/trpc`);
  const before = frames.length;
  const marked = await context.request.post(`${origin}/trpc/notifications.markAllRead`, { data: { json: null }, headers: { origin } });
  expect(marked.ok(), await marked.text()).toBe(true);
  await expect.poll(() => frames.slice(before).some((frame) => frame.includes('notification.changed')), { timeout: 10_000 }).toBe(true);

  // The service worker registers and takes control over HTTPS.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toBe(`${origin}/sw.js`);
  await browser.close();
});
