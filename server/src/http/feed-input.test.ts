// The feed fast path reads a page's input from a kept parse of its shape with the cursor put in
// (feed-input.ts): for every text, what it gives must be what the whole parse gives (the same
// input, or null where tRPC answers), however the text is written.
import { randomUUID } from 'node:crypto';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { LISTING_FILTERS, LISTING_SORTS, LISTING_TYPES } from '@vizinhanca/shared/listings/listing.schema';
import { CURSOR_STAND_IN, feedInputReader, feedRequestReader, parseFeedInput, withCursorStandIn } from './feed-input.ts';

/** The query's input as tRPC's client writes it for a GET: superjson, in the batch envelope or alone. */
function inputText(input: unknown, envelope: 'batch' | 'single'): string {
  const serialised = superjson.serialize(input);
  return JSON.stringify(envelope === 'batch' ? { 0: serialised } : serialised);
}

/** Inputs the screens send: every type (and none), filter, sort and limit, with and without a search, an owner and a cursor. */
function screenInputs(): Record<string, unknown>[] {
  const inputs: Record<string, unknown>[] = [];
  for (const type of [...LISTING_TYPES, null])
    for (const filter of LISTING_FILTERS)
      for (const sort of LISTING_SORTS)
        for (const extra of [{}, { search: 'bolo de cenoura' }, { ownerId: randomUUID() }, { limit: 2 }])
          inputs.push({ type, search: undefined, filter, sort, limit: 20, direction: 'forward', ...extra, cursor: randomUUID() });
  return inputs;
}

describe('a feed input read from a kept parse of its shape', () => {
  it('is the whole parse for every shape the screens send, the first time and with other cursors', () => {
    const read = feedInputReader();
    let shortcuts = 0;
    for (const envelope of ['batch', 'single'] as const) {
      for (const input of screenInputs()) {
        for (const cursor of [input.cursor, randomUUID(), randomUUID().toUpperCase()]) {
          const text = inputText({ ...input, cursor }, envelope);
          if (withCursorStandIn(text)) shortcuts += 1;
          expect(read(text, envelope)).toStrictEqual(parseFeedInput(text, envelope));
        }
      }
    }
    // The cases above do take the kept parse (every text has one plain cursor).
    expect(shortcuts).toBeGreaterThan(1000);
  });

  it('a kept parse is not changed by the inputs made from it', () => {
    const read = feedInputReader();
    const first = read(inputText({ type: 'rental', filter: 'all', sort: 'newest', limit: 20, cursor: randomUUID() }, 'batch'), 'batch');
    const cursor = randomUUID();
    const second = read(inputText({ type: 'rental', filter: 'all', sort: 'newest', limit: 20, cursor }, 'batch'), 'batch');
    expect(second?.cursor).toBe(cursor);
    expect(first?.cursor).not.toBe(cursor);
    expect(read(withCursorStandIn(inputText({ type: 'rental', filter: 'all', sort: 'newest', limit: 20, cursor }, 'batch'))!.text, 'batch')?.cursor).toBe(CURSOR_STAND_IN);
  });

  const uuid = randomUUID();
  const other = randomUUID();
  // Texts written by hand (never by the screens): each one must read as the whole parse reads it.
  it.each([
    ['a cursor that is not a uuid', `{"0":{"json":{"type":"rental","cursor":"abc","limit":20}}}`],
    ['an empty cursor', `{"0":{"json":{"type":"rental","cursor":"","limit":20}}}`],
    ['a cursor with a control character', `{"0":{"json":{"type":"rental","cursor":"${uuid}\u0001","limit":20}}}`],
    ['the cursor key twice', `{"0":{"json":{"type":"rental","cursor":"${uuid}","cursor":"${other}","limit":20}}}`],
    ['the cursor key escaped after a plain one', `{"0":{"json":{"type":"rental","cursor":"${uuid}","curso\\u0072":"${other}","limit":20}}}`],
    ['the cursor key escaped before a plain one', `{"0":{"json":{"type":"rental","curso\\u0072":"${other}","cursor":"${uuid}","limit":20}}}`],
    ['the stand-in as the owner, copied to the cursor by superjson', `{"0":{"json":{"type":"rental","ownerId":"${CURSOR_STAND_IN}","cursor":"${uuid}","limit":20},"meta":{"referentialEqualities":{"ownerId":["cursor"]}}}}`],
    ['the cursor copied from the owner by superjson', `{"0":{"json":{"type":"rental","ownerId":"${other}","cursor":"${uuid}","limit":20},"meta":{"referentialEqualities":{"ownerId":["cursor"]}}}}`],
    ['superjson told the cursor is undefined', `{"0":{"json":{"type":"rental","cursor":"${uuid}","limit":20},"meta":{"values":{"cursor":["undefined"]}}}}`],
    ['superjson told the cursor is a date', `{"0":{"json":{"type":"rental","cursor":"${uuid}","limit":20},"meta":{"values":{"cursor":["Date"]}}}}`],
    ['a cursor in an object the schema drops', `{"0":{"json":{"type":"rental","x":{"cursor":"${uuid}"},"limit":20}}}`],
    ['a cursor in the meta', `{"0":{"json":{"type":"rental","limit":20},"meta":{"cursor":"${uuid}"}}}`],
    ['a search with quotes and a cursor', `{"0":{"json":{"type":"rental","search":"\\"cursor\\":\\"${other}\\"","cursor":"${uuid}","limit":20}}}`],
    ['a filter that does not fit the type', `{"0":{"json":{"type":"service","filter":"ready","cursor":"${uuid}","limit":20}}}`],
    ['two calls in the batch', `{"0":{"json":{"type":"rental","cursor":"${uuid}"}},"1":{"json":{"type":"rental","cursor":"${other}"}}}`],
    ['not JSON', `{"0":{"json":{"type":"rental","cursor":"${uuid}"`],
  ])('%s: the whole parse', (_name, text) => {
    const read = feedInputReader();
    // Once with the shape's parse not kept yet, once after a plain page of the same shape kept it.
    expect(read(text, 'batch')).toStrictEqual(parseFeedInput(text, 'batch'));
    read(`{"0":{"json":{"type":"rental","cursor":"${randomUUID()}","limit":20}}}`, 'batch');
    expect(read(text, 'batch')).toStrictEqual(parseFeedInput(text, 'batch'));
  });

  it('a valid cursor in a page the screens send reads as the page after it, a bad one as tRPC’s refusal', () => {
    const read = feedInputReader();
    const cursor = randomUUID();
    expect(read(inputText({ type: 'food', filter: 'ready', sort: 'price_asc', limit: 20, cursor }, 'batch'), 'batch')).toStrictEqual({
      type: 'food',
      search: null,
      ownerId: null,
      filter: 'ready',
      sort: 'price_asc',
      cursor,
      limit: 20,
    });
    expect(read(inputText({ type: 'food', filter: 'ready', sort: 'price_asc', limit: 20, cursor: 'not-a-uuid' }, 'batch'), 'batch')).toBeNull();
  });
});

describe('a feed request kept by its URL', () => {
  /** A URL as the browser sends it, its query as Express parses it, and how many times that parse was asked for. */
  function request(input: Record<string, unknown>, batch: boolean) {
    const text = inputText(input, batch ? 'batch' : 'single');
    const url = `/trpc/listings.list?${batch ? 'batch=1&' : ''}input=${encodeURIComponent(text)}`;
    const asked = { times: 0 };
    const query = () => {
      asked.times += 1;
      return { ...(batch ? { batch: '1' } : {}), input: text };
    };
    return { url, text, query, asked };
  }
  const page = { type: 'rental', filter: 'all', sort: 'newest', limit: 20, direction: 'forward' };

  it("reads a URL's query once, and gives the same input and envelope each time after", () => {
    const reader = feedRequestReader();
    const read = reader.read.bind(reader);
    for (const batch of [true, false]) {
      const sent = request({ ...page, cursor: randomUUID() }, batch);
      const first = read(sent.url, sent.query);
      expect(first).toStrictEqual({ input: parseFeedInput(sent.text, batch ? 'batch' : 'single'), envelope: batch ? 'batch' : 'single' });
      expect(read(sent.url, sent.query)).toStrictEqual(first);
      expect(read(sent.url, sent.query)).toStrictEqual(first);
      expect(sent.asked.times).toBe(1);
      expect(reader.kept(sent.url)).toBe(first);
    }
  });

  it('gives every request of a URL one frozen read: none can change the next one\'s input', () => {
    const reader = feedRequestReader();
    for (const cursor of [undefined, randomUUID()]) {
      const sent = request(cursor ? { ...page, cursor } : page, true);
      const read = reader.read(sent.url, sent.query)!;
      expect(Object.isFrozen(read)).toBe(true);
      expect(Object.isFrozen(read.input)).toBe(true);
      expect(() => {
        (read.input as { sort: string }).sort = 'price_asc';
      }).toThrow(TypeError);
      expect(reader.read(sent.url, sent.query)?.input.sort).toBe('newest');
    }
  });

  it('keeps each URL apart: another cursor, type or envelope is read from its own query', () => {
    const reader = feedRequestReader();
    const read = reader.read.bind(reader);
    const sent = [request({ ...page, cursor: randomUUID() }, true), request({ ...page, cursor: randomUUID() }, true), request({ ...page, type: 'food' }, true), request({ ...page, type: 'food' }, false)];
    for (const one of sent) expect(read(one.url, one.query)).toStrictEqual({ input: parseFeedInput(one.text, one.url.includes('batch=1') ? 'batch' : 'single'), envelope: one.url.includes('batch=1') ? 'batch' : 'single' });
    expect(new Set(sent.map((one) => JSON.stringify(read(one.url, one.query)))).size).toBe(4);
    expect(sent.map((one) => one.asked.times)).toEqual([1, 1, 1, 1]);
  });

  it('does not keep searches nor what is not the feed input: those are read every time', () => {
    const reader = feedRequestReader();
    const read = reader.read.bind(reader);
    const search = request({ ...page, search: 'furadeira' }, true);
    const refused = request({ ...page, sort: 'nenhuma' }, true);
    for (let i = 0; i < 3; i++) {
      expect(read(search.url, search.query)?.input.search).toBe('furadeira');
      expect(read(refused.url, refused.query)).toBeNull();
    }
    expect(search.asked.times).toBe(3);
    expect(reader.kept(search.url)).toBeUndefined();
    expect(reader.kept(refused.url)).toBeUndefined();
    expect(refused.asked.times).toBe(3);
    const twice = read('/trpc/listings.list?input=a&input=b', () => ({ input: ['a', 'b'] }));
    expect(twice).toBeNull();
  });
});
