import superjson from 'superjson';
import { listListingsSchema, type ListListingsFields } from '@vizinhanca/shared/listings/listing.schema';
import { findControlCharacters } from '@vizinhanca/shared/validation/text';
import type { Envelope } from '../modules/listings/feed-cache.ts';


/** How many parsed feed inputs a reader keeps (all of them dropped when full: the feed's shapes a condominium asks for are far fewer). */
const PARSED_INPUTS_KEPT = 1000;
/** The longest query text kept parsed: a feed page's input is about 300 characters. */
const PARSED_INPUT_MAX_LENGTH = 1000;

/** The cursor as a client writes it into the input's text; in a text without escapes a match can only be a key and its string value. */
const CURSOR_FIELD = /"cursor":"([^"]*)"/g;
/** Stands in for a text's cursor in a kept parse: a valid uuid that no text holding it may use (no listing has it either). */
export const CURSOR_STAND_IN = '00000000-0000-4000-8000-000000000000';
/** The input schema's own cursor field, so a cursor put in a kept parse is checked as the whole parse checks it. */
const cursorField = listListingsSchema.shape.cursor;

/**
 * The feed's input from a GET's query text as the procedure reads it: JSON, superjson, no control
 * characters (as checkedCall refuses them, trpc.ts), the input schema; null for anything tRPC should answer
 * itself (a refusal in pt-BR, or its error for a text that is not its input).
 */
export function parseFeedInput(text: string, envelope: Envelope): ListListingsFields | null {
  try {
    const sent = JSON.parse(text) as Record<string, unknown>;
    if (envelope === 'batch' && Object.keys(sent).length !== 1) return null;
    const rawInput: unknown = superjson.deserialize((envelope === 'batch' ? sent['0'] : sent) as never);
    if (findControlCharacters(rawInput)) return null;
    const parsed = listListingsSchema.safeParse(rawInput);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The text with its cursor's value replaced by CURSOR_STAND_IN, and that value; null unless the
 * text has no escape (so every `"` delimits a string and the match is the one key named cursor),
 * exactly one such key, and no CURSOR_STAND_IN of its own.
 */
export function withCursorStandIn(text: string): { text: string; cursor: string } | null {
  if (text.includes('\\') || text.includes(CURSOR_STAND_IN)) return null;
  const found = [...text.matchAll(CURSOR_FIELD)];
  if (found.length !== 1) return null;
  const match = found[0]!;
  const start = match.index + '"cursor":"'.length;
  return { text: `${text.slice(0, start)}${CURSOR_STAND_IN}${text.slice(start + match[1]!.length)}`, cursor: match[1]! };
}

/**
 * parseFeedInput with the parses of feed pages kept, by envelope and text. A page after a cursor is
 * kept as its text with the cursor stood in for (pages of one shape differ only there), and answered
 * as that parse with the cursor, checked by the schema's cursor field, in the stand-in's place: what
 * the whole parse gives, since the text differs from the kept one only inside that one string, which
 * the parse carried to the input's cursor untouched (the stand-in came out there, and the cursor
 * field passes a uuid through as it is). Anything else (a cursor that is not a uuid, a text the check
 * above refuses) is parsed whole. Searches and long texts are not kept.
 */
export function feedInputReader(): (text: string, envelope: Envelope) => ListListingsFields | null {
  const kept = new Map<string, ListListingsFields>();
  const keptOrParsed = (text: string, envelope: Envelope) => {
    const key = `${envelope}:${text}`;
    let input = kept.get(key);
    if (input) return input;
    input = parseFeedInput(text, envelope) ?? undefined;
    // Pages of the feed only: typed search terms are unbounded and rarely repeat (and no text longer than a feed page's asks).
    if (input && !input.search && text.length <= PARSED_INPUT_MAX_LENGTH) {
      if (kept.size >= PARSED_INPUTS_KEPT) kept.clear();
      // One object answers every request of this text: frozen, so no request can change the next one's.
      kept.set(key, Object.freeze(input));
    }
    return input ?? null;
  };
  return (text, envelope) => {
    const standIn = withCursorStandIn(text);
    if (standIn) {
      const shape = keptOrParsed(standIn.text, envelope);
      const cursor = cursorField.safeParse(standIn.cursor);
      if (shape && shape.cursor === CURSOR_STAND_IN && cursor.success && cursor.data === standIn.cursor) {
        const input = Object.assign({}, shape);
        input.cursor = standIn.cursor;
        return input;
      }
    }
    return keptOrParsed(text, envelope);
  };
}

/** A feed GET as the fast path answers it: the procedure's input and tRPC's envelope. */
export interface FeedRequest {
  input: ListListingsFields;
  envelope: Envelope;
}

/** Reads feed GETs (see feedRequestReader); `kept` is what a URL read before gave, without reading anything. */
export interface FeedRequestReader {
  read(url: string, query: () => Record<string, unknown>): FeedRequest | null;
  kept(url: string): FeedRequest | undefined;
}

/**
 * The feed's input and envelope of a GET, read from its query (Express's parse, `query`, called only
 * when needed) through feedInputReader, and kept by the request's whole URL: a cached page is asked by
 * the same URL again and again, and its query's parse (the long input unescaped) cost each hit more
 * than the cache's lookup. The same URL always gives the same answer (the query, the envelope and the
 * parse are functions of it), so a kept one is the one the parse would give. Searches and long URLs
 * are not kept; all are dropped when full.
 */
export function feedRequestReader(): FeedRequestReader {
  const readInput = feedInputReader();
  const kept = new Map<string, FeedRequest>();
  return {
    read(url, query) {
      const known = kept.get(url);
      if (known) return known;
      const { input: text, batch } = query();
      if (typeof text !== 'string') return null;
      const envelope: Envelope = batch === '1' ? 'batch' : 'single';
      const input = readInput(text, envelope);
      if (!input) return null;
      const read = { input, envelope };
      if (!input.search && url.length <= 2 * PARSED_INPUT_MAX_LENGTH) {
        if (kept.size >= PARSED_INPUTS_KEPT) kept.clear();
        // One object answers every request of this URL: frozen, so no request can change the next one's.
        Object.freeze(input);
        kept.set(url, Object.freeze(read));
      }
      return read;
    },
    kept: (url) => kept.get(url),
  };
}
