import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { emails } from '../observability/metrics.ts';
import { composeMessage, senderOf } from './mime-message.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sending the same key again (a retried job) makes the same message: same Message-ID, same outbox file. */
  idempotencyKey?: string;
}

function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where messages go when there is no SMTP server: one .eml file per message. */
  outboxDir: string | null;
  /** Ends the SMTP connections kept open for the next messages (the app's stop). */
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in $DATA_DIR/outbox. Sent and failed are counted. */
export function createMailer(config: Config, logger: Logger): Mailer {
  const mailer = createTransportMailer(config, logger);
  return {
    outboxDir: mailer.outboxDir,
    close: () => mailer.close(),
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        emails.inc({ result: 'failed' });
        throw error;
      }
      emails.inc({ result: 'sent' });
    },
  };
}

function createTransportMailer(config: Config, logger: Logger): Mailer {
  const sender = senderOf(config.MAIL_FROM);
  const domain = sender.address.slice(sender.address.lastIndexOf('@') + 1);
  // A retried job's message (same key) keeps its Message-ID: receivers drop the second copy.
  const compose = (message: MailMessage, newline: 'crlf' | 'lf') =>
    composeMessage(sender, { ...message, messageId: `${message.idempotencyKey ? keyHash(message.idempotencyKey) : randomBytes(16).toString('hex')}@${domain}`, date: new Date() }, newline);
  if (config.SMTP_URL) {
    const transport = createSmtpTransport(config.SMTP_URL, logger);
    return {
      outboxDir: null,
      close: () => transport.close(),
      async send(message) {
        await transport.sendMail({ envelope: { from: sender.address, to: [message.to] }, raw: compose(message, 'crlf') });
        logger.info({ to: message.to, subject: message.subject }, 'e-mail sent');
      },
    };
  }
  const outboxDir = path.join(config.dataDir, 'outbox');
  return {
    outboxDir,
    close: () => {},
    async send(message) {
      const name = message.idempotencyKey ? keyHash(message.idempotencyKey) : `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const file = path.join(outboxDir, `${name}.eml`);
      // Lines end in LF in the outbox's files, as they did when nodemailer wrote them.
      await writeCreatingFolder(outboxDir, file, compose(message, 'lf'));
      logger.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the outbox');
    },
  };
}

/**
 * Connections kept for the next messages (at most 5, nodemailer's pool): one per message cost a TCP
 * and a TLS handshake and a login each, and providers limit how often a sender connects.
 * `pool=false` in SMTP_URL opens one per message again.
 */
export function createSmtpTransport(smtpUrl: string, logger: Logger) {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true });
  // A kept connection that fails between messages is the pool's to replace; an 'error' nobody listened to would end the process.
  transport.on('error', (error) => logger.warn({ err: error }, 'SMTP transport error'));
  return transport;
}

/**
 * Writes the file, creating its folder when it is missing (the first message, or the folder
 * removed meanwhile): a recursive mkdir before every message cost more CPU than writing it.
 */
async function writeCreatingFolder(folder: string, file: string, content: Buffer): Promise<void> {
  try {
    await fs.writeFile(file, content);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(file, content);
  }
}

/** Sends without failing the caller: the state change already happened, a mail outage must not undo it. */
export function sendInBackground(mailer: Mailer, logger: Logger, message: MailMessage): void {
  mailer.send(message).catch((error: unknown) => logger.error({ err: error, to: message.to }, 'e-mail failed'));
}
