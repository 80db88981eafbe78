// Which cached feed pages a change reaches (the NOTIFY payloads of migration 2027_02_08_0801),
// and the reads that raced a change: stored only when no change that reached the instance
// meanwhile could have touched what they read.
import { describe, expect, it } from 'vitest';
import { changeReaches, FeedCache, type FeedChange, parseFeedChange } from './feed-cache.ts';

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
const store = (cache: FeedCache, key: string, type: 'rental' | 'food' | null, reads: string[], versionBeforeRead = cache.version) =>
  cache.set(key, page, { validUntil: Number.MAX_SAFE_INTEGER, readsOrders: key.includes('available'), type, reads, versionBeforeRead });

describe('feed change payloads', () => {
  it('reads listings:<types>:<ids>, orders, and takes anything else as everything', () => {
    expect(parseFeedChange('listings::a,b')).toEqual({ kind: 'listings', types: new Set(), ids: new Set(['a', 'b']) });
    expect(parseFeedChange('listings:rental,food:a')).toEqual({ kind: 'listings', types: new Set(['rental', 'food']), ids: new Set(['a']) });
    expect(parseFeedChange('orders')).toEqual({ kind: 'orders' });
    for (const payload of ['listings', null, '', 'listings:rental:', 'listings:a:b:c', 'algo']) expect(parseFeedChange(payload)).toEqual({ kind: 'all' });
  });

  it('reach a page that read one of the listings, or any page of a type a published listing may enter', () => {
    const rentals = { readsOrders: false, type: 'rental' as const, reads: new Set(['r1', 'r2', 'cursor']) };
    const everyType = { readsOrders: false, type: null, reads: new Set(['f1']) };
    const available = { readsOrders: true, type: 'rental' as const, reads: new Set<string>() };
    const change = (payload: string) => parseFeedChange(payload) as FeedChange;
    expect(changeReaches(change('listings::r2'), rentals)).toBe(true);
    expect(changeReaches(change('listings::cursor'), rentals)).toBe(true);
    expect(changeReaches(change('listings::x,y'), rentals)).toBe(false);
    expect(changeReaches(change('listings:food:f9'), rentals)).toBe(false);
    expect(changeReaches(change('listings:food:f9'), everyType)).toBe(true);
    expect(changeReaches(change('listings:rental:r9'), rentals)).toBe(true);
    expect(changeReaches(change('orders'), available)).toBe(true);
    expect(changeReaches(change('orders'), rentals)).toBe(false);
    expect(changeReaches(change('listings'), rentals)).toBe(true);
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
    source.notify('listings:food:f7');
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
    source.notify('listings:food:f1');
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
