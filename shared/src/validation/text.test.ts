import { describe, expect, it } from 'vitest';
import { findControlCharacters, hasControlCharacters } from './text.ts';

describe('control characters', () => {
  it('finds NUL, escape and C1 codes but lets line breaks, tabs and accents through', () => {
    for (const bad of ['a\u0000b', '\u001b[31m', 'x\u007f', '\u0085', '\u0008']) expect(hasControlCharacters(bad)).toBe(true);
    for (const good of ['Bolo de cenoura\ncom cobertura', 'a\tb', 'linha\r\n', 'Ação à vista — ótimo 🎉']) expect(hasControlCharacters(good)).toBe(false);
  });

  it('finds half of a UTF-16 pair alone, at either end or in the middle, but lets whole pairs (emoji) through', () => {
    for (const bad of ['\uD800', 'a\uD83Db', 'fim\uD83D', '\uDE00início', 'x\uDE00\uD83D', '😀\uDFFF']) expect(hasControlCharacters(bad)).toBe(true);
    for (const good of ['😀', 'a😀b', '😀😀', '𝄞 clave']) expect(hasControlCharacters(good)).toBe(false);
  });

  it('names the path of the first bad string, key or value, in nested input', () => {
    expect(findControlCharacters({ title: 'ok', items: [{ note: 'ok' }, { note: 'mal\u0000' }] })).toEqual(['items', 1, 'note']);
    expect(findControlCharacters({ ['chave\u0001']: 1 })).toEqual(['chave\u0001']);
    expect(findControlCharacters({ a: 1, b: [true, null], c: new Date() })).toBeNull();
  });
});
