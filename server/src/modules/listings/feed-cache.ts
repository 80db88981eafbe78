import superjson from 'superjson';
import { encodeText, type ContentEncoding } from '../../http/content-encoding.ts';
import type { ListingFilter, ListingSort, ListingType, PublicListing } from '@vizinhanca/shared/listings/listing.schema';
import type { EventBus } from '../../realtime/event-bus.ts';
import { FEED_CHANNEL } from '../../realtime/notify-channels.ts';

/** One page of the public feed as listings.list answers it. */
export interface FeedPage {
  items: PublicListing[];
  nextCursor: string | null;
}

/** Where the cache learns that the feed changed: the event bus (database triggers NOTIFY FEED_CHANNEL). */
export interface FeedChangeSource {
  /** Changes reach this instance now; while false the cache is bypassed. */
  readonly listening: boolean;
  onChannel(channel: typeof FEED_CHANNEL, handler: (payload: string | null) => void): () => void;
}

export interface FeedCacheOptions {
  maxEntries: number;
  /** A safety net only (machine time): invalidation is what keeps entries right. */
  ttlMs: number;
}

const DEFAULTS: FeedCacheOptions = { maxEntries: 1000, ttlMs: 60_000 };

interface Entry {
  page: FeedPage;
  /** The page as tRPC sends it (superjson, then JSON), made on first use. */
  body: string | null;
  /** Whole answers (batched or not) compressed for a browser, made on first use: compressing costs more CPU than sending a cached page. */
  encoded: Map<string, Buffer>;
  /** App-clock time (ms) when the first of its listings expires: the page changes then without any write. */
  validUntil: number;
  storedAt: number;
  /** Read orders (the 'available' chip): dropped when an order starts or stops holding a rental. */
  readsOrders: boolean;
}

/** What a page of the feed depends on besides the data: never who asks (the feed has no per-person field). */
export interface FeedKeyInput {
  type: ListingType | null;
  ownerId?: string | null;
  filter: ListingFilter;
  sort?: ListingSort;
  cursor: string | null;
  limit: number;
}

/** The cache key; `today` ('YYYY-MM-DD' in the condominium) counts only for the 'available' chip. */
export function feedKey(input: FeedKeyInput, today: string): string {
  return [input.type ?? '', input.ownerId ?? '', input.filter, input.sort ?? 'newest', input.cursor ?? '', input.limit, input.filter === 'available' ? today : ''].join('|');
}

/**
 * Pages of the public feed (listings.list without a search) answered by this instance,
 * dropped when the database says the feed changed (triggers NOTIFY FEED_CHANNEL on
 * commit, migration 2026_12_24_0001), so an answer is never older than the last commit
 * plus the NOTIFY's trip. Same rules as the session cache (decision 012): bypassed while
 * the LISTEN connection is down, emptied when it drops and when it comes back, and a
 * read that raced an invalidation is not stored (a generation counter). A page also
 * expires on the app clock when its first listing does. Searches are not cached: typed
 * terms are unbounded and rarely repeat.
 */
export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly source: FeedChangeSource,
    private readonly options: FeedCacheOptions = DEFAULTS,
  ) {
    source.onChannel(FEED_CHANNEL, (payload) => (payload === 'orders' ? this.dropOrderReaders() : this.clear()));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The generation to hand back to `set` after reading the database. */
  get version(): number {
    return this.generation;
  }

  get(key: string, nowMs: number): Entry | undefined {
    if (!this.source.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.validUntil <= nowMs || performance.now() - entry.storedAt > this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Stores a page read from the database, unless the feed changed while it was read (or nothing is listening). */
  set(key: string, page: FeedPage, options: { validUntil: number; readsOrders: boolean; versionBeforeRead: number }): void {
    if (!this.source.listening || options.versionBeforeRead !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { page, body: null, encoded: new Map(), validUntil: options.validUntil, storedAt: performance.now(), readsOrders: options.readsOrders });
    // Oldest stored goes first.
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The entry's answer as tRPC's transformer would send it (superjson, JSON text), serialised once per entry. */
  body(entry: Entry): string {
    return (entry.body ??= JSON.stringify(superjson.serialize(entry.page)));
  }

  /** `answer` (this entry's page in one of tRPC's envelopes, named by `envelope`) compressed with `encoding`, once per entry. */
  encoded(entry: Entry, envelope: 'batch' | 'single', answer: string, encoding: ContentEncoding): Buffer {
    const variant = `${envelope}:${encoding}`;
    let bytes = entry.encoded.get(variant);
    if (!bytes) entry.encoded.set(variant, (bytes = encodeText(answer, encoding)));
    return bytes;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private dropOrderReaders(): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.readsOrders) this.entries.delete(key);
  }
}

/** One cache per instance (per event bus: two app instances in one process keep their own). */
const caches = new WeakMap<EventBus, FeedCache>();

export function feedCacheOf(bus: EventBus): FeedCache {
  let cache = caches.get(bus);
  if (!cache) caches.set(bus, (cache = new FeedCache(bus)));
  return cache;
}
