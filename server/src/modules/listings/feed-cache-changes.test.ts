// Which cached feed pages a change reaches (the NOTIFY payloads of migration 2027_02_11_0201),
// the reads that raced a change (stored only when no change that reached the instance
// meanwhile could have touched what they read), and concurrent reads of one page.
import { describe, expect, it } from 'vitest';
import { changeReaches, entersSpan, FeedCache, type FeedChange, type FeedSpan, parseFeedChange, positionIn, type SortKey, spanOf } from './feed-cache.ts';

/** A change source under the test's hand: what the event bus does with the NOTIFYs. */
function fakeSource() {
  let handler: (payload: string | null) => void = () => {};
  return {
    listening: true,
    onChannel: (_channel: string, next: (payload: string | null) => void) => {
      handler = next;
      return () => {};
    },
    notify: (payload: string | null) => handler(payload),
  };
}

const page = { items: [], nextCursor: null };
/** A first page that read everything of its order (no cursor, the end of the list): any listing of its type entering reaches it. */
const whole: FeedSpan = { sort: 'newest', after: null, through: null };
const store = (cache: FeedCache, key: string, type: 'rental' | 'food' | null, reads: string[], versionBeforeRead = cache.version, span = whole) =>
  cache.set(key, page, { validUntil: Number.MAX_SAFE_INTEGER, readsOrders: key.includes('available'), type, reads, span, versionBeforeRead });

/** An entering listing in a payload, published at `at` (epoch ms) with a price and an owner's rating. */
const entering = (id: string, type: string, at = 1_000_000, price = 1000, rating = 0) => `${id};${type};${at};${price};${rating}`;
const key = (id: string, at: number | null, price = 0, rating: number | null = 0): SortKey => ({ id, at, price, rating });

describe('feed change payloads', () => {
  it('reads listings:<entering>:<ids>, orders, and takes anything else as everything', () => {
    expect(parseFeedChange('listings::a,b')).toEqual({ kind: 'listings', entering: [], ids: new Set(['a', 'b']) });
    expect(parseFeedChange(`listings:${entering('a', 'rental', 1764350000123.456, 1500, 4.5)},${entering('b', 'food')}:a,b`)).toEqual({
      kind: 'listings',
      entering: [
        { id: 'a', type: 'rental', at: 1764350000123.456, price: 1500, rating: 4.5 },
        { id: 'b', type: 'food', at: 1_000_000, price: 1000, rating: 0 },
      ],
      ids: new Set(['a', 'b']),
    });
    expect(parseFeedChange('orders')).toEqual({ kind: 'orders' });
    // The previous format (types alone), a listing without its keys, or a key that is not a number: everything.
    for (const payload of ['listings', null, '', 'listings:rental:', 'listings:rental:a', 'listings:a;rental;1;2:a', 'listings:a;rental;x;2;3:a', 'listings:a;rental;1;2.5;3:a', 'listings:a;rental;;2;3:a', 'listings:a:b:c', 'algo'])
      expect(parseFeedChange(payload)).toEqual({ kind: 'all' });
  });

  it('reach a page that read one of the listings, or a page of its type whose span an entering listing falls in', () => {
    // Newest first: the page read after a listing published at 500 through one published at 300.
    const span: FeedSpan = { sort: 'newest', after: key('cursor', 500), through: key('r3', 300) };
    const rentals = { readsOrders: false, type: 'rental' as const, reads: new Set(['r1', 'r2', 'r3', 'cursor']), span };
    const everyType = { readsOrders: false, type: null, reads: new Set(['f1']), span: whole };
    const available = { readsOrders: true, type: 'rental' as const, reads: new Set<string>(), span };
    const change = (payload: string) => parseFeedChange(payload) as FeedChange;
    expect(changeReaches(change('listings::r2'), rentals)).toBe(true);
    expect(changeReaches(change('listings::cursor'), rentals)).toBe(true);
    expect(changeReaches(change('listings::x,y'), rentals)).toBe(false);
    expect(changeReaches(change(`listings:${entering('f9', 'food', 400)}:f9`), rentals)).toBe(false);
    expect(changeReaches(change(`listings:${entering('f9', 'food', 400)}:f9`), everyType)).toBe(true);
    expect(changeReaches(change(`listings:${entering('r9', 'rental', 400)}:r9`), rentals)).toBe(true);
    // Published after the cursor's row (an approval now) or before the row past the page: elsewhere in the order.
    expect(changeReaches(change(`listings:${entering('r9', 'rental', 900)}:r9`), rentals)).toBe(false);
    expect(changeReaches(change(`listings:${entering('r9', 'rental', 100)}:r9`), rentals)).toBe(false);
    expect(changeReaches(change('orders'), available)).toBe(true);
    expect(changeReaches(change('orders'), rentals)).toBe(false);
    expect(changeReaches(change('listings'), rentals)).toBe(true);
  });
});

describe("where an entering listing falls in a page's span", () => {
  it('compares in each order as its query sorts, the id breaking ties', () => {
    expect(positionIn('newest', key('a', 900), key('b', 500))).toBe('before');
    expect(positionIn('newest', key('a', 100), key('b', 500))).toBe('after');
    expect(positionIn('price_asc', key('a', 0, 100), key('b', 0, 500))).toBe('before');
    expect(positionIn('price_desc', key('a', 0, 100), key('b', 0, 500))).toBe('after');
    expect(positionIn('price_asc', key('b', 0, 500), key('a', 0, 500))).toBe('after');
    expect(positionIn('price_desc', key('b', 0, 500), key('a', 0, 500))).toBe('before');
    expect(positionIn('rating', key('a', 100, 0, 4.5), key('b', 900, 0, 4))).toBe('before');
    expect(positionIn('rating', key('a', 100, 0, 4), key('b', 900, 0, 4))).toBe('after');
    expect(positionIn('rating', key('a', 100, 0, 4), key('a', 900, 0, 4))).toBe('same');
  });

  it('cannot tell times within a millisecond apart (pg reads them to the millisecond) nor a key the read did not fetch, and counts them in', () => {
    expect(positionIn('newest', key('a', 500.4), key('b', 500))).toBe('unknown');
    expect(positionIn('newest', key('a', 501), key('b', 500))).toBe('unknown');
    expect(positionIn('newest', key('a', 501.5), key('b', 500))).toBe('before');
    expect(positionIn('rating', key('a', 100, 0, 4), key('b', 900, 0, null))).toBe('unknown');
    expect(positionIn('rating', key('a', 500.2, 0, 4), key('b', 500, 0, 4))).toBe('unknown');
    // Price orders never look at times.
    expect(positionIn('price_asc', key('a', null, 100), key('b', null, 500))).toBe('before');
    const span: FeedSpan = { sort: 'newest', after: key('c', 500), through: key('t', 300) };
    expect(entersSpan(key('x', 500.5), span)).toBe(true);
    expect(entersSpan(key('x', 300.5), span)).toBe(true);
    expect(entersSpan(key('x', 400), span)).toBe(true);
    expect(entersSpan(key('x', 502), span)).toBe(false);
    expect(entersSpan(key('x', 298), span)).toBe(false);
    // The cursor's row itself, or the row past the page, moving within its own place.
    expect(entersSpan(key('c', 400), span)).toBe(false);
    expect(entersSpan(key('t', 400), span)).toBe(true);
  });

  it('a first page spans from the start, a last page to the end', () => {
    expect(entersSpan(key('x', 10_000), { sort: 'newest', after: null, through: key('t', 300) })).toBe(true);
    expect(entersSpan(key('x', 1), { sort: 'newest', after: key('c', 500), through: null })).toBe(true);
    expect(entersSpan(key('x', 900), { sort: 'newest', after: key('c', 500), through: null })).toBe(false);
  });

  it('reads the span from the rows a page fetched: the cursor row keys the query read, the row past the items', () => {
    const at = (ms: number) => new Date(ms);
    const rows = [
      { id: 'r1', published_at: at(450), price_cents: 100, owner_rating: 4 },
      { id: 'r2', published_at: at(400), price_cents: 200, owner_rating: 4 },
      { id: 'r3', published_at: at(300), price_cents: 300, owner_rating: 3 },
    ].map((row) => ({ ...row, cursor_key: '500.25;50;4.5' }));
    expect(spanOf('rating', 'c', rows, 2)).toEqual({ sort: 'rating', after: { id: 'c', at: 500.25, price: 50, rating: 4.5 }, through: { id: 'r3', at: 300, price: 300, rating: 3 } });
    // Fewer rows than the page and one: the page reached the end of the list.
    expect(spanOf('newest', 'c', rows, 3).through).toBeNull();
    expect(spanOf('newest', null, rows, 2).after).toBeNull();
    // The rows did not say where the cursor is (none came back, or its row was never published): from the start.
    expect(spanOf('newest', 'c', [], 2)).toEqual({ sort: 'newest', after: null, through: null });
    expect(spanOf('newest', 'c', rows.map((row) => ({ ...row, cursor_key: null })), 2).after).toBeNull();
  });
});

describe('the feed cache under a trickle of changes', () => {
  it('drops only the pages a change reaches', () => {
    const source = fakeSource();
    const cache = new FeedCache(source);
    store(cache, 'rental-1', 'rental', ['r1', 'r2']);
    store(cache, 'rental-2', 'rental', ['r3', 'r4', 'r2']);
    store(cache, 'food-1', 'food', ['f1']);
    store(cache, 'all-1', null, ['r1', 'f1']);
    store(cache, 'rental-available', 'rental', ['r1']);
    const kept = () => ['rental-1', 'rental-2', 'food-1', 'all-1', 'rental-available'].filter((key) => cache.get(key, 0));

    source.notify('listings::r4');
    expect(kept()).toEqual(['rental-1', 'food-1', 'all-1', 'rental-available']);
    source.notify(`listings:${entering('f7', 'food')}:f7`);
    expect(kept()).toEqual(['rental-1', 'rental-available']);
    source.notify('orders');
    expect(kept()).toEqual(['rental-1']);
    source.notify(null);
    expect(kept()).toEqual([]);
  });

  it('stores a read that raced changes only when none of them reached what it read', () => {
    const source = fakeSource();
    const cache = new FeedCache(source);
    const before = cache.version;
    source.notify('listings::elsewhere');
    source.notify(`listings:${entering('f1', 'food')}:f1`);
    store(cache, 'rental-1', 'rental', ['r1'], before);
    expect(cache.get('rental-1', 0)).toBeDefined();
    // One of the changes during the read touched a listing it read: its snapshot may be the old one.
    store(cache, 'rental-2', 'rental', ['r2', 'elsewhere'], before);
    expect(cache.get('rental-2', 0)).toBeUndefined();
    // A page of every type may have missed the food listing that was published during the read.
    store(cache, 'all-1', null, ['r1'], before);
    expect(cache.get('all-1', 0)).toBeUndefined();
    // A read that began before more changes than the instance remembers is not stored.
    const old = cache.version;
    for (let i = 0; i < 300; i++) source.notify(`listings::x${i}`);
    store(cache, 'rental-3', 'rental', ['r3'], old);
    expect(cache.get('rental-3', 0)).toBeUndefined();
    store(cache, 'rental-3', 'rental', ['r3']);
    expect(cache.get('rental-3', 0)).toBeDefined();
  });

  it('stores nothing while nobody listens', () => {
    const source = fakeSource();
    const cache = new FeedCache(source);
    source.listening = false;
    store(cache, 'rental-1', 'rental', ['r1']);
    source.listening = true;
    expect(cache.get('rental-1', 0)).toBeUndefined();
  });
});

describe('concurrent reads of a page not held', () => {
  /** A read of the database under the test's hand: counts the reads and ends when told. */
  function database() {
    const pending: (() => void)[] = [];
    let reads = 0;
    return {
      read: (versionBeforeRead: number, cache: FeedCache, key: string) => {
        reads += 1;
        const read = { items: [], nextCursor: `read ${reads}` };
        return new Promise<typeof read>((resolve) =>
          pending.push(() => {
            cache.set(key, read, { validUntil: Number.MAX_SAFE_INTEGER, readsOrders: false, type: 'rental', reads: ['r1'], span: whole, versionBeforeRead });
            resolve(read);
          }),
        );
      },
      get reads() {
        return reads;
      },
      finish: () => pending.splice(0).forEach((done) => done()),
    };
  }

  it('make one query, every request answered with its page', async () => {
    const cache = new FeedCache(fakeSource());
    const db = database();
    const answers = Promise.all(Array.from({ length: 5 }, () => cache.read('rental-1', (version) => db.read(version, cache, 'rental-1'))));
    expect(db.reads).toBe(1);
    db.finish();
    expect((await answers).map((answer) => answer.nextCursor)).toEqual(Array(5).fill('read 1'));
    expect(cache.get('rental-1', 0)?.page.nextCursor).toBe('read 1');
  });

  it('a request after a change reached the instance never waits for a read that began before it', async () => {
    const source = fakeSource();
    const cache = new FeedCache(source);
    const db = database();
    const before = cache.read('rental-1', (version) => db.read(version, cache, 'rental-1'));
    // Not even a change elsewhere: what the read in flight saw is unknown until it ends.
    source.notify('listings::elsewhere');
    const after = cache.read('rental-1', (version) => db.read(version, cache, 'rental-1'));
    const joined = cache.read('rental-1', (version) => db.read(version, cache, 'rental-1'));
    expect(db.reads).toBe(2);
    db.finish();
    expect((await before).nextCursor).toBe('read 1');
    expect((await after).nextCursor).toBe('read 2');
    expect((await joined).nextCursor).toBe('read 2');
  });

  it('a read that failed is not joined later: the next request reads again', async () => {
    const cache = new FeedCache(fakeSource());
    await expect(cache.read('rental-1', () => Promise.reject(new Error('banco fora')))).rejects.toThrow('banco fora');
    const db = database();
    const again = cache.read('rental-1', (version) => db.read(version, cache, 'rental-1'));
    db.finish();
    expect((await again).nextCursor).toBe('read 1');
  });
});
