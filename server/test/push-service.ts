import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A local HTTPS server plays the browser's push service: it checks the VAPID
// signature and decrypts the payload (RFC 8291, aes128gcm) with the device's
// keys, written here from the RFC, independently of the web-push package.

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushDevice {
  ecdh: ECDH;
  auth: Buffer;
}

function b64url(buffer: Buffer): string {
  return buffer.toString('base64url');
}

/** A browser's subscription: a P-256 key pair and a 16-byte auth secret. */
export function pushDevice(): PushDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** The keys as the browser hands them to the app. */
export function deviceKeys(device: PushDevice) {
  return { p256dh: b64url(device.ecdh.getPublicKey()), auth: b64url(device.auth) };
}

export function decryptPush(body: Buffer, receiver: PushDevice): string {
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
export function verifyVapid(header: string): { publicKey: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('bad VAPID signature');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { publicKey, claims };
}

/**
 * Starts the local push service on 127.0.0.1 with a throwaway certificate.
 * `trustGlobally` also makes the process's default HTTPS agent trust it, so the
 * app's own `push.send` jobs (which use no custom agent) reach it: a round trip
 * through the queue.
 */
export async function startLocalPushService(options: { trustGlobally?: boolean } = {}) {
  const received: ReceivedPush[] = [];
  /** Paths the push service answers 410 Gone for: devices that unsubscribed. */
  const gone = new Set<string>();
  /** Paths it answers 404 Not Found for: subscriptions it never had or has forgotten. */
  const notFound = new Set<string>();
  const certDir = mkdtempSync(path.join(tmpdir(), 'vz-push-'));
  execFileSync(
    'openssl',
    [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', path.join(certDir, 'key.pem'), '-out', path.join(certDir, 'cert.pem'),
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(certDir, 'cert.pem'));
  const server = https.createServer({ key: readFileSync(path.join(certDir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const url = req.url ?? '';
      res.writeHead(gone.has(url) ? 410 : notFound.has(url) ? 404 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert });
  const globalOptions = https.globalAgent.options as { ca?: unknown };
  const previousCa = globalOptions.ca;
  if (options.trustGlobally) globalOptions.ca = cert;
  return {
    base,
    agent,
    received,
    gone,
    notFound,
    async close() {
      if (options.trustGlobally) globalOptions.ca = previousCa;
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
      rmSync(certDir, { recursive: true, force: true });
    },
  };
}
