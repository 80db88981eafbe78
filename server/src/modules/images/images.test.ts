import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '@vizinhanca/shared/images/image.rules';
import { ACCESS_MESSAGES } from '../../errors.ts';
import { hashPassword } from '../../auth/crypto.ts';
import { loadConfig } from '../../config.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { S3FileStorage } from '../../storage/file-storage.ts';
import { createTestDatabase, testCpf } from '../../../test/harness.ts';
import * as users from '../users/users.repository.ts';

// Uploads through real HTTP against a real server: once on local disk, once on an S3-speaking server.

async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3b7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Camera 9' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 1/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 1/1' } })
    .toBuffer();
}

interface Harness {
  server: RunningServer;
  base: string;
  cookies: Record<'resident' | 'pending' | 'suspended', string>;
  close(): Promise<void>;
}

async function startHarness(env: Record<string, string>): Promise<Harness> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vz-images-'));
  const server = await startServer(loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env }));
  const base = `http://127.0.0.1:${server.port}`;
  const passwordHash = await hashPassword('senha-de-teste-segura');
  const cookies = {} as Harness['cookies'];
  for (const [who, status] of [['resident', 'approved'], ['pending', 'pending'], ['suspended', 'approved']] as const) {
    const email = `${who}-${Date.now()}@teste.com`;
    const { id } = await users.insertUser(server.deps.db, { email, passwordHash, fullName: who, cpf: testCpf(Math.floor(Math.random() * 1e6)), phone: null, block: null, apartment: null, approvalStatus: status, createdAt: server.deps.clock.now() });
    if (who === 'suspended') await server.deps.db.updateTable('users').set({ is_suspended: true }).where('id', '=', id).execute();
    const response = await fetch(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ json: { email, password: 'senha-de-teste-segura' } }),
    });
    cookies[who] = response.headers.get('set-cookie')!.split(';')[0]!;
  }
  return {
    server,
    base,
    cookies,
    async close() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function upload(h: Harness, body: Buffer | string, options: { cookie?: string; origin?: string; contentType?: string; query?: string } = {}) {
  return fetch(`${h.base}/api/images${options.query ?? '?purpose=listing'}`, {
    method: 'POST',
    headers: {
      'content-type': options.contentType ?? 'image/jpeg',
      origin: options.origin ?? h.base,
      ...(options.cookie === undefined ? { cookie: h.cookies.resident } : options.cookie ? { cookie: options.cookie } : {}),
    },
    body,
  });
}

function describeUploads(name: string, envFor: () => Record<string, string>) {
  describe(name, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(envFor());
    });
    afterAll(() => h.close());

    it('re-encodes a phone photo in two sizes without its GPS and camera metadata', async () => {
      const response = await upload(h, await photoWithGps());
      expect(response.status).toBe(201);
      const body = (await response.json()) as { id: string; cardUrl: string; detailUrl: string; message: string };
      expect(body.message).toBe(IMAGE_MESSAGES.uploaded);
      expect(body.cardUrl).toBe(`/files/images/${body.id}/card.webp`);
      for (const [url, width] of [[body.cardUrl, 640], [body.detailUrl, 1600]] as const) {
        const file = await fetch(`${h.base}${url}`, { headers: { cookie: h.cookies.resident } });
        expect(file.status).toBe(200);
        expect(file.headers.get('cache-control')).toBe('private, no-store');
        // Not in a public listing yet: a stranger gets the same 404 as for no file.
        expect((await fetch(`${h.base}${url}`)).status).toBe(404);
        expect(file.headers.get('content-type')).toBe('image/webp');
        const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.width).toBe(width);
        expect(metadata.exif).toBeUndefined();
      }
      const row = await h.server.deps.db.selectFrom('images').select(['purpose', 'width']).where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ purpose: 'listing', width: 1600 });
    });

    it('refuses a text file renamed as an image, judged by its content', async () => {
      const response = await upload(h, 'isto não é uma imagem, é texto', { contentType: 'image/png' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { message: IMAGE_MESSAGES.notAnImage } });
    });

    it('refuses an SVG carrying a script', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
      const response = await upload(h, svg, { contentType: 'image/svg+xml' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(IMAGE_MESSAGES.notAnImage);
    });

    it('refuses 6 MB with the spec message and stores nothing', async () => {
      const before = await h.server.deps.db.selectFrom('images').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const response = await upload(h, Buffer.alloc(6 * 1024 * 1024, 1));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: { message: 'Imagem deve ter no máximo 5MB' } });
      const after = await h.server.deps.db.selectFrom('images').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it('never lets a path reach the storage', async () => {
      const sneaky = await upload(h, await photoWithGps(), { query: '?purpose=../../etc&name=../../passwd' });
      expect(sneaky.status).toBe(201);
      const body = (await sneaky.json()) as { cardUrl: string };
      expect(body.cardUrl).toMatch(/^\/files\/images\/[0-9a-f-]{36}\/card\.webp$/);
      for (const probe of ['/files/../../etc/passwd', '/files/%2e%2e/%2e%2e/etc/passwd', '/files/images/x/..%2F..%2Fpg-credentials.json']) {
        const response = await fetch(`${h.base}${probe}`);
        // Either nothing, or the app's own page (the client router shows its 404): never a file from disk.
        const text = await response.text();
        expect(text, probe).not.toMatch(/root:|password/);
        if (response.status === 200) expect(response.headers.get('content-type'), probe).toMatch(/^text\/html/);
      }
    });

    it('only signed-in approved residents upload, from our own origin', async () => {
      const anonymous = await upload(h, await photoWithGps(), { cookie: '' });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: { message: 'Não autenticado' } });
      const pending = await upload(h, await photoWithGps(), { cookie: h.cookies.pending });
      expect(pending.status).toBe(403);
      expect(await pending.json()).toEqual({ error: { message: ACCESS_MESSAGES.notApproved } });
      const suspended = await upload(h, await photoWithGps(), { cookie: h.cookies.suspended });
      expect(suspended.status).toBe(403);
      expect(await suspended.json()).toEqual({ error: { message: ACCESS_MESSAGES.suspended } });
      const foreign = await upload(h, await photoWithGps(), { origin: 'http://evil.example' });
      expect(foreign.status).toBe(403);
    });
  });
}

let s3: S3rver;
let s3Dir: string;
let s3Endpoint: string;
beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'vz-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [] });
  const address = (await s3.run()) as { address: string; port: number };
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describeUploads('uploads on local disk', () => ({}));
describeUploads('uploads on S3', () => ({ S3_ENDPOINT: s3Endpoint, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: 'vizinhanca-test' }));

describe('the S3 storage backend', () => {
  it('creates its bucket, stores, reads back and deletes a file', async () => {
    const storage = new S3FileStorage(s3Endpoint, { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' }, 'backend-test');
    await storage.init();
    await storage.init(); // a second replica starting finds the bucket there
    await storage.put('images/abc/card.webp', Buffer.from('bytes'), 'image/webp');
    const file = await storage.get('images/abc/card.webp');
    expect(file?.size).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('bytes');
    await storage.delete('images/abc/card.webp');
    expect(await storage.get('images/abc/card.webp')).toBeNull();
    expect(await storage.get('../secret.webp')).toBeNull();
  });
});
