// npm run backup / npm run restore as the README documents them, run as real processes:
// a backup of a running app's database (DATABASE_URL) and files, restored into an empty
// DATA_DIR with the embedded Postgres, where the app then starts with everything in place.
import { execFile } from 'node:child_process';
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { DEMO_ADMIN_PASSWORD, DEMO_RESIDENT_PASSWORD, seedDemoIfEmpty } from '../db/seed.ts';
import { startServer, type RunningServer } from '../server.ts';
import sharp from 'sharp';
import { createListingSchema } from '@vizinhanca/shared/listings/listing.schema';
import { uploadImage } from '../modules/images/images.service.ts';
import { create as createListing } from '../modules/listings/listings.service.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let app: TestApp;
let work: string;
let server: RunningServer | null = null;

async function script(name: string, args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL' && key !== 'DATA_DIR'));
  try {
    const { stdout, stderr } = await run(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts', name), ...args], {
      cwd: root,
      env: { ...clean, LOG_LEVEL: 'silent', ...env },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'vz-backup-scripts-'));
  app = await createTestApp();
  await seedDemoIfEmpty(app.deps);
  // A listing of three photos (waiting for moderation, so its photos are private): every one must come back.
  const ana = await app.db.selectFrom('users').select('id').where('email', '=', 'ana@vizinhanca.app').executeTakeFirstOrThrow();
  const imageIds: string[] = [];
  for (const background of ['#c0392b', '#27ae60', '#2980b9']) {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background } }).jpeg().toBuffer();
    imageIds.push((await uploadImage(app.deps, { userId: ana.id, purpose: 'listing', bytes: photo })).id);
  }
  await createListing(app.deps, { id: ana.id, blockedIds: [], blockedByIds: [] }, createListingSchema.parse({ type: 'rental', title: 'Barraca de camping', description: 'Para 4 pessoas.', priceCents: 3000, imageIds }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('back up a running app, keep the newest archives, restore into an empty DATA_DIR where the app starts with its people, listings and photos', async () => {
    const dir = path.join(work, 'backups');
    await fs.mkdir(dir);
    const old = ['vizinhanca-20260101T030000Z.tar.gz', 'vizinhanca-20260102T030000Z.tar.gz', 'vizinhanca-20260103T030000Z.tar.gz'];
    for (const name of old) await fs.writeFile(path.join(dir, name), 'antigo');

    const backup = await script('backup.ts', ['--dir', dir, '--keep', '2'], { DATABASE_URL: app.databaseUrl, DATA_DIR: app.config.dataDir });
    expect(backup.out).toMatch(/Backup criado: .*vizinhanca-\d{8}T\d{6}Z\.tar\.gz/);
    expect(backup.code).toBe(0);
    const kept = (await fs.readdir(dir)).sort();
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe('vizinhanca-20260103T030000Z.tar.gz');
    const archive = path.join(dir, kept[1]!);

    // An empty DATA_DIR: the embedded Postgres is initialised there by the restore.
    const dataDir = path.join(work, 'restored');
    const restore = await script('restore.ts', [archive], { DATA_DIR: dataDir });
    expect(restore.out).toMatch(/Backup de .* restaurado: \d+ tabelas, \d+ linhas, \d+ arquivos\./);
    expect(restore.code).toBe(0);

    const again = await script('restore.ts', [archive], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.out).toContain('O banco de destino não está vazio');

    server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }), {
      logger: pino({ level: 'silent' }),
    });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    const login = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ json: { email: 'ana@vizinhanca.app', password: DEMO_RESIDENT_PASSWORD } }),
    });
    expect(login.status).toBe(200);

    const listings = await server.deps.db.selectFrom('listings').select(['id', 'image_id']).where('image_id', 'is not', null).execute();
    const original = await app.db.selectFrom('listings').select(['id', 'image_id']).where('image_id', 'is not', null).execute();
    expect(listings.length).toBeGreaterThan(0);
    expect(listings).toEqual(expect.arrayContaining(original));
    // Every photo of every listing, in its position (not only the covers).
    const photosOf = (db: typeof app.db) => db.selectFrom('listing_photos').select(['listing_id', 'position', 'image_id']).orderBy('listing_id').orderBy('position').execute();
    const originalPhotos = await photosOf(app.db);
    expect(originalPhotos.some((photo) => photo.position === 2)).toBe(true);
    expect(await photosOf(server.deps.db)).toEqual(originalPhotos);
    // Photos of listings that are not public are served to staff only: read them all as the administrator.
    const adminLogin = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ json: { email: 'admin@vizinhanca.app', password: DEMO_ADMIN_PASSWORD } }),
    });
    expect(adminLogin.status).toBe(200);
    const adminCookie = adminLogin.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
    const restoredKeys: string[] = [];
    for await (const key of server.deps.storage.list()) {
      const response = await fetch(`${base}/files/${key}`, { headers: { cookie: adminCookie } });
      expect(response.status, key).toBe(200);
      restoredKeys.push(key);
    }
    const originalKeys: string[] = [];
    for await (const key of app.deps.storage.list()) originalKeys.push(key);
    expect(restoredKeys.length).toBeGreaterThan(0);
    expect(restoredKeys.sort()).toEqual(originalKeys.sort());
  }, 300_000);

  it('refuses a missing archive with a clear message', async () => {
    const missing = await script('restore.ts', [path.join(work, 'nao-existe.tar.gz')], { DATABASE_URL: app.databaseUrl, DATA_DIR: app.config.dataDir });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('Arquivo de backup não encontrado');
  }, 60_000);
});
