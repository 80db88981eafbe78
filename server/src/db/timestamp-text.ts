/**
 * A `timestamptz` as Postgres writes it for a session in UTC ('2026-11-29 14:44:51.014+00', up
 * to six fraction digits), read without regular expressions: every other form (another offset,
 * a year outside 1000-9999, BC, infinity, anything unexpected) goes to `fallback`, pg's own
 * parser, which gives the same Date for this form too. A page of listings carries two per row,
 * and pg's parser cost about 1 µs each.
 */
export function timestamptzParser(fallback: (text: string) => unknown): (text: string) => unknown {
  return (text) => {
    const length = text.length;
    // 'YYYY-MM-DD HH:MM:SS+00' is 22 characters; a fraction adds a dot and 1 to 6 digits.
    if (length < 22 || length > 29 || length === 23 || !text.endsWith('+00')) return fallback(text);
    if (text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH || text.charCodeAt(10) !== SPACE || text.charCodeAt(13) !== COLON || text.charCodeAt(16) !== COLON) return fallback(text);
    const year = digits(text, 0, 4);
    const month = digits(text, 5, 7);
    const day = digits(text, 8, 10);
    const hour = digits(text, 11, 13);
    const minute = digits(text, 14, 16);
    const second = digits(text, 17, 19);
    let milliseconds = 0;
    if (length > 22) {
      if (text.charCodeAt(19) !== DOT) return fallback(text);
      // The first three fraction digits, as many as there are: '.1' is 100 ms, '.123456' is 123 (pg drops the rest too).
      const fractionEnd = length - 3;
      milliseconds = digits(text, 20, Math.min(fractionEnd, 23));
      for (let i = fractionEnd; i < 23; i++) milliseconds *= 10;
      if (fractionEnd > 23 && digits(text, 23, fractionEnd) < 0) return fallback(text);
    } else if (text.charCodeAt(19) !== PLUS) {
      return fallback(text);
    }
    if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || milliseconds < 0) return fallback(text);
    return new Date(Date.UTC(year, month - 1, day, hour, minute, second, milliseconds));
  };
}

const DASH = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;
const PLUS = 43;
const ZERO = 48;

/** The number written by text[start, end), or -1 when one of them is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}
