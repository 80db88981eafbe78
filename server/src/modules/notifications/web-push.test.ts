import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { upsertPushSubscription } from './notifications.repository.ts';
import { sendPush, vapidKeys } from './web-push.ts';

// A local HTTPS server plays the browser's push service: it checks the VAPID
// signature and decrypts the payload (RFC 8291, aes128gcm) with the device's
// keys, written here from the RFC, independently of the web-push package.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let app: TestApp;
let user: TestUser;
let server: https.Server;
let agent: https.Agent;
let base: string;
let certDir: string;
const received: Received[] = [];
/** Paths the push service answers 410 Gone for: devices that unsubscribed. */
const gone = new Set<string>();

function b64url(buffer: Buffer): string {
  return buffer.toString('base64url');
}

/** A browser's subscription: a P-256 key pair and a 16-byte auth secret. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

function decrypt(body: Buffer, receiver: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = receiver.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID JWT (ES256) against the public key sent in the same header. */
function verifyVapid(header: string, endpointOrigin: string): { publicKey: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('bad VAPID signature');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  expect(claims.aud).toBe(endpointOrigin);
  return { publicKey, claims };
}

beforeAll(async () => {
  app = await createTestApp();
  user = await app.createUser();
  certDir = mkdtempSync(path.join(tmpdir(), 'vz-push-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', path.join(certDir, 'key.pem'), '-out', path.join(certDir, 'cert.pem'),
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  const cert = readFileSync(path.join(certDir, 'cert.pem'));
  server = https.createServer({ key: readFileSync(path.join(certDir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(gone.has(req.url ?? '') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent = new https.Agent({ ca: cert });
});

afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(certDir, { recursive: true, force: true });
  await app.close();
});

async function subscribe(pathname: string, keys: ReturnType<typeof device>) {
  await upsertPushSubscription(app.db, user.id, { endpoint: `${base}${pathname}`, keys: { p256dh: b64url(keys.ecdh.getPublicKey()), auth: b64url(keys.auth) } });
  return app.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('endpoint', '=', `${base}${pathname}`).executeTakeFirstOrThrow();
}

describe('web push', () => {
  it('encrypts the payload for the device and signs with the deployment VAPID key', async () => {
    const phone = device();
    const subscription = await subscribe('/push/celular', phone);
    const payload = { title: 'Pedido aprovado! 🎉', body: 'Seu pedido de "Furadeira" foi aprovado.', url: '/meus-pedidos?aba=ativos', tag: 'n-1' };
    await expect(sendPush(app.deps, subscription, payload, { agent })).resolves.toBe('sent');

    const request = received.at(-1)!;
    expect(request.path).toBe('/push/celular');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(decrypt(request.body, phone))).toEqual(payload);
    const vapid = verifyVapid(String(request.headers.authorization), base);
    expect(vapid.publicKey).toBe((await vapidKeys(app.deps)).publicKey);
    expect(String(vapid.claims.sub)).toMatch(/^mailto:/);
  });

  it('removes a subscription the push service no longer knows (410), and keeps the others', async () => {
    const old = await subscribe('/push/antigo', device());
    const current = await subscribe('/push/atual', device());
    gone.add('/push/antigo');
    await expect(sendPush(app.deps, old, { title: 'T', body: 'M', url: '/', tag: 'x' }, { agent })).resolves.toBe('gone');
    await expect(sendPush(app.deps, current, { title: 'T', body: 'M', url: '/', tag: 'x' }, { agent })).resolves.toBe('sent');
    const endpoints = await app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute();
    expect(endpoints.map((row) => row.endpoint)).not.toContain(`${base}/push/antigo`);
    expect(endpoints.map((row) => row.endpoint)).toContain(`${base}/push/atual`);
  });
});
