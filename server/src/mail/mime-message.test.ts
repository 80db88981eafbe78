import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../test/quoted-printable.ts';
import { loadConfig } from '../config.ts';
import { composeMessage, senderAddressOf, senderOf } from './mime-message.ts';

// The app's e-mails are composed here, not by nodemailer's composer: each is read back as a mail
// reader would (headers unfolded, encoded words and quoted-printable bodies decoded) and must say
// exactly what was given, within SMTP's line limits.

/** A header's value unfolded, its RFC 2047 words (UTF-8, Q or B) decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** Splits a message (CRLF) into its headers (by lower-case name) and its body. */
function parse(text: string): { headers: Map<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of text.slice(0, end).split(/\r\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: text.slice(end + 4) };
}

const sender = senderOf('Vizinhança <nao-responda@vizinhanca.app>');
const date = new Date('2026-11-28T13:05:09Z');
const text = 'Olá, Carla Teixeira!\n\nIsabela quer alugar "Cadeira de praia nº 2268" de 30/01/2027 a 30/01/2027. 1 + 1 = 2, com 50% de desconto.   \n\n' + 'Uma linha bem longa '.repeat(12) + '\n--\nResidencial Jardim das Flores · Vizinhança';
const html = '<!doctype html><html lang="pt-BR"><body><p>Olá, Carla!</p><p><a href="http://localhost:3000/gerenciar-pedidos?aba=pendentes&x=1">Abrir no Vizinhança</a></p></body></html>';

describe('a composed e-mail', () => {
  it('carries the text and its HTML version as alternatives, each read back exactly, in lines SMTP accepts', () => {
    const message = composeMessage(sender, { to: 'carla@example.com', subject: 'Residencial Jardim das Flores: Novo pedido de aluguel de Isabela Barbosa (Cadeira de praia nº 2268)', text, html, messageId: 'abc123@vizinhanca.app', date }).toString('utf8');

    // CRLF everywhere, no line over 78 characters (RFC 5322's recommended limit; quoted-printable's is 76).
    expect(message.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of message.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect([...message].every((char) => char.charCodeAt(0) < 128)).toBe(true);

    const { headers, body } = parse(message);
    expect(decodeHeader(headers.get('from')!)).toBe('Vizinhança <nao-responda@vizinhanca.app>');
    expect(headers.get('to')).toBe('carla@example.com');
    expect(decodeHeader(headers.get('subject')!)).toBe('Residencial Jardim das Flores: Novo pedido de aluguel de Isabela Barbosa (Cadeira de praia nº 2268)');
    expect(headers.get('message-id')).toBe('<abc123@vizinhanca.app>');
    expect(headers.get('date')).toBe('Sat, 28 Nov 2026 13:05:09 +0000');
    expect(headers.get('mime-version')).toBe('1.0');
    const boundary = /^multipart\/alternative;\s+boundary="([^"]+)"$/.exec(headers.get('content-type')!.replace(/\r\n/g, ''))![1]!;

    const parts = body.split(`--${boundary}`);
    expect(parts[0]).toBe('');
    expect(parts[3]).toBe('--\r\n');
    const [plain, rich] = [parse(parts[1]!.replace(/^\r\n/, '')), parse(parts[2]!.replace(/^\r\n/, ''))];
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(plain.headers.get('content-transfer-encoding')).toBe('quoted-printable');
    expect(decodeQuotedPrintable(plain.body.replace(/\r\n$/, '')).replace(/\r\n/g, '\n')).toBe(text);
    expect(rich.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(decodeQuotedPrintable(rich.body.replace(/\r\n$/, ''))).toBe(html);
  });

  it('is the text alone when there is no HTML version, and keeps ASCII headers as they are', () => {
    const message = composeMessage(sender, { to: 'ana@example.com', subject: 'Uma vez', text: 'Primeira', messageId: 'k@vizinhanca.app', date }).toString('utf8');
    const { headers, body } = parse(message);
    expect(headers.get('subject')).toBe('Uma vez');
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(headers.get('content-transfer-encoding')).toBe('quoted-printable');
    expect(body).toBe('Primeira');
  });

  it('keeps a line break in a subject from starting a header of its own', () => {
    const message = composeMessage(sender, { to: 'ana@example.com', subject: 'Oi\r\nBcc: alguem@example.com\nX-Outro: 1', text: 'x', messageId: 'k@vizinhanca.app', date }).toString('utf8');
    const { headers } = parse(message);
    expect(headers.has('bcc')).toBe(false);
    expect(headers.has('x-outro')).toBe(false);
    expect(headers.get('subject')).toBe('Oi Bcc: alguem@example.com X-Outro: 1');
  });

  it('ends lines in LF alone for the outbox, with the same content', () => {
    const parts = { to: 'carla@example.com', subject: 'Novo pedido', text, html, messageId: 'abc@vizinhanca.app', date };
    const lf = composeMessage(sender, parts, 'lf').toString('utf8');
    expect(lf).not.toContain('\r');
    const crlf = composeMessage(sender, parts).toString('utf8');
    const boundaryOf = (message: string) => /boundary="([^"]+)"/.exec(message)![1]!;
    expect(lf.replaceAll(boundaryOf(lf), 'B')).toBe(crlf.replaceAll(boundaryOf(crlf), 'B').replace(/\r\n/g, '\n'));
  });
});

describe('the sender (MAIL_FROM)', () => {
  it('is a name with an address, or a bare address, its name quoted or encoded when it must be', () => {
    expect(senderOf('nao-responda@vizinhanca.app')).toEqual({ header: 'From: nao-responda@vizinhanca.app', address: 'nao-responda@vizinhanca.app' });
    expect(senderOf('Portaria Central <portaria@condominio.com.br>')).toEqual({ header: 'From: Portaria Central <portaria@condominio.com.br>', address: 'portaria@condominio.com.br' });
    expect(senderOf('"Jardim, Bloco A" <a@condominio.com.br>').header).toBe('From: "Jardim, Bloco A" <a@condominio.com.br>');
    expect(decodeHeader(senderOf('Vizinhança <nao-responda@vizinhanca.app>').header)).toBe('From: Vizinhança <nao-responda@vizinhanca.app>');
  });

  it('must name an address: the configuration refuses one without, in pt-BR', () => {
    expect(senderAddressOf('Vizinhança')).toBeNull();
    expect(senderAddressOf('')).toBeNull();
    expect(() => loadConfig({ MAIL_FROM: 'Vizinhança' })).toThrow(/MAIL_FROM: use um endereço de e-mail/);
    expect(loadConfig({ MAIL_FROM: 'Vizinhança <oi@exemplo.com.br>' }).MAIL_FROM).toBe('Vizinhança <oi@exemplo.com.br>');
  });
});
