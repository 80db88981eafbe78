import { encodeText, type ContentEncoding } from '../../http/content-encoding.ts';
import { superjsonText } from '../../http/superjson-text.ts';
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
  /** The page's type filter (null: every type): a published listing of any type it shows may enter it. */
  type: ListingType | null;
  /** Listings the page read: its cursor's row and every row fetched (the items and the one past them). */
  reads: ReadonlySet<string>;
}

/**
 * What a NOTIFY on FEED_CHANNEL says changed (migration 2027_02_08_0801): everything; the
 * 'available' chip's orders; or some listings, which change the pages that read them, and
 * may enter any page of `types` (a published listing whose order or filtering changed).
 */
export type FeedChange = { kind: 'all' } | { kind: 'orders' } | { kind: 'listings'; types: ReadonlySet<string>; ids: ReadonlySet<string> };

/** The NOTIFY payload: 'orders', 'listings:<types>:<ids>' (comma-separated), anything else (or null: LISTEN dropped or came back) everything. */
export function parseFeedChange(payload: string | null): FeedChange {
  if (payload === 'orders') return { kind: 'orders' };
  const parts = payload?.split(':');
  if (!parts || parts.length !== 3 || parts[0] !== 'listings' || parts[2] === '') return { kind: 'all' };
  const list = (text: string) => new Set(text === '' ? [] : text.split(','));
  return { kind: 'listings', types: list(parts[1]!), ids: list(parts[2]!) };
}

/** Whether `change` may have changed what `entry` holds. */
export function changeReaches(change: FeedChange, entry: Pick<Entry, 'readsOrders' | 'type' | 'reads'>): boolean {
  if (change.kind === 'all') return true;
  if (change.kind === 'orders') return entry.readsOrders;
  if (change.types.size > 0 && (entry.type === null || change.types.has(entry.type))) return true;
  for (const id of change.ids) if (entry.reads.has(id)) return true;
  return false;
}

/** Changes remembered for reads in flight: a read that began before more changes than this is not stored. */
const RECENT_CHANGES = 256;

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
 * dropped when the database says what changed (triggers NOTIFY FEED_CHANNEL on commit,
 * migrations 2026_12_24_0001 and 2027_02_08_0801): only the pages a change may reach, so
 * an answer is never older than the last commit plus the NOTIFY's trip. Same rules as the
 * session cache (decision 012): bypassed while the LISTEN connection is down, emptied when
 * it drops and when it comes back, and a read that raced a change reaching its page is not
 * stored (a generation counter and the last changes). A page also
 * expires on the app clock when its first listing does. Searches are not cached: typed
 * terms are unbounded and rarely repeat.
 */
export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  /** The last changes, oldest first: `recent[i]` made generation `generation - recent.length + 1 + i`. */
  private readonly recent: FeedChange[] = [];

  constructor(
    private readonly source: FeedChangeSource,
    private readonly options: FeedCacheOptions = DEFAULTS,
  ) {
    source.onChannel(FEED_CHANNEL, (payload) => this.apply(parseFeedChange(payload)));
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

  /**
   * Stores a page read from the database, unless a change that reached this instance while it was
   * read may have changed it (or nothing is listening). `reads`: the cursor and the ids of the rows read.
   */
  set(
    key: string,
    page: FeedPage,
    options: { validUntil: number; readsOrders: boolean; type: ListingType | null; reads: Iterable<string>; versionBeforeRead: number },
  ): void {
    if (!this.source.listening) return;
    const entry: Entry = {
      page,
      body: null,
      encoded: new Map(),
      validUntil: options.validUntil,
      storedAt: performance.now(),
      readsOrders: options.readsOrders,
      type: options.type,
      reads: new Set(options.reads),
    };
    const missed = this.generation - options.versionBeforeRead;
    if (missed > this.recent.length) return;
    for (const change of this.recent.slice(this.recent.length - missed)) if (changeReaches(change, entry)) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Oldest stored goes first.
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The entry's answer as tRPC's transformer would send it (superjson, JSON text), serialised once per entry. */
  body(entry: Entry): string {
    return (entry.body ??= superjsonText(entry.page));
  }

  /** `answer` (this entry's page in one of tRPC's envelopes, named by `envelope`) compressed with `encoding`, once per entry. */
  encoded(entry: Entry, envelope: 'batch' | 'single', answer: string, encoding: ContentEncoding): Buffer {
    const variant = `${envelope}:${encoding}`;
    let bytes = entry.encoded.get(variant);
    if (!bytes) entry.encoded.set(variant, (bytes = encodeText(answer, encoding)));
    return bytes;
  }

  clear(): void {
    this.apply({ kind: 'all' });
  }

  /** Drops the pages `change` may have changed; remembered for the reads in flight. */
  apply(change: FeedChange): void {
    this.generation += 1;
    this.recent.push(change);
    if (this.recent.length > RECENT_CHANGES) this.recent.shift();
    if (change.kind === 'all') this.entries.clear();
    else for (const [key, entry] of this.entries) if (changeReaches(change, entry)) this.entries.delete(key);
  }
}

/** One cache per instance (per event bus: two app instances in one process keep their own). */
const caches = new WeakMap<EventBus, FeedCache>();

export function feedCacheOf(bus: EventBus): FeedCache {
  let cache = caches.get(bus);
  if (!cache) caches.set(bus, (cache = new FeedCache(bus)));
  return cache;
}
