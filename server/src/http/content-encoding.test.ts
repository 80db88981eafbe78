import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeText, preferredEncoding } from './content-encoding.ts';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'], // Chromium
    ['gzip, deflate', 'gzip'], // fetch in Node
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'br'], // brotli whenever it is accepted at all
    ['gzip;q=0', null],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate, *;q=0', null],
    ['brotli, xgzip', null], // names, not substrings
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
    // Asked again: the header's kept parse.
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('keeps each header apart, however many clients send', () => {
    for (let i = 0; i < 250; i++) {
      expect(preferredEncoding(`gzip;q=0.${i % 10}, x-${i}`)).toBe(i % 10 === 0 ? null : 'gzip');
      expect(preferredEncoding(`br;q=0, gzip;q=0, x-${i}`)).toBeNull();
      expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    }
  });
});

describe('encodeText', () => {
  it('round-trips pt-BR text in both encodings', () => {
    const text = JSON.stringify({ title: 'Bolo de cenoura com cobertura de chocolate, pedaço', price: 'R$ 12,00' }).repeat(40);
    expect(brotliDecompressSync(encodeText(text, 'br')).toString('utf8')).toBe(text);
    expect(gunzipSync(encodeText(text, 'gzip')).toString('utf8')).toBe(text);
  });
});
