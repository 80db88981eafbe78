import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { hashPassword } from '../server/src/auth/crypto.ts';
import { loadConfig } from '../server/src/config.ts';
import { APP_DATABASE, startEmbeddedPostgres, type PostgresHandle } from '../server/src/db/embedded-postgres.ts';
import * as users from '../server/src/modules/users/users.service.ts';
import { startServer, type RunningServer } from '../server/src/server.ts';

// npm run test:chaos: two app instances on one Postgres, restarted RESTARTS times
// under WRITES_PER_SECOND acknowledged writes. Goals: no process error, no
// acknowledged write lost, both instances healthy within 2 s of each restart.
// Not part of `npm test`: it takes a minute or two and the whole machine.
const RESTARTS = Number(process.env.CHAOS_RESTARTS ?? 10);
const WRITES_PER_SECOND = Number(process.env.CHAOS_WRITES_PER_SECOND ?? 50);
const BACK_WITHIN_MS = 2000;
const logger = pino({ level: 'silent' });

const processErrors: unknown[] = [];
process.on('uncaughtException', (error) => processErrors.push(Object.assign(error, { chaosKind: 'uncaughtException' })));
process.on('unhandledRejection', (error, promise) => processErrors.push({ chaosKind: 'unhandledRejection', error, promise: String(promise) }));

const tempDir = mkdtempSync(path.join(tmpdir(), 'vz-chaos-'));
chmodSync(tempDir, 0o755); // Postgres runs as its own user when this runs as root
let postgres: PostgresHandle = await startEmbeddedPostgres(path.join(tempDir, 'postgres'), logger);
const pgPort = Number(new URL(postgres.connectionString).port);
const env = { DATABASE_URL: postgres.connectionString, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
const instances: RunningServer[] = [];
for (const name of ['a', 'b']) instances.push(await startServer(loadConfig({ ...env, DATA_DIR: path.join(tempDir, name) })));
const bases = instances.map((instance) => `http://127.0.0.1:${instance.port}`);

// One approved resident per instance, signed in there: their writes are listings.
const cookies: string[] = [];
for (const [i, base] of bases.entries()) {
  const email = `caos-${i}@teste.com`;
  await users.insertUser(instances[0]!.deps.db, {
    email,
    passwordHash: await hashPassword('senha-de-teste-segura'),
    fullName: `Morador do Caos ${i}`,
    cpf: ['52998224725', '39053344705'][i]!,
    phone: null,
    block: null,
    apartment: null,
    approvalStatus: 'approved',
    createdAt: instances[0]!.deps.clock.now(),
  });
  const response = await fetch(`${base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ json: { email, password: 'senha-de-teste-segura' } }),
  });
  cookies.push(response.headers.getSetCookie().find((cookie) => cookie.startsWith('vz_session='))!.split(';')[0]!);
}

const acknowledged: string[] = [];
let attempted = 0;
let refused = 0;
let writing = true;
async function write(n: number): Promise<void> {
  const i = n % bases.length;
  attempted += 1;
  try {
    const response = await fetch(`${bases[i]}/trpc/listings.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: bases[i]!, cookie: cookies[i]! },
      body: JSON.stringify({ json: { type: 'rental', title: `Item ${n}`, description: 'Escrito durante o caos.', priceCents: 1000 } }),
      signal: AbortSignal.timeout(20_000),
    });
    if (response.status !== 200) {
      refused += 1;
      return;
    }
    const body = (await response.json()) as { result: { data: { json: { id: string } } } };
    acknowledged.push(body.result.data.json.id);
  } catch {
    refused += 1;
  }
}
const writer = (async () => {
  // Paced by the wall clock: writes a pause of the event loop held back are sent when it ends.
  const inFlight: Promise<void>[] = [];
  const started = Date.now();
  let n = 0;
  while (writing) {
    const due = Math.floor(((Date.now() - started) / 1000) * WRITES_PER_SECOND);
    for (; n < due; n++) inFlight.push(write(n));
    await sleep(10);
  }
  await Promise.all(inFlight);
})();

async function healthy(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/health`, { signal: AbortSignal.timeout(1000) })).status === 200;
  } catch {
    return false;
  }
}

const chaosStarted = Date.now();
const recoveries: number[] = [];
for (let restart = 1; restart <= RESTARTS; restart++) {
  await sleep(1500);
  await postgres.stop();
  await sleep(500);
  postgres = await startEmbeddedPostgres(path.join(tempDir, 'postgres'), logger, APP_DATABASE, { port: pgPort });
  const upAt = Date.now();
  while (!(await Promise.all(bases.map(healthy))).every(Boolean) && Date.now() - upAt < 30_000) await sleep(50);
  recoveries.push(Date.now() - upAt);
  console.log(`restart ${restart}: both instances healthy ${recoveries.at(-1)} ms after Postgres was back`);
}
await sleep(1500);
writing = false;
await writer;

const stored = new Set(
  (await instances[0]!.deps.db.selectFrom('listings').select('id').execute()).map((row) => row.id),
);
const lost = acknowledged.filter((id) => !stored.has(id));
const slowest = Math.max(...recoveries);
console.log(`\nwrites attempted ${attempted} (${(attempted / ((Date.now() - chaosStarted) / 1000)).toFixed(1)}/s), acknowledged ${acknowledged.length}, refused while down ${refused}, lost ${lost.length}`);
console.log(`slowest recovery ${slowest} ms (goal < ${BACK_WITHIN_MS} ms), process errors ${processErrors.length}`);

for (const instance of instances) await instance.close({ drainMs: 1000 });
await postgres.stop();
rmSync(tempDir, { recursive: true, force: true });

const ok = lost.length === 0 && processErrors.length === 0 && slowest < BACK_WITHIN_MS && acknowledged.length > 0;
console.log(ok ? 'chaos: ok' : 'chaos: MISSED');
for (const error of processErrors.slice(0, 5)) console.error(error);
process.exit(ok ? 0 : 1);
