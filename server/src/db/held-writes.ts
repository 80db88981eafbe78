// Writes whose results nobody reads (a live event, a delivery job, an audit entry, a new
// notification) are held inside their transaction and sent to Postgres together, as one
// statement, just before the transaction's next statement or its commit. A reservation made
// five such writes, each a round trip the app paid for in CPU (sending, reading, parsing); held,
// they cost one. database.ts holds them per connection; this module is the pure part: which
// texts can be held, and how several become one statement.

/**
 * Marks a statement to hold: database.ts's `writeLater` adds it after the statement's values, the
 * pool's clients take it off (a value, not text added to the statement: the text stays the
 * template's own string, whose hash V8 keeps for the maps that look it up).
 */
export const HELD_PARAMETER: object = Object.freeze({ held: true });

/** Whether these values end with the mark. */
export function isMarkedHeld(values: readonly unknown[] | undefined): values is unknown[] {
  return values !== undefined && values.length > 0 && values[values.length - 1] === HELD_PARAMETER;
}

/** A statement cut at its parameters: `pieces[i]`, then parameter `numbers[i]`, ..., then the last piece. */
interface CutText {
  pieces: string[];
  numbers: number[];
}

/**
 * Where a text's parameters ($1, $2...) are, outside quoted strings, quoted names and comments;
 * null for a text this reader does not follow (dollar quotes, E'' strings, an unclosed quote).
 */
export function cutAtParameters(text: string): CutText | null {
  const pieces: string[] = [];
  const numbers: number[] = [];
  let pieceStart = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "'" || char === '"') {
      if (char === "'" && /[eE]/.test(text[i - 1] ?? '') && !/[\w$]/.test(text[i - 2] ?? '')) return null;
      const end = closingQuote(text, i);
      if (end < 0) return null;
      i = end + 1;
    } else if (char === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return null;
      i = end + 2;
    } else if (char === '$' && /[\w$]/.test(text[i - 1] ?? '')) {
      // Part of a name (col$1): names may hold a $ after their first character.
      i += 1;
    } else if (char === '$') {
      const digits = /^\d+/.exec(text.slice(i + 1, i + 12));
      // A $ not followed by digits opens a dollar-quoted string: not read here.
      if (!digits) return null;
      pieces.push(text.slice(pieceStart, i));
      numbers.push(Number(digits[0]));
      i += 1 + digits[0].length;
      pieceStart = i;
    } else {
      i += 1;
    }
  }
  pieces.push(text.slice(pieceStart));
  return { pieces, numbers };
}

/** The index of the quote that closes the one at `start` (a doubled quote is part of the text), or -1. */
function closingQuote(text: string, start: number): number {
  const quote = text[start]!;
  let i = start + 1;
  for (;;) {
    const next = text.indexOf(quote, i);
    if (next < 0) return -1;
    if (text[next + 1] !== quote) return next;
    i = next + 2;
  }
}

/** A held write: its text (one INSERT, see `isHoldable`) and its values. */
export interface HeldWrite {
  text: string;
  values: readonly unknown[];
}

const cuts = new Map<string, CutText | null>();
/** Texts come from code, a handful per write; the bound only stops a mistake from growing the map. */
const MAX_CUTS = 500;

function cutOf(text: string): CutText | null {
  let cut = cuts.get(text);
  if (cut === undefined) {
    cut = /^\s*insert\s/i.test(text) ? cutAtParameters(text.replace(/[\s;]+$/, '')) : null;
    if (cuts.size < MAX_CUTS) cuts.set(text, cut);
  }
  return cut;
}

/**
 * Whether a text can be held: one INSERT (it can be a WITH clause of another statement) whose
 * parameters this module can renumber.
 */
export function isHoldable(text: string): boolean {
  return cutOf(text) !== null;
}

/** Held writes sent in one statement at most: their texts grow the statement Postgres parses, and its parameters are bounded (65,535). */
export const MAX_WRITES_PER_STATEMENT = 32;
const MAX_PARAMETERS_PER_STATEMENT = 30_000;

/**
 * Held writes, in the order they were made, as statements of several writes each (usually one).
 * Postgres runs a statement's primary part first and its data-modifying WITH clauses after it,
 * from the last written to the first: so the first write is the primary, the others are WITH
 * clauses in reverse, and the writes run in the order they were made (an event's id, a
 * sequence's next value, the first of two writes of the same key under ON CONFLICT DO NOTHING
 * as if sent one by one). held-writes.test.ts checks that order against Postgres.
 */
export function combineWrites(writes: readonly HeldWrite[]): HeldWrite[] {
  const statements: HeldWrite[] = [];
  let group: HeldWrite[] = [];
  let parameters = 0;
  for (const write of writes) {
    if (group.length === MAX_WRITES_PER_STATEMENT || (group.length > 0 && parameters + write.values.length > MAX_PARAMETERS_PER_STATEMENT)) {
      statements.push(oneStatement(group));
      group = [];
      parameters = 0;
    }
    group.push(write);
    parameters += write.values.length;
  }
  if (group.length) statements.push(oneStatement(group));
  return statements;
}

function oneStatement(writes: readonly HeldWrite[]): HeldWrite {
  if (writes.length === 1) return writes[0]!;
  return { text: combinedText(writes), values: writes.flatMap((write) => write.values) };
}

/** Combined texts by the sequence of texts they combine: a request makes the same writes in the same order every time. */
interface CombinedNode {
  text: string | undefined;
  next: Map<string, CombinedNode>;
}
const combinedTexts: CombinedNode = { text: undefined, next: new Map() };
let combinedNodes = 0;
/** A few sequences per kind of request; the bound only stops a mistake from growing the tree. */
const MAX_COMBINED_NODES = 2000;

/** The one statement's text, made once per sequence of texts (the same string each time, so its name is looked up by a kept hash). */
function combinedText(writes: readonly HeldWrite[]): string {
  let node = combinedTexts;
  for (const write of writes) {
    let next = node.next.get(write.text);
    if (!next) {
      if (combinedNodes >= MAX_COMBINED_NODES) return writeCombinedText(writes);
      next = { text: undefined, next: new Map() };
      node.next.set(write.text, next);
      combinedNodes += 1;
    }
    node = next;
  }
  return (node.text ??= writeCombinedText(writes));
}

function writeCombinedText(writes: readonly HeldWrite[]): string {
  let offset = 0;
  const texts = writes.map((write) => {
    const cut = cutOf(write.text);
    if (!cut) throw new Error('a held write that cannot be combined: writeLater holds only what isHoldable accepts');
    let text = cut.pieces[0]!;
    for (const [i, number] of cut.numbers.entries()) text += `$${number + offset}${cut.pieces[i + 1]}`;
    offset += write.values.length;
    return text.trim();
  });
  const clauses = texts
    .slice(1)
    .map((text, i) => `held_${i + 2} AS (${text})`)
    .reverse();
  return `WITH ${clauses.join(', ')} ${texts[0]}`;
}
