import { randomBytes } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord, encodeWords, foldLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import { encode as encodeQuotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';

// The app's e-mails have one shape: a sender, one recipient, a subject, plain text and its HTML
// version. Built here as one string, with nodemailer's encoders (quoted-printable bodies, RFC 2047
// words for headers that are not ASCII): nodemailer's composer built the same message through a tree
// of nodes and streams, which cost about 0.7 ms of CPU a message, more than the rest of a delivery.

export interface MessageParts {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `id@domain`: the header writes it between angle brackets. */
  messageId: string;
  date: Date;
}

/** The sender as MAIL_FROM names it, read once: its header value and the bare address (the SMTP envelope's). */
export interface Sender {
  header: string;
  address: string;
}

/** MAIL_FROM's first address (`Name <address>` or a bare address), or null when it names none. */
export function senderAddressOf(mailFrom: string): { name: string; address: string } | null {
  const [first] = addressparser(mailFrom, { flatten: true });
  return first?.address?.includes('@') ? first : null;
}

/** Reads MAIL_FROM, which the configuration checked (senderAddressOf). */
export function senderOf(mailFrom: string): Sender {
  const sender = senderAddressOf(mailFrom);
  if (!sender) throw new Error(`MAIL_FROM has no address: ${mailFrom}`);
  return { header: foldLines(`From: ${addressHeader(sender.name, sender.address)}`, 76), address: sender.address };
}

/** A display name as a header may carry it: bare when plain, quoted when ASCII with specials, else an encoded word. */
function addressHeader(name: string, address: string): string {
  if (!name) return address;
  if (/^[\w ]*$/.test(name)) return `${name} <${address}>`;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/([\\"])/g, '\\$1')}" <${address}>`;
  return `${encodeWord(name, 'Q', 52)} <${address}>`;
}

/** A header's value on one line (a line break would start a header of the sender's choosing), as it is when plain ASCII, else encoded words; folded at 76 characters. */
function header(name: string, value: string): string {
  const oneLine = value.replace(/\r\n|\r|\n/g, ' ');
  const encoded = isPlainText(oneLine) ? oneLine : encodeWords(oneLine, 'Q', 52);
  return foldLines(`${name}: ${encoded}`, 76);
}

/** A body part: UTF-8, quoted-printable, lines of at most 76 characters. */
function part(contentType: string, body: string): string {
  // The encoder keeps the text's own line breaks (LF) and wraps with CRLF: every break becomes CRLF.
  const encoded = wrapQuotedPrintable(encodeQuotedPrintable(Buffer.from(body, 'utf8')), 76).replace(/\r?\n|\r/g, '\r\n');
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${encoded}`;
}

/** The date as RFC 5322 writes it, in UTC: `Tue, 01 Dec 2026 14:57:31 +0000`. */
function dateHeader(date: Date): string {
  return `Date: ${date.toUTCString().replace(/GMT$/, '+0000')}`;
}

/**
 * The whole message, lines ended by CRLF as SMTP carries them (`newline: 'lf'` for the outbox's files).
 * With an HTML version, a multipart/alternative of the text, then the HTML; without, the text alone.
 */
export function composeMessage(sender: Sender, message: MessageParts, newline: 'crlf' | 'lf' = 'crlf'): Buffer {
  const headers = [
    sender.header,
    header('To', message.to),
    header('Subject', message.subject),
    `Message-ID: <${message.messageId}>`,
    dateHeader(message.date),
    'MIME-Version: 1.0',
  ];
  let body: string;
  if (message.html === undefined) {
    body = `${headers.join('\r\n')}\r\n${part('text/plain', message.text)}`;
  } else {
    // Random, so no body holds it by chance.
    const boundary = `--_vz_${randomBytes(12).toString('hex')}`;
    body =
      `${headers.join('\r\n')}\r\nContent-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n` +
      `--${boundary}\r\n${part('text/plain', message.text)}\r\n` +
      `--${boundary}\r\n${part('text/html', message.html)}\r\n` +
      `--${boundary}--\r\n`;
  }
  return Buffer.from(newline === 'lf' ? body.replace(/\r\n/g, '\n') : body, 'utf8');
}
