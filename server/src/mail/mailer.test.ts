import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer } from './mailer.ts';

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
