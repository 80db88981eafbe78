import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { timestamptzParser } from './timestamp-text.ts';

// pg's own parser (postgres-date): the app replaces it for timestamptz only, so the one pg-types
// registers for timestamp without time zone is the same function, untouched.
const pgParser = pg.types.getTypeParser(1114, 'text') as (text: string) => unknown;
const parse = timestamptzParser(pgParser);

/** What the parser gives for `text`, as a number or text that compares exactly (a Date, Infinity, null). */
const read = (value: unknown) => (value instanceof Date ? value.getTime() : value);

/** A deterministic sequence (no test depends on the machine's clock or luck). */
function* pseudoRandom(seed: number) {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

describe('the timestamptz text parser', () => {
  it('reads what a UTC session writes the same as pg does, to the millisecond, for every fraction length', () => {
    const random = pseudoRandom(7);
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    for (let i = 0; i < 20_000; i++) {
      const at = () => random.next().value!;
      const year = 1000 + Math.floor(at() * 9000);
      const fractionDigits = Math.floor(at() * 7);
      const fraction = fractionDigits === 0 ? '' : `.${pad(Math.floor(at() * 10 ** fractionDigits), fractionDigits)}`;
      const text = `${pad(year, 4)}-${pad(1 + Math.floor(at() * 12), 2)}-${pad(1 + Math.floor(at() * 28), 2)} ${pad(Math.floor(at() * 24), 2)}:${pad(Math.floor(at() * 60), 2)}:${pad(Math.floor(at() * 60), 2)}${fraction}+00`;
      expect(read(parse(text)), text).toBe(read(pgParser(text)));
    }
    expect(parse('2026-11-29 14:44:51.014+00')).toEqual(new Date('2026-11-29T14:44:51.014Z'));
    expect(parse('2026-11-29 14:44:51.1+00')).toEqual(new Date('2026-11-29T14:44:51.100Z'));
    expect(parse('2026-11-29 14:44:51.999999+00')).toEqual(new Date('2026-11-29T14:44:51.999Z'));
    expect(parse('2026-11-29 14:44:51+00')).toEqual(new Date('2026-11-29T14:44:51.000Z'));
  });

  it("hands every other form to pg's parser, with its result", () => {
    const handed: string[] = [];
    const spy = timestamptzParser((text) => {
      handed.push(text);
      return pgParser(text);
    });
    const others = [
      '2026-11-29 11:44:51.014-03',
      '2026-11-29 20:14:51+05:30',
      'infinity',
      '-infinity',
      '0099-01-01 00:00:00+00',
      '0001-01-01 00:00:00+00 BC',
      '12026-11-29 14:44:51+00',
      '2026-11-29 14:44:51.+00',
      '2026-11-29 14:44:51.01a+00',
      '2026-11-29 14:44:51.0123a5+00',
      '2026-11-29T14:44:51+00',
      '2026-11-29 14:44:61+00',
      '2026-13-29 14:44:51+00',
      '2026-11-29 14:44:51',
      '2026-11-29',
    ];
    for (const text of others) expect(read(spy(text)), text).toEqual(read(pgParser(text)));
    expect(handed).toEqual(others);
  });
});
