// Compressed answers carry the same bytes as plain ones: precompressed client files and on-the-fly API responses.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testCpf } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import * as users from '../modules/users/users.repository.ts';
import { startServer, type RunningServer } from '../server.ts';
import { clientFiles } from './static-files.ts';

/** A raw GET (fetch would decode the body itself): status, headers and the bytes as sent. */
function rawGet(url: string, acceptEncoding: string | null, extra: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === null ? { ...extra } : { ...extra, 'accept-encoding': acceptEncoding };
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decode(response: { headers: http.IncomingHttpHeaders; body: Buffer }): Buffer {
  if (response.headers['content-encoding'] === 'br') return brotliDecompressSync(response.body);
  if (response.headers['content-encoding'] === 'gzip') return gunzipSync(response.body);
  return response.body;
}

describe('precompressed client files', () => {
  let dist: string;
  let server: http.Server;
  let base: string;
  const script = Buffer.from(`console.log(${JSON.stringify('Vizinhança '.repeat(500))});\n`);

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'vz-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const file = path.join(dist, 'assets', 'index-abc123.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const app = express();
    app.use(clientFiles(dist));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends brotli, gzip or plain as the browser accepts, always the same script, cached for a year', async () => {
    const url = `${base}/assets/index-abc123.js`;
    const [br, gzip, plain] = await Promise.all([rawGet(url, 'gzip, deflate, br'), rawGet(url, 'gzip'), rawGet(url, null)]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const response of [br, gzip, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(response).equals(script)).toBe(true);
    }
    expect(br.body.length).toBeLessThan(script.length / 10);
  });

  it('keeps the service worker revalidated and never serves a path outside the build', async () => {
    const sw = await rawGet(`${base}/sw.js`, 'br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect((await rawGet(`${base}/../package.json`, 'br')).status).toBe(404);
  });
});

describe('API responses', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let running: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'vz-compress-'));
    running = await startServer(loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await running?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** An approved resident written straight into the database, and the cookie of a session of theirs. */
  async function signedInResident(email: string, cpfSeed: number) {
    const { id } = await users.insertUser(running.deps.db, {
      email,
      passwordHash: 'não usada: a sessão é criada direto',
      fullName: 'Morador Compressão',
      cpf: testCpf(cpfSeed),
      phone: '11987654321',
      block: 'A',
      apartment: 'A-101',
      approvalStatus: 'approved',
      createdAt: running.deps.clock.now(),
    });
    const { token } = await running.deps.sessions.create(running.deps.db, id, { ip: '127.0.0.1', userAgent: 'vitest' });
    return { id, cookie: running.deps.sessions.sessionCookie(token, false).split(';')[0]! };
  }

  it('compresses a large answer on the fly, with the same JSON as the plain one', async () => {
    // A resident with ten long notifications: an answer of several kilobytes.
    const { id, cookie } = await signedInResident('compressao@teste.com', 4242);
    for (let i = 0; i < 10; i++) {
      await running.deps.db
        .insertInto('notifications')
        .values({ user_id: id, type: 'status_update', title: `Aviso ${i}`, message: `Mensagem longa do condomínio número ${i}. `.repeat(12) })
        .execute();
    }
    const url = `http://127.0.0.1:${running.port}/trpc/notifications.list`;
    const get = (encoding: string | null) => rawGet(url, encoding, { cookie });
    const [br, gzip, plain] = await Promise.all([get('br'), get('gzip'), get(null)]);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(2048);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const expected = plain.body.toString('utf8');
    for (const response of [br, gzip]) {
      expect(decode(response).toString('utf8')).toBe(expected);
      // Compressed whole, in one call: its length is known before it is sent.
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
    }
  });

  it('sends an answer under 1 KB plain, with its length, even to a browser that accepts brotli', async () => {
    const { cookie } = await signedInResident('pequena@teste.com', 4343);
    const response = await rawGet(`http://127.0.0.1:${running.port}/trpc/notifications.list`, 'gzip, deflate, br, zstd', { cookie });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(response.body.toString('utf8')).result.data.json).toBeDefined();
    // A refusal is an adapter answer too: plain, whole, in pt-BR.
    const refused = await rawGet(`http://127.0.0.1:${running.port}/trpc/notifications.list`, 'gzip, deflate, br, zstd');
    expect(refused.status).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString('utf8')).error.json.message).toBe('Não autenticado');
  });
});
