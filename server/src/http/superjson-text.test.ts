// The feed's and the search's answers are written by superjsonText instead of
// JSON.stringify(superjson.serialize(...)): the client reads them with superjson, so the text
// must be the same, character for character, for every value (the fallback included).
import superjson from 'superjson';
import { describe, expect, it, vi } from 'vitest';
import { superjsonText, writtenBy } from './superjson-text.ts';

const same = (value: unknown) => expect(superjsonText(value)).toBe(JSON.stringify(superjson.serialize(value)));

describe('superjsonText', () => {
  it('writes what superjson writes for pages of rows with dates, nulls, nested objects and arrays', () => {
    const item = (i: number) => ({
      id: `id-${i}`,
      title: `Furadeira "${i}" — ação\n\u2028`,
      priceCents: 1500 + i,
      ratio: i / 3,
      photos: [{ url: `/img/${i}`, width: 800, height: 600 }],
      tags: ['ferramenta', 'casa'],
      owner: { id: `o-${i}`, fullName: 'Ana Souza', rating: { average: i % 2 ? 4.5 : null, count: i } },
      available: i % 2 === 0,
      publishedAt: new Date(Date.UTC(2026, 10, 20, 12, i)),
      expiresAt: new Date(Date.UTC(2026, 11, 20, 12, i, 0, 7)),
      nothing: null,
    });
    same({ items: Array.from({ length: 20 }, (_, i) => item(i)), nextCursor: 'id-19' });
    same({ items: [], nextCursor: null });
    same([{ at: new Date(0) }, [new Date(1), [new Date(2)]]]);
    same({ 'chave com espaço': 1, '': 2, 'ünï': { deep: { er: new Date(5) } } });
    same('texto');
    same(42);
    same(null);
    same(Object.assign(Object.create(null) as object, { a: 1, b: new Date(3) }));
  });

  it('leaves to superjson what it writes with more than plain JSON, the same text', () => {
    const shared = new Date(9);
    const sharedObject = { a: 1 };
    for (const value of [
      { undefinedField: undefined, b: 1 },
      { at: new Date(Number.NaN) },
      { n: Number.NaN, i: Infinity, z: -0 },
      { big: 10n },
      { map: new Map([['a', new Date(1)]]), set: new Set([1]) },
      { 'a.b': new Date(1), 'c\\d': 2 },
      { p: shared, q: shared },
      { p: sharedObject, q: sharedObject },
      [1, undefined, 3],
      new Date(4),
      undefined,
      { re: /x/g, err: new Error('falhou') },
      { u: new URL('https://exemplo.com.br/') },
      { f: () => 1, b: 2 },
      { own: { toJSON: () => 'outro' } },
      { at: Object.assign(new Date(6), { toJSON: () => 'outro' }) },
      { sparse: new Array<number>(3).fill(1, 0, 1) },
      { s: Symbol('x') },
    ]) {
      same(value);
    }
  });

  it("writes a value marked with writtenBy by its writer, and leaves it to the walk when the writer gives null", () => {
    const known = { at: new Date(1) };
    const writer = vi.fn((value: typeof known) => `escrito ${value.at.getTime()}`);
    expect(superjsonText(writtenBy(known, writer))).toBe('escrito 1');
    expect(writer).toHaveBeenCalledWith(known);
    // Marking is by identity: a copy is walked.
    same({ ...known });
    const declined = writtenBy({ at: new Date(2) }, () => null);
    same(declined);
  });
});
