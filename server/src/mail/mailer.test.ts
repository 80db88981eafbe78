import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { collectingLogger } from '../../test/log-lines.ts';
import { loadConfig } from '../config.ts';
import { createMailer, createSmtpTransport } from './mailer.ts';

// Without SMTP each message is a file in $DATA_DIR/outbox; the folder is made when a write finds it missing.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vz-mailer-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the outbox mailer', () => {
  it('creates the outbox on the first message, and again when it was removed between two messages', async () => {
    const { SMTP_URL: _smtp, ...env } = process.env;
    const mailer = createMailer(loadConfig({ ...env, DATA_DIR: dataDir }), pino({ level: 'silent' }));
    const outbox = mailer.outboxDir!;
    expect(outbox).toBe(path.join(dataDir, 'outbox'));

    await mailer.send({ to: 'ana@example.com', subject: 'Novo pedido recebido', text: 'Primeira', idempotencyKey: 'first' });
    expect(readdirSync(outbox)).toHaveLength(1);

    rmSync(outbox, { recursive: true });
    await mailer.send({ to: 'ana@example.com', subject: 'Novo pedido recebido', text: 'Segunda', idempotencyKey: 'second' });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(outbox, files[0]!), 'utf8')).toContain('Segunda');

    // The same key again (a retried job) writes the same file, not a second one.
    await mailer.send({ to: 'ana@example.com', subject: 'Novo pedido recebido', text: 'Segunda', idempotencyKey: 'second' });
    expect(readdirSync(outbox)).toEqual(files);
  });
});

describe('the SMTP transport', () => {
  it("logs an 'error' it emits (a kept connection failing between messages) instead of ending the process", () => {
    const { logger, lines } = collectingLogger('warn');
    // Nothing connects before a message is sent: the port is never reached.
    const transport = createSmtpTransport('smtp://127.0.0.1:1', logger);
    try {
      // An 'error' no listener takes is thrown by the emitter: in the app, from a socket's callback, it would end the process.
      expect(() => transport.emit('error', new Error('connection reset by the SMTP server'))).not.toThrow();
      expect(lines).toEqual([expect.objectContaining({ msg: 'SMTP transport error', err: expect.objectContaining({ message: 'connection reset by the SMTP server' }) })]);
    } finally {
      transport.close();
    }
  });
});
